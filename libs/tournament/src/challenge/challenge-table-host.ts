import { Injectable, Logger } from '@nestjs/common';
import type { GameState } from '@dcs/engine';
import { TOURNAMENT_RUNOUTS_FOR_FELONY, TOURNAMENT_TICKET_FINE, FELONY_FINE, felonyClearedAt } from '@dcs/house';
import { EffectsQueue, Effect } from '../effects/effects-queue';

import { GameStore } from '../games/game.store';
import { forfeitSeat } from '../games/seat-forfeit';
import { GameAudience, HostedGame, JoinExtras, RunOut, TableHost, TableHosts, Viewer } from '../games/table-host';
import { gameViewEmits, liveEmit, liveRooms } from '../live/live-emitter';
import { TIMEOUTS_TO_FORFEIT } from '../games/turn-clock.service';
import { TurnClockRepository } from '../games/turn-clock.repository';
import { PlayerFileRepository } from '../ledger/player-file.repository';
import { WalletRepository } from '../ledger/wallet.repository';
import { ChallengeClock } from './challenge-clock';
import { ChallengeFlowService } from './challenge-flow.service';
import { ChallengeRepository } from './challenge.repository';
import { AppError, type Tx } from '@dcs/common';
import { stateOf } from '../games/stored-state';

/**
 * What a challenge table does with its games (TableHost): its seats never change, its clock is its
 * challenge's `turnMs`, a game that ends decides the table (ChallengeFlowService.decideTable), and a
 * run-out is a ticket on the seat (a 1,000 DD fine on the player's file, SPEC 8.4) whose 5th in the
 * game forfeits the seat as a major stalling violation and books a Class F felony.
 */
@Injectable()
export class ChallengeTableHost implements TableHost {
  readonly kind = 'challenge' as const;
  readonly fixedSeats = true;
  /** Every finished challenge game is analysed by anti-cheat (the tournament ruleset) and reviewed for its players. */
  readonly analysis = { anticheat: true, review: true };
  private readonly logger = new Logger(ChallengeTableHost.name);

  constructor(
    hosts: TableHosts,
    private readonly repo: ChallengeRepository,
    private readonly flow: ChallengeFlowService,
    private readonly clock: ChallengeClock,
    private readonly queue: EffectsQueue,
    private readonly games: GameStore,
    private readonly clockRows: TurnClockRepository,
    private readonly file: PlayerFileRepository,
    private readonly wallets: WalletRepository,
  ) {
    hosts.register(this);
  }

  seats(tableId: string) {
    return this.repo.seatsOfTable(tableId);
  }

  clockMs(tableId: string, _state: GameState, db?: Tx): Promise<number> {
    return this.clock.turnMs(tableId, db);
  }

  async moved(): Promise<null> {
    return null;
  }

  /**
   * Decides the table now. A decide that fails here (a busy moment: 128 tables of a round ending together wait on one round's lock and the
   * connection pool) goes to the worker's decide job at once (job id = table: queued once, retried), not to the sweep.
   */
  async ended(tableId: string): Promise<void> {
    await this.flow.decideTable(tableId).catch(async (err: Error) => {
      this.logger.warn(`deciding table ${tableId}: ${err.message}; the worker's decide job takes it`);
      // The move is committed: a failed queueing must not fail its answer (the recovery sweep still finds the table).
      await this.queue.run([{ kind: 'table-decide', tableId }]).catch((e: Error) => this.logger.error(`queueing the decide of table ${tableId}: ${e.message}`));
    });
  }

  /** The first turn's clock (the challenge's turnMs) starts at the deal. */
  async dealt(tx: Tx, game: HostedGame, effects: Effect[]): Promise<void> {
    const ms = await this.clock.turnMs(game.tableId!, tx);
    effects.push({ kind: 'turn-clock', gameId: game.id, version: game.version, attempt: 0, at: new Date(game.updatedAt.getTime() + ms) });
  }

  async mayRunOut(): Promise<boolean> {
    return true;
  }

