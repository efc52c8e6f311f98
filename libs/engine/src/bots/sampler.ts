/**
 * Deals the unseen tiles to the other seats (and the sleeping pile) at random,
 * consistently with how many tiles each holds and the numbers each is known
 * to be void in. Most constrained tiles go first; each goes to an allowed seat
 * with probability proportional to the room it has left. If the voids cannot
 * be met (a false knock the log did not flag), they are dropped.
 */
import { nextInt, type RngState } from '../rng';
import { ALL_TILES_MASK } from '../fast/tables';

const MAX_TRIES = 8;

export class DealSampler {
  private readonly tiles = new Int32Array(28);
  private readonly options = new Int32Array(28);
  private readonly order = new Int32Array(28);
  private readonly room = new Int32Array(8);
  private n = 0;
  private slots = 0;
  private need: number[] = [];
  private allowed: number[] = [];

  /**
   * `need[i]` tiles go to slot i, which may only take tiles of `allowed[i]`;
   * the needs must add up to the number of tiles in `unseen`.
   */
  prepare(unseen: number, need: readonly number[], allowed: readonly number[]): void {
    this.slots = need.length;
    this.need = need.slice();
    this.allowed = allowed.slice();
    this.setup(unseen, this.allowed);
    if (!this.feasibleCounts()) {
      this.allowed = need.map(() => ALL_TILES_MASK);
      this.setup(unseen, this.allowed);
    }
  }

  private setup(unseen: number, allowed: readonly number[]): void {
    let n = 0;
    for (let m = unseen; m !== 0; m &= m - 1) {
      const t = 31 - Math.clz32(m & -m);
      let opt = 0;
      for (let i = 0; i < this.slots; i++) if ((allowed[i] & (1 << t)) !== 0 && this.need[i] > 0) opt |= 1 << i;
      this.tiles[n] = t;
      this.options[n] = opt;
      n++;
    }
    this.n = n;
    // most constrained first (fewest slots), then by tile index: a fixed order
    const idx = Array.from({ length: n }, (_, i) => i);
    idx.sort((a, b) => popcount8(this.options[a]) - popcount8(this.options[b]) || a - b);
    for (let i = 0; i < n; i++) this.order[i] = idx[i];
  }

  /** Every tile has a slot and every slot can get its tiles (a necessary condition). */
  private feasibleCounts(): boolean {
    for (let k = 0; k < this.n; k++) if (this.options[k] === 0) return false;
    for (let i = 0; i < this.slots; i++) {
      let can = 0;
      for (let k = 0; k < this.n; k++) if ((this.options[k] & (1 << i)) !== 0) can++;
      if (can < this.need[i]) return false;
    }
    return true;
  }

  /** Writes a deal into `out` (one mask per slot). */
  sample(rng: RngState, out: number[]): void {
    for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
      if (this.tryOnce(rng, out)) return;
    }
    // the voids cannot be met this way: deal ignoring them
    const saved = this.options.slice();
    for (let k = 0; k < this.n; k++) {
      let opt = 0;
      for (let i = 0; i < this.slots; i++) if (this.need[i] > 0) opt |= 1 << i;
      this.options[k] = opt;
    }
    const ok = this.tryOnce(rng, out);
    this.options.set(saved);
    if (!ok) throw new Error('sampler: the counts do not add up');
  }

  private tryOnce(rng: RngState, out: number[]): boolean {
    const room = this.room;
    for (let i = 0; i < this.slots; i++) {
      room[i] = this.need[i];
      out[i] = 0;
    }
    for (let j = 0; j < this.n; j++) {
      const k = this.order[j];
      const opt = this.options[k];
      let total = 0;
      for (let i = 0; i < this.slots; i++) if ((opt & (1 << i)) !== 0) total += room[i];
      if (total === 0) return false;
      let r = nextInt(rng, total);
      for (let i = 0; i < this.slots; i++) {
        if ((opt & (1 << i)) === 0 || room[i] === 0) continue;
        if (r < room[i]) {
          room[i]--;
          out[i] |= 1 << this.tiles[k];
          break;
        }
        r -= room[i];
      }
    }
    return true;
  }
}

function popcount8(x: number): number {
  let c = 0;
  for (let m = x; m !== 0; m &= m - 1) c++;
  return c;
}
