/**
 * A small mutable board in the fast path's terms (end values, end counts,
 * spinner), used by the bots to evaluate a play without changing a game:
 * `sumAfter(tile, end)` is the open-end total the play would make (SPEC 1.2).
 *
 * The mechanics are the fast path's own (fast/board-ops.ts); a spec checks the
 * totals against FastGame and the readable engine over many seeded games.
 */
import type { FastBoardState } from '../fast/fast-game';
import * as boardOps from '../fast/board-ops';
import type { BoardFields } from '../fast/board-ops';

// Module-level copies: bundlers compile a named import into a getter call on every use.
const { loadBoard, placeTile, playableMaskOf } = boardOps;

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
    loadBoard(this, b);
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
    return placeTile(this, tile, end);
  }
}