  async ranOut(tx: Tx, game: HostedGame, run: RunOut, effects: Effect[]): Promise<'ticket' | 'forfeit'> {
    const { seat, version, attempt, ms, now } = run;
    const gameId = game.id;
    const total = await this.clockRows.runOutsOfSeat(tx, gameId, seat);
    const seats = game.tableId ? await this.repo.seatRows(tx, game.tableId) : [];
    // SPEC 8.4: every tournament run-out is fined on the player's file; the 5th books a felony.
    const runner = seats.find((x) => x.seat === seat);
    if (runner) await this.fileRunOut(tx, gameId, runner.userId, seat, version, attempt, total, now, effects);
    if (total < TIMEOUTS_TO_FORFEIT) {
      effects.push({ kind: 'turn-clock', gameId, version, attempt: attempt + 1, at: new Date(now.getTime() + ms) });
      // Live: the seat's ticket and the restarted clock, to the game room and every seat (public facts).
      const turnDeadline = new Date(run.recordedAt.getTime() + ms).toISOString();
      effects.push(
        liveEmit([liveRooms.game(gameId), ...seats.map((s) => liveRooms.user(s.userId))], 'game:clock', {
          gameId,
          seq: version,
          seat,
          attempt,
          tickets: total,
          ticketsToForfeit: TIMEOUTS_TO_FORFEIT,
          turnDeadline,
        }),
      );
      return 'ticket';
    }
    const after = await forfeitSeat(this.games, tx, game, seat);
    // The conduct ledger (SPEC 6) records the stalling violation in the same transaction.
    await this.repo.recordStalling(tx, game, seat, total);
    const deadline = after.status === 'finished' ? null : new Date(now.getTime() + ms);
    if (after.status !== 'finished') effects.push({ kind: 'turn-clock', gameId, version: after.version, attempt: 0, at: deadline! });
    // Live: fresh per-viewer views of the forfeited game (rendered here, in the worker), pushed before
    // the table's decide is queued: a client hears the view that ended the game before its table:result
    // (docs/realtime.md, "Order"; effects run in order).
    effects.push(...gameViewEmits(after, stateOf(after), seats, deadline));
    if (after.status === 'finished' && game.tableId) effects.push({ kind: 'table-decide', tableId: game.tableId });
    return 'forfeit';
  }

  async runOutCommitted(): Promise<void> {
    // The table's decide is a queued job (effects).
  }

  /**
   * A challenge game is public, its table named to all. Its post-game review (issue 24): every seat's to
   * anyone once the challenge is complete (a public record) and to staff once the game ended (audited
   * until then); a player's own once their table is decided (its draw too), so nothing helps anyone still playing.
   */
  async audience(tableId: string, viewer: Viewer): Promise<GameAudience> {
    const at = await this.repo.audienceOf(tableId);
    const complete = at?.challengeStatus === 'completed';
    let review: GameAudience['review'];
    if (complete || viewer.staff) review = 'all';
    else if (viewer.seat !== null && at?.tableStatus === 'finished') review = 'own';
    else if (viewer.seat !== null) review = new AppError('TABLE_NOT_FINISHED', 'Your analysis opens once your table is decided (its 6-4/5-5 draw too)');
    else review = new AppError('FORBIDDEN', "A challenge's analyses are public once the challenge is complete; its players see their own once their table is decided");
    return { sees: true, namesTable: true, review, auditsReview: viewer.staff && !complete };
  }

  /** A game over with its table's 6-4/5-5 draw still open: the draw as it stands (positions only), so a rejoining client can pick. */
  async rejoined(tableId: string, finished: boolean): Promise<JoinExtras> {
    const tb = finished ? await this.repo.openTiebreakId(tableId) : null;
    return tb ? { tiebreak: await this.flow.tiebreakView(tb) } : {};
  }

  highStakes(tableId: string): Promise<boolean> {
    return this.repo.highStakes(tableId);
  }

  /** The challenges' timers the database says are due: starts, hard stops, next rounds, draws, undecided tables, clocks. */
  recover(): Promise<number> {
    return this.flow.recover();
  }

  /**
   * A tournament run-out on the player's file (SPEC 8.4): fined 1,000 DD, no court ticket; the 5th in
   * one game also books a Class F felony (20,000 DD, on file 30 days).
   */
  private async fileRunOut(tx: Tx, gameId: string, userId: string, seat: number, version: number, attempt: number, runOutsInGame: number, now: Date, effects: Effect[]): Promise<void> {
    const entry = await this.file.fileAdd(tx, { userId, kind: 'ticket', tournament: true, gameId, seat, version, attempt, fine: TOURNAMENT_TICKET_FINE, currency: 'DD', dedupeKey: `run-out:${gameId}:${version}:${attempt}` });
    if (entry) await this.wallets.fine(tx, userId, 'DD', TOURNAMENT_TICKET_FINE, `fine:${entry.id}`, { gameId, reason: 'tournament clock run-out' });
    if (runOutsInGame >= TOURNAMENT_RUNOUTS_FOR_FELONY) {
      const felony = await this.file.fileAdd(tx, { userId, kind: 'felony', tournament: true, gameId, seat, version, fine: FELONY_FINE, currency: 'DD', expiresAt: felonyClearedAt(now), dedupeKey: `felony:${gameId}:${userId}` });
      if (felony) {
        await this.wallets.fine(tx, userId, 'DD', FELONY_FINE, `fine:${felony.id}`, { gameId, reason: 'Class F felony: 5 clock run-outs in one tournament game' });
        effects.push({ kind: 'file-expire', entryId: felony.id, at: felony.expiresAt! });
      }
    }
  }
}
