/**
 * How long before its time a pending clock job no longer counts as pending: it may be firing
 * already (on a worker whose clock runs up to this much ahead of ours), and its read of the game
 * may then precede the move being decided now.
 */
export const CLOCK_FIRE_MARGIN_MS = 1_000;

/**
 * The turn-clock jobs this process queued and that have not fired yet: per game, the earliest
 * time one of them fires. A move asks `covers(game, deadline)`: when a job of the game fires at
 * or before the new turn's deadline (and not within the margin), the move queues nothing, because
 * that job, finding the turn played, follows the game's current turn (TurnClockService.tick:
 * it queues the clock of the turn on play at its deadline, read from what is stored).
 *
 * Only jobs that were queued (the add answered) are remembered, and a job in Redis is durable, so
 * the knowledge is never wrong in the unsafe direction: a process that knows nothing (a restart, an
 * entry dropped) queues a job, one job too many at worst. A process that knows of no job reads the
 * game's shared key first (EffectsQueue.clock: the fire time of the last job any process queued,
 * written after its add), so the API instances and the worker share one job per game; a move that
 * this process's knowledge covers sends no Redis command at all.
 */
export class PendingClocks {
  private readonly due = new Map<string, number>();

  constructor(
    private readonly marginMs = CLOCK_FIRE_MARGIN_MS,
    private readonly max = 20_000,
  ) {}

  /** A job of this game queued here fires at or before `at` (ms), and not before `now + margin`. */
  covers(gameId: string, at: number, now = Date.now()): boolean {
    const due = this.due.get(gameId);
    return due !== undefined && due > now + this.marginMs && due <= at;
  }

  /**
   * A clock job of this game was queued to fire at `at` (ms; a time already past fires at once).
   * The earliest job still pending is kept: it covers every later deadline.
   */
  queued(gameId: string, at: number, now = Date.now()): void {
    const fires = Math.max(at, now);
    const due = this.due.get(gameId);
    if (due !== undefined && due > now + this.marginMs && due <= fires) return;
    if (due === undefined && this.due.size >= this.max) this.due.clear();
    this.due.set(gameId, fires);
  }

  /** How many games have a remembered job (for tests and benches). */
  get size(): number {
    return this.due.size;
  }
}
