import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import type { JobsOptions, Queue } from 'bullmq';
import { JOBS, jobIds, jobOptions, QUEUES } from '@dcs/common';
import { LiveEmit, LiveEmitter } from '../live/live-emitter';
import { SeasonQueue } from '../seasons/season-queue';
import { AnticheatQueue } from './anticheat-queue';
import { PendingClocks } from './pending-clocks';

/**
 * `again`: the timer's own job ran before its time (clock skew between machines) and asks to run
 * at `at` instead. Its deterministic id still belongs to the job that is running now, and BullMQ
 * ignores an add under an id that exists, so the re-run gets an id of its own; the handlers are
 * idempotent, so a duplicate changes nothing.
 */
type Again = { again?: true };

/**
 * `follow`: the clock of a turn on play that a job already pending may stand for: it is not queued
 * when a job of the same game is known to fire at or before `at` (and not within the margin:
 * PendingClocks) — one this process queued, else the one the game's Redis key names (one GET) —
 * because that job, finding the turn played, follows the game to its current turn. Moves queue
 * their clocks this way (one pending job per game instead of one per move); deals, run-outs,
 * forfeits, hard stops and the recovery sweep always queue theirs.
 */
type Follow = { follow?: true };

/** A job to queue (or a live event to emit) once the transaction that made it due has committed. */
export type Effect =
  | LiveEmit
  | ({ kind: 'hard-stop'; roundId: string; at: Date } & Again)
  | ({ kind: 'round-start'; roundId: string; at: Date } & Again)
  | { kind: 'table-decide'; tableId: string }
  | ({ kind: 'tiebreak-close'; tiebreakId: string; version: number; at: Date } & Again)
  | ({ kind: 'turn-clock'; gameId: string; version: number; attempt: number; at: Date } & Again & Follow)
  | ({ kind: 'house-bot'; gameId: string; version: number; attempt: number; at: Date } & Again)
  | { kind: 'house-settle'; gameId: string }
  | ({ kind: 'deal-close'; gameId: string; at: Date } & Again)
  | ({ kind: 'file-expire'; entryId: string; at: Date } & Again)
  | ({ kind: 'house-commissary'; week: string; at: Date } & Again)
  | { kind: 'season-close'; seasonId: string }
  | { kind: 'anticheat-game'; gameId: string };

let againCount = 0;
/** A step's options from the effects queue's table (JOB_OPTIONS), with its id and its delay until `at`. */
const opts = (job: (typeof JOBS)[keyof typeof JOBS], jobId: string, at?: Date, again?: true): JobsOptions =>
  jobOptions(QUEUES.effects, job, again ? `${jobId}.again-${Date.now()}-${process.pid}-${++againCount}` : jobId, at ? Math.max(0, at.getTime() - Date.now()) : 0);

/**
 * Carries out the effects of a committed change: queues its timers and follow-ups on the effects queue
 * (a running challenge's steps, the turn clock, house tables' computer turns, settlements, file expiries
 * and the commissary) and on the season and anti-cheat queues, with deterministic ids, so queuing the
 * same fact twice is a no-op; emits its live events (LiveEmitter). Every handler is idempotent as well,
 * so a re-created job (recovery sweep) changes nothing that is already done.
 */
@Injectable()
export class EffectsQueue {
  private readonly logger = new Logger(EffectsQueue.name);
  /** The turn-clock jobs this process queued that have not fired yet (a move's clock may need none). */
  readonly clocks = new PendingClocks();
  /** The clock job of a game being added by this process now (its add not answered yet). */
  private readonly adding = new Map<string, Promise<void>>();

  constructor(
    @InjectQueue(QUEUES.effects) private readonly queue: Queue,
    private readonly live: LiveEmitter,
    private readonly seasons: SeasonQueue,
    private readonly anticheat: AnticheatQueue,
  ) {
    this.queue.on('error', () => undefined); // reconnects by itself; the recovery sweep re-queues what was missed
  }

  async run(effects: readonly Effect[]): Promise<void> {
    for (const e of effects) {
      if (e.kind === 'emit') {
        this.live.emit(e);
        continue;
      }
      try {
        await (e.kind === 'turn-clock' ? this.clock(e) : this.add(e));
      } catch (err) {
        this.logger.warn(`could not queue ${e.kind} (${(err as Error).message}); the recovery sweep will`);
      }
    }
  }

