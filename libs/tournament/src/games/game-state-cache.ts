/**
 * The latest state of recently played games, per process, keyed by game id and checked against the
 * version a reader expects: PostgreSQL stays the truth (a miss, another instance's move or a restart
 * just reads the snapshot and replays the tail). Bounded: the least recently used game is dropped
 * first. Entries are immutable values (engine states share structure and are never mutated).
 */
export class LatestStateCache<T extends { version: number }> {
  private readonly entries = new Map<string, T>();
  private hitCount = 0;
  private missCount = 0;

  constructor(private readonly capacity: number) {}

  /** The entry for `id` if any (whatever its version; the caller checks it against the row or the write). */
  peek(id: string): T | undefined {
    const e = this.entries.get(id);
    if (e) {
      this.entries.delete(id);
      this.entries.set(id, e);
    }
    return e;
  }

  /** The entry for `id` at exactly `version`. */
  get(id: string, version: number): T | undefined {
    const e = this.peek(id);
    return e && e.version === version ? e : undefined;
  }

  /** Counts a read that found (or did not find) the game's current version here. */
  count(hit: boolean): void {
    if (hit) this.hitCount++;
    else this.missCount++;
  }

  /** Keeps `value` unless a newer version of the game is already held. */
  set(id: string, value: T): void {
    const held = this.entries.get(id);
    if (held && held.version > value.version) return;
    this.entries.delete(id);
    this.entries.set(id, value);
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }

  forget(id: string): void {
    this.entries.delete(id);
  }

  get size(): number {
    return this.entries.size;
  }

  stats(): { hits: number; misses: number; size: number } {
    return { hits: this.hitCount, misses: this.missCount, size: this.entries.size };
  }
}
