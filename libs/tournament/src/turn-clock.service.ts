import { Injectable, Logger } from '@nestjs/common';
import type { Game } from '@dcs/db';
import { apply as engineApply, type GameState } from '@dcs/engine';
import { ChallengeQueue, Effect } from './challenge-queue';
import type { Tx } from './games.repository';
import { GameStore } from './games/game.store';
import { gameViewEmits, liveEmit, liveRooms } from './live-emitter';
import { TournamentClock } from './tournament-clock';
import { TurnClockRepository } from './turn-clock.repository';
import { HouseService } from './house/house.service';

/** Run-outs of one seat in one game that forfeit it (SPEC 1.7). */
export const TIMEOUTS_TO_FORFEIT = 5;
const DEFAULT_TURN_MS = 20_000;
/** A clock job may fire a little early (timers, clock skew); earlier than this it waits. */
const EARLY_MS = 50;

/**
 * The 20-second turn clock (SPEC 1.7), server-authoritative, as delayed jobs keyed by
 * game, version and attempt. When the clock runs out a ticket is recorded against the seat
 * on turn and the clock restarts (the turn is not skipped); the seat's 5th ticket in the game
 * forfeits it and is recorded as a major stalling violation.
 *
 * One pending job per game, not one per move: a move queues its turn's clock only when no job
 * this process queued fires at or before the new deadline (ChallengeQueue.clock, PendingClocks).
 * A job that finds its turn played follows the game (`tick`): it reads the current turn's deadline
 * from what is stored and queues that turn's clock (or runs it out, when it is already due).
 */
@Injectable()
export class TurnClockService {
  private readonly logger = new Logger(TurnClockService.name);
  private readonly turnMsCache = new Map<string, { ms: number; until: number }>();

  constructor(
    private readonly rows: TurnClockRepository,
    private readonly games: GameStore,
    private readonly queue: ChallengeQueue,
    /** When a turn's clock starts and runs out (tests move it instead of waiting). */
    private readonly time: TournamentClock,
    private readonly house: HouseService,
  ) {}

  /**
   * The clock of the seat on turn: a challenge game's `turnMs`, a house game's seat clock (SPEC 8.3,
   * fixed at the deal; null when off).
   */
  async clockMs(game: { tableId: string | null; houseTableId?: string | null }, state: GameState, db?: Tx): Promise<number | null> {
    if (!game.houseTableId) return this.turnMs(game.tableId, db);
    const seat = state.hands[state.hands.length - 1]?.turn ?? null;
    return seat === null ? null : this.house.seatClockMs(game.houseTableId, seat);
  }

  /** The clock length of a game (its challenge's `turnMs`; 20 s by default), cached briefly per table: it is read on every move. */
  async turnMs(tableId: string | null, db?: Tx): Promise<number> {
    if (!tableId) return DEFAULT_TURN_MS;
    const hit = this.turnMsCache.get(tableId);
    if (hit && hit.until > Date.now()) return hit.ms;
    const ms = (await this.rows.turnMsOfTable(tableId, db)) ?? DEFAULT_TURN_MS;
    if (this.turnMsCache.size >= 10_000) this.turnMsCache.clear();
    this.turnMsCache.set(tableId, { ms, until: Date.now() + 60_000 });
    return ms;
  }

  /** When the current turn's clock runs out (null once the game is over). */
  async deadline(game: Pick<Game, 'id' | 'tableId' | 'houseTableId' | 'version' | 'updatedAt' | 'status' | 'state'>): Promise<Date | null> {
    return (await this.currentClock(game))?.at ?? null;
  }

  /** The clock running now: its attempt at the game's version (run-outs so far) and when it runs out (null: over, or the clock is off). */
  private async currentClock(game: Pick<Game, 'id' | 'tableId' | 'houseTableId' | 'version' | 'updatedAt' | 'status' | 'state'>): Promise<{ attempt: number; at: Date } | null> {
    if (game.status !== 'playing') return null;
    const ms = await this.clockMs(game, game.state as unknown as GameState);
    if (ms === null) return null;
    const last = await this.rows.lastRunOut(game.id, game.version);
    const start = last ? last.createdAt : game.updatedAt;
    return { attempt: last ? last.attempt + 1 : 0, at: new Date(start.getTime() + ms) };
  }

  /** Each seat's clock run-outs (tickets) in the game so far, by seat: what a client (re)joining the game is told. */
  async tickets(gameId: string, players: number): Promise<number[]> {
    const bySeat = Array.from({ length: players }, () => 0);
    for (const r of await this.rows.runOutsBySeat(gameId)) if (r.seat >= 0 && r.seat < players) bySeat[r.seat] = r.count;
    return bySeat;
  }