  /**
   * Queues a turn's clock (for a `follow` effect nothing when a known job stands for it: one this
   * process queued, else the one the game's key names) and answers whether a job was added; unlike
   * `run`, a failure throws (the caller is a job that must be retried rather than lose the clock).
   */
  async clock(e: Extract<Effect, { kind: 'turn-clock' }>): Promise<boolean> {
    const at = e.at.getTime();
    if (e.follow) {
      // A job of this game being queued here right now (the previous move's): wait for its answer, then ask again.
      await this.adding.get(e.gameId)?.catch(() => undefined);
      if (this.clocks.covers(e.gameId, at)) return false;
      // What another process (API instance, worker) queued: one GET, only when this process knows of no job.
      const shared = await this.sharedClock(e.gameId);
      if (shared !== null) {
        this.clocks.queued(e.gameId, shared);
        if (this.clocks.covers(e.gameId, at)) return false;
      }
    }
    const added = (async () => {
      await this.queue.add(JOBS.turnClock, { gameId: e.gameId, version: e.version, attempt: e.attempt }, opts(JOBS.turnClock, jobIds.turnClock(e.gameId, e.version, e.attempt), e.at, e.again));
      this.clocks.queued(e.gameId, at);
      await this.shareClock(e.gameId, at);
    })();
    this.adding.set(e.gameId, added);
    try {
      await added;
    } finally {
      if (this.adding.get(e.gameId) === added) this.adding.delete(e.gameId);
    }
    return true;
  }

  /**
   * The per-game key telling every process when a queued clock job of the game fires (ms). Written
   * only after the job was added, so it never names a job that does not exist (a crash between the
   * two leaves a job nobody knows of: one job too many at worst); it expires a minute after that time.
   */
  private clockKey(gameId: string): string {
    return `${this.queue.opts.prefix ?? 'bull'}:turn-clock:${gameId}`;
  }

  private async sharedClock(gameId: string): Promise<number | null> {
    try {
      const v = await (await this.queue.getBackend().client).get(this.clockKey(gameId));
      return v === null ? null : Number(v);
    } catch {
      return null; // not known: this process queues a job
    }
  }

  private async shareClock(gameId: string, at: number): Promise<void> {
    const fires = Math.max(at, Date.now());
    try {
      await (await this.queue.getBackend().client).set(this.clockKey(gameId), String(fires), { PX: fires - Date.now() + 60_000 });
    } catch (err) {
      this.logger.warn(`could not share the clock of game ${gameId} (${(err as Error).message}); other processes queue their own`);
    }
  }

  private add(e: Exclude<Effect, LiveEmit | { kind: 'turn-clock' }>): Promise<unknown> {
    switch (e.kind) {
      case 'hard-stop':
        return this.queue.add(JOBS.roundHardStop, { roundId: e.roundId }, opts(JOBS.roundHardStop, jobIds.hardStop(e.roundId), e.at, e.again));
      case 'round-start':
        return this.queue.add(JOBS.roundStart, { roundId: e.roundId }, opts(JOBS.roundStart, jobIds.roundStart(e.roundId), e.at, e.again));
      case 'table-decide':
        return this.queue.add(JOBS.tableDecide, { tableId: e.tableId }, opts(JOBS.tableDecide, jobIds.tableDecide(e.tableId)));
      case 'tiebreak-close':
        return this.queue.add(JOBS.tiebreakClose, { tiebreakId: e.tiebreakId, version: e.version }, opts(JOBS.tiebreakClose, jobIds.tiebreakClose(e.tiebreakId, e.version), e.at, e.again));
      case 'house-bot':
        return this.queue.add(JOBS.houseBot, { gameId: e.gameId, version: e.version, attempt: e.attempt }, opts(JOBS.houseBot, jobIds.houseBot(e.gameId, e.version, e.attempt), e.at, e.again));
      case 'house-settle':
        return this.queue.add(JOBS.houseSettle, { gameId: e.gameId }, opts(JOBS.houseSettle, jobIds.houseSettle(e.gameId)));
      case 'deal-close':
        return this.queue.add(JOBS.dealClose, { gameId: e.gameId }, opts(JOBS.dealClose, jobIds.dealClose(e.gameId), e.at, e.again));
      case 'file-expire':
        return this.queue.add(JOBS.fileExpire, { entryId: e.entryId }, opts(JOBS.fileExpire, jobIds.fileExpire(e.entryId), e.at, e.again));
      case 'house-commissary':
        return this.queue.add(JOBS.houseCommissary, { week: e.week }, opts(JOBS.houseCommissary, jobIds.houseCommissary(e.week), e.at, e.again));
      case 'season-close':
        return this.seasons.close(e.seasonId);
      case 'anticheat-game':
        return this.anticheat.analyse(e.gameId);
    }
  }
}
