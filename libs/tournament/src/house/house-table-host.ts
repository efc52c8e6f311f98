import { Injectable, Logger } from '@nestjs/common';
import type { GameState } from '@dcs/engine';
import type { Effect } from '../effects/effects-queue';

import { GameAudience, HostedGame, JoinExtras, RunOut, TableHost, TableHosts, Viewer } from '../games/table-host';
import { HouseRepository } from './house.repository';
import { HouseService } from './house.service';
import { HouseTurns } from './house-turns';
import type { Tx } from '@dcs/common';
import { stateOf } from '../games/stored-state';

/**
 * What a house table does with its games (TableHost, SPEC 8): its seats may change between games (a
 * rematch), each seat has its own clock fixed at the deal (or none), a computer seat on turn is queued
 * to play after a move, a game that ends is settled, and a run-out has the house's penalties
 * (HousePenalties.runOut; a computer's seeded draw may keep it from running out at all).
 */
@Injectable()
export class HouseTableHost implements TableHost {
  readonly kind = 'house' as const;
  readonly fixedSeats = false;
  /**
   * Every finished house game is analysed by anti-cheat (stake, friendly and workout tables, partner
   * rulesets included: docs/anticheat.md says which signals apply) and reviewed for its players.
   */
  readonly analysis = { anticheat: true, review: true };
  private readonly logger = new Logger(HouseTableHost.name);

  constructor(
    hosts: TableHosts,
    private readonly repo: HouseRepository,
    private readonly house: HouseService,
    private readonly turns: HouseTurns,
  ) {
    hosts.register(this);
  }

  seats(tableId: string) {
    return this.repo.peopleSeats(tableId);
  }

  /** The clock of the seat on turn (SPEC 8.3, fixed at the deal; null when off). */
  async clockMs(tableId: string, state: GameState): Promise<number | null> {
    const seat = state.hands[state.hands.length - 1]?.turn ?? null;
    return seat === null ? null : this.house.seatClockMs(tableId, seat);
  }

  moved(tableId: string, gameId: string, state: GameState, chain: boolean) {
    return this.house.afterMove(tableId, gameId, state, chain);
  }

  async ended(_tableId: string, gameId: string): Promise<void> {
    await this.house.settle(gameId).catch((err: Error) => this.logger.error(`settling house game ${gameId}: ${err.message}`));
  }

  /** The first turn's clock and, for a computer seat on turn, its play (HouseTurns.turnEffects). */
  async dealt(tx: Tx, game: HostedGame, effects: Effect[]): Promise<void> {
    const t = await this.repo.botSeed(game.houseTableId!);
    const seats = await this.repo.seats(game.houseTableId!, tx);
    if (t) effects.push(...this.turns.turnEffects(t, seats, game.id, stateOf(game), 0, game.updatedAt));
  }

  mayRunOut(tx: Tx, game: HostedGame, seat: number, attempt: number, effects: Effect[]): Promise<boolean> {
    return this.house.clockMayRunOut(tx, game, seat, attempt, effects);
  }

  ranOut(tx: Tx, game: HostedGame, run: RunOut, effects: Effect[]): Promise<'ticket' | 'forfeit'> {
    return this.house.runOut(tx, game, run.seat, run.attempt, run.ms, run.now, effects);
  }

  /** A run-out that ended the game (the 5th dumbbell in a turn) settles it now; the queued job is the backup. */
  async runOutCommitted(gameId: string, outcome: 'ticket' | 'forfeit', effects: readonly Effect[]): Promise<void> {
    if (outcome === 'forfeit' && effects.some((e) => e.kind === 'house-settle')) {
      await this.house.settle(gameId).catch((err: Error) => this.logger.warn(`settling house game ${gameId}: ${err.message}`));
    }
  }

  /**
   * A house game is its players' and staff's only (SPEC 8.4: its run-outs are staff's to see; an unlisted
   * table's id is its secret): to anyone else its review is no game at all and its table is not named.
   * Its players see their own review as soon as it ended, staff every seat's (audited).
   */
  async audience(_tableId: string, viewer: Viewer): Promise<GameAudience> {
    const insider = viewer.seat !== null || viewer.staff;
    return { sees: insider, namesTable: insider, review: viewer.staff ? 'all' : 'own', auditsReview: viewer.staff };
  }

  /** A house table's cases are not marked for video review (stake tables are watched by chip dumping's ledger scan). */
  async highStakes(): Promise<boolean> {
    return false;
  }

  async rejoined(): Promise<JoinExtras> {
    return {};
  }

  /** Unsettled finished games, file expiries, clocks and computer turns in play. */
  recover(): Promise<number> {
    return this.house.sweep();
  }
}
