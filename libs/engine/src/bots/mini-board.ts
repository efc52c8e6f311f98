/**
 * A small mutable board in the fast path's terms (end values, end counts,
 * spinner), used by the bots to evaluate a play without changing a game:
 * `sumAfter(tile, end)` is the open-end total the play would make (SPEC 1.2).
 *
 * It mirrors FastGame's private `place` (the fast path exposes no
 * side-effect-free "sum after"), and a spec checks it against FastGame and the
 * readable engine's endsTotal over many seeded games.
 */
import type { FastBoardState } from '../fast/fast-game';
import { MATCH, OTHER, TILE_HIGH, TILE_IS_DOUBLE, TILE_LOW } from '../fast/tables';

/** The board fields a bot reads; FastGame and MiniBoard both have them. */
export interface BoardFields {
  tilesOnBoard: number;
  readonly endVal: Int32Array;
  readonly endCnt: Int32Array;
  spinner: number;
  spinnerExposed: number;
  armsOpen: number;
}

export class MiniBoard implements BoardFields {
  tilesOnBoard = 0;
  readonly endVal = new Int32Array(4);
  readonly endCnt = new Int32Array(4);
  spinner = -1;
  spinnerExposed = 0;
  armsOpen = 0;

  copyFrom(b: BoardFields): this {
    this.tilesOnBoard = b.tilesOnBoard;
    const v = this.endVal;
    const c = this.endCnt;
    const bv = b.endVal;
    const bc = b.endCnt;
    v[0] = bv[0];
    v[1] = bv[1];
    v[2] = bv[2];
    v[3] = bv[3];
    c[0] = bc[0];
    c[1] = bc[1];
    c[2] = bc[2];
    c[3] = bc[3];
    this.spinner = b.spinner;
    this.spinnerExposed = b.spinnerExposed;
    this.armsOpen = b.armsOpen;
    return this;
  }

  loadState(b: FastBoardState): this {
    this.tilesOnBoard = b.tilesOnBoard;
    for (let e = 0; e < 4; e++) {
      this.endVal[e] = b.ends[e] | 0;
      this.endCnt[e] = b.counts[e] | 0;
    }
    this.spinner = b.spinner;
    this.spinnerExposed = b.spinnerExposed;
    this.armsOpen = b.armsOpen ? 1 : 0;
    if (!b.armsOpen) {
      this.endVal[2] = 0;
      this.endVal[3] = 0;
      this.endCnt[2] = 0;
      this.endCnt[3] = 0;
    }
    return this;
  }

  total(): number {
    const c = this.endCnt;
    return c[0] + c[1] + c[2] + c[3];
  }

  /** Tiles some open end accepts (0 before the lead). */
  playableMask(): number {
    return playableMaskOf(this);
  }

  /** Puts `tile` on `end` (the lead ignores `end`); returns the new open-end total. Unchecked. */
  place(tile: number, end: number): number {
    const endVal = this.endVal;
    const endCnt = this.endCnt;
    if (this.tilesOnBoard === 0) {
      const hi = TILE_HIGH[tile];
      const lo = TILE_LOW[tile];
      endVal[0] = hi;
      endVal[1] = lo;
      endCnt[0] = hi;
      endCnt[1] = lo;
      if (hi === lo) {
        this.spinner = hi;
        this.spinnerExposed = 3;
      }
    } else {
      const o = OTHER[(tile << 3) + endVal[end]];
      const dbl = TILE_IS_DOUBLE[tile];
      endVal[end] = o;
      endCnt[end] = dbl !== 0 ? o + o : o;
      if (end < 2) {
        const bit = 1 << end;
        if ((this.spinnerExposed & bit) !== 0) {
          const rest = this.spinnerExposed & ~bit;
          this.spinnerExposed = rest;
          const sp = this.spinner;
          if (rest === 0) {
            this.armsOpen = 1;
            endVal[2] = sp;
            endVal[3] = sp;
          } else {
            endCnt[rest >> 1] = sp + sp;
          }
        } else if (dbl !== 0 && this.spinner < 0) {
          this.spinner = o;
          this.spinnerExposed = bit;
        }
      }
    }
    this.tilesOnBoard++;
    return endCnt[0] + endCnt[1] + endCnt[2] + endCnt[3];
  }
}

/** Tiles some open end of `b` accepts (0 before the lead). */
export function playableMaskOf(b: BoardFields): number {
  if (b.tilesOnBoard === 0) return 0;
  const v = b.endVal;
  let u = MATCH[v[0]] | MATCH[v[1]];
  if (b.armsOpen !== 0) u |= MATCH[v[2]] | MATCH[v[3]];
  return u;
}

/** The open-end total after `tile` goes on `end` of `b` (the lead: on an empty board). `b` is not changed. */
export function sumAfter(b: BoardFields, tile: number, end: number): number {
  if (b.tilesOnBoard === 0) return TILE_HIGH[tile] + TILE_LOW[tile];
  const cnt = b.endCnt;
  const o = OTHER[(tile << 3) + b.endVal[end]];
  let total = cnt[0] + cnt[1] + cnt[2] + cnt[3] - cnt[end] + (TILE_IS_DOUBLE[tile] !== 0 ? o + o : o);
  if (end < 2) {
    const bit = 1 << end;
    if ((b.spinnerExposed & bit) !== 0) {
      const rest = b.spinnerExposed & ~bit;
      if (rest !== 0) {
        const other = rest >> 1;
        total += b.spinner + b.spinner - cnt[other];
      }
    }
  }
  return total;
}