  /**
   * Starts the clock of a game's current turn (after a move's commit) and returns its deadline at once.
   * A job is queued, in the background, only when none this process queued fires at or before the
   * deadline (that one follows the game to this turn); a job lost in a crash is re-queued by the recovery sweep.
   */
  async start(gameId: string, version: number, tableId: string | null, from = this.time.now(), house?: { houseTableId: string; state: GameState }): Promise<Date | null> {
    const ms = house ? await this.clockMs({ tableId: null, houseTableId: house.houseTableId }, house.state) : await this.turnMs(tableId);
    if (ms === null) return null;
    const at = new Date(from.getTime() + ms);
    void this.queue.run([{ kind: 'turn-clock', gameId, version, attempt: 0, at, follow: true }]);
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
    const outcome = await this.rows.transaction(async (tx) => {
      const game = await this.games.lock(tx, gameId);
      if (!game || game.status !== 'playing' || game.version !== version) return 'noop' as const;
      const tickets = await this.rows.runOutsAt(tx, gameId, version);
      if (tickets.length !== attempt) return 'noop' as const;
      const state = game.state as unknown as GameState;
      const ms = await this.clockMs(game, state, tx);
      if (ms === null) return 'noop' as const;
      const start = attempt === 0 ? game.updatedAt : tickets[attempt - 1].createdAt;
      const due = start.getTime() + ms;
      if (now.getTime() < due - EARLY_MS) {
        effects.push({ kind: 'turn-clock', gameId, version, attempt, at: new Date(due), again: true });
        return 'wait' as const;
      }
      const seat = state.hands[state.hands.length - 1]?.turn ?? null;
      if (seat === null) return 'noop' as const;
      // A computer seat runs out only when its seeded draw says so (SPEC 8.6); otherwise its job plays the turn, however late.
      if (game.houseTableId && !(await this.house.clockMayRunOut(tx, game, seat, attempt, effects))) return 'noop' as const;
      const ticket = await this.rows.recordRunOut(tx, { gameId, seat, version, attempt });
      // A house table's run-out: its own penalties (SPEC 8.3-8.6).
      if (game.houseTableId) return this.house.runOut(tx, game, seat, attempt, ms, now, effects);
      const total = await this.rows.runOutsOfSeat(tx, gameId, seat);
      const seats = game.tableId ? await this.rows.tableSeats(tx, game.tableId) : [];
      // SPEC 8.4: every tournament run-out is fined on the player's file; the 5th books a felony.
      const runner = seats.find((x) => x.seat === seat);
      if (runner) await this.house.tournamentRunOut(tx, gameId, runner.userId, seat, version, attempt, total, now, effects);
      if (total < TIMEOUTS_TO_FORFEIT) {
        effects.push({ kind: 'turn-clock', gameId, version, attempt: attempt + 1, at: new Date(now.getTime() + ms) });
        // Live: the seat's ticket and the restarted clock, to the game room and every seat (public facts).
        const turnDeadline = new Date(ticket.createdAt.getTime() + ms).toISOString();
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
        return 'ticket' as const;
      }
      const after = await this.forfeit(tx, game, seat, total);
      const deadline = after.status === 'finished' ? null : new Date(now.getTime() + ms);
      if (after.status === 'finished') {
        if (game.tableId) effects.push({ kind: 'table-decide', tableId: game.tableId });
      } else {
        effects.push({ kind: 'turn-clock', gameId, version: after.version, attempt: 0, at: deadline! });
      }
      // Live: fresh per-viewer views of the forfeited game (rendered here, in the worker).
      effects.push(...gameViewEmits(after, after.state as unknown as GameState, seats, deadline));
      return 'forfeit' as const;
    });
    await this.queue.run(effects);
    // A run-out that ended a house game (the 5th dumbbell in a turn) settles it now; the queued job is the backup.
    if (outcome === 'forfeit' && effects.some((e) => e.kind === 'house-settle')) {
      await this.house.settle(gameId).catch((err: Error) => this.logger.warn(`settling house game ${gameId}: ${err.message}`));
    }
    return outcome;
  }

  /** Re-queues the clock of every game still being played (recovery after a crash or a missed queueing). */
  async recover(): Promise<Effect[]> {
    const games = await this.games.playingChallengeGames();
    const effects: Effect[] = [];
    for (const g of games) {
      const atVersion = g.timeouts.filter((t) => t.version === g.version).sort((a, b) => a.attempt - b.attempt);
      const start = atVersion.length ? atVersion[atVersion.length - 1].createdAt : g.updatedAt;
      const ms = await this.turnMs(g.tableId);
      effects.push({ kind: 'turn-clock', gameId: g.id, version: g.version, attempt: atVersion.length, at: new Date(start.getTime() + ms) });
    }
    return effects;
  }

  private async forfeit(tx: Tx, game: Game, seat: number, tickets: number): Promise<Game> {
    const r = engineApply(game.state as unknown as GameState, { seat, type: 'forfeit' });
    if (!r.ok) throw new Error(`forfeit of seat ${seat} in game ${game.id}: ${r.error.message}`);
    const after = await this.games.saveAction(tx, game, r.state, { seat, userId: null, action: { seat, type: 'forfeit' }, decisionMs: null });
    // The conduct ledger (SPEC 6) records the stalling violation in the same transaction.
    await this.rows.recordStalling(tx, game, seat, tickets);
    return after;
  }
}
