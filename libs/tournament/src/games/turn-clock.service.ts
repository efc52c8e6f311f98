import { Injectable } from '@nestjs/common';
import type { Game } from '@dcs/db';
import type { GameState } from '@dcs/engine';
import { EffectsQueue, Effect } from '../effects/effects-queue';

import { GameStore } from './game.store';
import { GameAtTable, TableHost, TableHosts } from './table-host';
import { TournamentClock } from '../time/tournament-clock';
import { TurnClockRepository } from './turn-clock.repository';
import type { Tx } from '@dcs/common';
import { stateOf } from './stored-state';
import { handStartGraceMs } from './hand-end-grace';

/** Run-outs of one seat in one game that forfeit it (SPEC 1.7). */
export const TIMEOUTS_TO_FORFEIT = 5;
/** A clock job may fire a little early (timers, clock skew); earlier than this it waits. */
const EARLY_MS = 50;

type ClockedGame = Pick<Game, 'id' | 'version' | 'updatedAt' | 'status' | 'state'> & GameAtTable;

/**
 * The 20-second turn clock (SPEC 1.7), server-authoritative, as delayed jobs keyed by
 * game, version and attempt. When the clock runs out a ticket is recorded against the seat
 * on turn and the clock restarts (the turn is not skipped); what a run-out costs, and when it
 * forfeits the seat, is the game's table's (TableHost: a challenge table's 5th ticket in the game
 * forfeits it as a major stalling violation; a house table has its own penalties).
 *
 * One pending job per game, not one per move: a move queues its turn's clock only when no job
 * this process queued fires at or before the new deadline (EffectsQueue.clock, PendingClocks).
 * A job that finds its turn played follows the game (`tick`): it reads the current turn's deadline
 * from what is stored and queues that turn's clock (or runs it out, when it is already due).
 */
@Injectable()
export class TurnClockService {
  constructor(
    private readonly rows: TurnClockRepository,
    private readonly games: GameStore,
    private readonly queue: EffectsQueue,
    /** When a turn's clock starts and runs out (tests move it instead of waiting). */
    private readonly time: TournamentClock,
    private readonly hosts: TableHosts,
  ) {}

  /** The clock of the seat on turn, as the game's table sets it (null: no clock; a game at no table has none). */
  async clockMs(game: GameAtTable, state: GameState, db?: Tx): Promise<number | null> {
    const at = this.hosts.forGame(game);
    return at ? at.host.clockMs(at.table.id, state, db) : null;
  }

  /** When the current turn's clock runs out (null once the game is over). */
  async deadline(game: ClockedGame): Promise<Date | null> {
    return (await this.currentClock(game))?.at ?? null;
  }

  /** The clock running now: its attempt at the game's version (run-outs so far) and when it runs out (null: over, or the clock is off). */
  private async currentClock(game: ClockedGame): Promise<{ attempt: number; at: Date } | null> {
    if (game.status !== 'playing') return null;
    const ms = await this.clockMs(game, stateOf(game));
    if (ms === null) return null;
    const last = await this.rows.lastRunOut(game.id, game.version);
    // A new hand's first clock starts after the hand-end grace (hand-end-grace.ts); a restarted one at once.
    const start = last ? last.createdAt : new Date(game.updatedAt.getTime() + handStartGraceMs(stateOf(game)));
    return { attempt: last ? last.attempt + 1 : 0, at: new Date(start.getTime() + ms) };
  }

  /** Each seat's clock run-outs (tickets) in the game so far, by seat: what a client (re)joining the game is told. */
  async tickets(gameId: string, players: number): Promise<number[]> {
    const bySeat = Array.from({ length: players }, () => 0);
    for (const r of await this.rows.runOutsBySeat(gameId)) if (r.seat >= 0 && r.seat < players) bySeat[r.seat] = r.count;
    return bySeat;
  }

