/**
 * The board mechanics of the fast path in one place (SPEC 1.2): placing a tile,
 * the tiles the open ends accept, and the total a play would make. FastGame and
 * the bots' MiniBoard both keep their boards in these fields and call these.
 */
import * as tables from './tables';

/** Board of a position, in the fast path's own terms (see `FastGame.getBoard`). */
export interface FastBoardState {
  /** Tiles on the board (0: nothing led yet). */
  tilesOnBoard: number;
  /**
   * Exposed number at W, E, N, S. N and S hold the spinner's value while its
   * arms are open and still empty; they are ignored while the arms are closed.
   */
  ends: readonly number[];
  /**
   * What each end adds to the open-end total right now (SPEC 1.2): the exposed
   * number, twice it for a double, the spinner's double while it is itself an
   * end, 0 for an empty arm or a closed end.
   */
  counts: readonly number[];
  /** Value of the spinner double, or -1 while no double is on the board. */
  spinner: number;
  /** Sides (bit 0 W, bit 1 E) where the spinner is still the outermost tile. */
  spinnerExposed: number;
  /** True once the spinner's N and S arms accept tiles. */
  armsOpen: boolean;
}

// Module-level copies: bundlers compile a named import into a getter call on every use.
const { MATCH, OTHER, TILE_HIGH, TILE_IS_DOUBLE, TILE_LOW } = tables;

/** A board in the fast path's terms: each end's number and what it adds to the total, and the spinner. */
export interface BoardFields {
  tilesOnBoard: number;
  readonly endVal: Int32Array;
  readonly endCnt: Int32Array;
  /** the spinner's number, -1 while there is none */
  spinner: number;
  /** bits of the spinner's line sides (1 W, 2 E) not yet covered */
  spinnerExposed: number;
  /** 1 once N and S are open */
  armsOpen: number;
}

/** Puts `tile` on `end` of `b` (the lead ignores `end`) and returns the new open-end total. Unchecked. */
export function placeTile(b: BoardFields, tile: number, end: number): number {
  const endVal = b.endVal;
  const endCnt = b.endCnt;
  if (b.tilesOnBoard === 0) {
    const hi = TILE_HIGH[tile];
    const lo = TILE_LOW[tile];
    endVal[0] = hi;
    endVal[1] = lo;
    endCnt[0] = hi;
    endCnt[1] = lo;
    // A lone double counts once (both halves): hi + lo with hi = lo.
    if (hi === lo) {
      b.spinner = hi;
      b.spinnerExposed = 3;
    }
  } else {
    const o = OTHER[(tile << 3) + endVal[end]];
    const dbl = TILE_IS_DOUBLE[tile];
    endVal[end] = o;
    endCnt[end] = dbl !== 0 ? o + o : o;
    if (end < 2) {
      const bit = 1 << end;
      if ((b.spinnerExposed & bit) !== 0) {
        // Covering a side of the spinner.
        const rest = b.spinnerExposed & ~bit;
        b.spinnerExposed = rest;
        const sp = b.spinner;
        if (rest === 0) {
          b.armsOpen = 1;
          endVal[2] = sp;
          endVal[3] = sp;
        } else {
          // The lead spinner's other side is now the spinner as an end: both halves.
          endCnt[rest >> 1] = sp + sp;
        }
      } else if (dbl !== 0 && b.spinner < 0) {
        b.spinner = o;
        b.spinnerExposed = bit;
      }
    }
  }
  b.tilesOnBoard++;
  return endCnt[0] + endCnt[1] + endCnt[2] + endCnt[3];
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

/** Loads a board given as plain values (a position from the readable engine, a test) into `b`. */
export function loadBoard(b: BoardFields, from: FastBoardState): void {
  b.tilesOnBoard = from.tilesOnBoard;
  for (let e = 0; e < 4; e++) {
    b.endVal[e] = from.ends[e] | 0;
    b.endCnt[e] = from.counts[e] | 0;
  }
  b.spinner = from.spinner;
  b.spinnerExposed = from.spinnerExposed;
  b.armsOpen = from.armsOpen ? 1 : 0;
  if (!from.armsOpen) {
    b.endVal[2] = 0;
    b.endVal[3] = 0;
    b.endCnt[2] = 0;
    b.endCnt[3] = 0;
  }
}