  /**
   * Starts the clock of a game's current turn (after a move's commit) and returns its deadline at once
   * (a new hand's first turn after the hand-end grace: hand-end-grace.ts).
   * A job is queued, in the background, only when none this process queued fires at or before the
   * deadline (that one follows the game to this turn); a job lost in a crash is re-queued by the recovery sweep.
   */
  async start(game: { id: string } & GameAtTable, state: GameState, from = this.time.now()): Promise<Date | null> {
    const ms = await this.clockMs(game, state);
    if (ms === null) return null;
    const at = new Date(from.getTime() + handStartGraceMs(state) + ms);
    void this.queue.run([{ kind: 'turn-clock', gameId: game.id, version: state.version, attempt: 0, at, follow: true }]);
    return at;
  }

  /**
   * A clock job queued for (version, attempt) fires. On that turn it is the clock (`expire`); when the
   * game has moved on since (a move queues no job while one is pending), it follows the game: the
   * current turn's clock is queued at its deadline, read from what is stored, or run out at once when
   * already due. The follow-up is queued before the job completes (a failure throws, and the job is retried).
   */
  async tick(gameId: string, version: number, attempt: number, now = this.time.now()): Promise<'ticket' | 'forfeit' | 'noop' | 'wait' | 'follow'> {
    const current = await this.games.versionOf(gameId);
    if (!current || current.status !== 'playing') return 'noop';
    // On its own version an older attempt's job is done: the run-out that passed it queued the next attempt's.
    if (current.version === version) return this.runOut(gameId, version, attempt, now);
    const game = await this.games.find(gameId);
    const clock = game ? await this.currentClock(game) : null;
    if (!game || !clock) return 'noop';
    if (clock.at.getTime() - EARLY_MS <= now.getTime()) return this.runOut(gameId, game.version, clock.attempt, now);
    await this.queue.clock({ kind: 'turn-clock', gameId, version: game.version, attempt: clock.attempt, at: clock.at, follow: true });
    return 'follow';
  }

  /** The run-out of (version, attempt), under the game's row lock: nothing when the turn moved on, a wait when it fired early. */
  private async runOut(gameId: string, version: number, attempt: number, now: Date): Promise<'ticket' | 'forfeit' | 'noop' | 'wait'> {
    const effects: Effect[] = [];
    let host: TableHost | null = null;
    const outcome = await this.rows.transaction(async (tx) => {
      const game = await this.games.lock(tx, gameId);
      if (!game || game.status !== 'playing' || game.version !== version) return 'noop' as const;
      const tickets = await this.rows.runOutsAt(tx, gameId, version);
      if (tickets.length !== attempt) return 'noop' as const;
      const state = stateOf(game);
      const ms = await this.clockMs(game, state, tx);
      if (ms === null) return 'noop' as const;
      const start = attempt === 0 ? new Date(game.updatedAt.getTime() + handStartGraceMs(state)) : tickets[attempt - 1].createdAt;
      const due = start.getTime() + ms;
      if (now.getTime() < due - EARLY_MS) {
        effects.push({ kind: 'turn-clock', gameId, version, attempt, at: new Date(due), again: true });
        return 'wait' as const;
      }
      const seat = state.hands[state.hands.length - 1]?.turn ?? null;
      const at = this.hosts.forGame(game);
      if (seat === null || !at) return 'noop' as const;
      host = at.host;
      // The table may keep the clock from recording (a computer seat whose seeded draw says it plays this turn).
      if (!(await at.host.mayRunOut(tx, game, seat, attempt, effects))) return 'noop' as const;
      const ticket = await this.rows.recordRunOut(tx, { gameId, seat, version, attempt });
      // What the run-out costs and whether it forfeits the seat: the table's rules.
      return at.host.ranOut(tx, game, { seat, version, attempt, ms, now, recordedAt: ticket.createdAt }, effects);
    });
    await this.queue.run(effects);
    if (host && (outcome === 'ticket' || outcome === 'forfeit')) await (host as TableHost).runOutCommitted(gameId, outcome, effects);
    return outcome;
  }
}
