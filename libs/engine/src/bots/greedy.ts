/**
 * The greedy policy: take the most points now; among equal plays avoid
 * setting up the next player (leaving the open-end total at a multiple of 5,
 * worst of all an exact 10 for a Grey next player, and leaving ends where an
 * unseen tile would score for them); then dump the heaviest tile, doubles first.
 *
 * `greedyMove` is the allocation-free core on the fast path's board (used by
 * the greedy bot, and by the expert's and the omniscient evaluator's rollouts
 * for every seat); `greedyBot` is the bot on a PlayerView.
 */
import { boardTiles } from '../board';
import { fastBoardFromReadable } from '../fast/readable-bridge';
import { ALL_TILES_MASK, MATCH, OTHER, SCORE_OF_SUM, TILE_IS_DOUBLE, TILE_PIPS } from '../fast/tables';
import type { RngState } from '../rng';
import { RULESETS } from '../rulesets';
import { playAward } from '../scoring';
import { tileIndex } from '../tiles';
import type { Action } from '../types';
import type { PlayerView } from '../views';
import type { Bot } from './bot-types';
import { makeBot } from './make-bot';
import * as boardOps from '../fast/board-ops';
import type { BoardFields } from '../fast/board-ops';
import { MiniBoard } from './mini-board';
import { moveToPlay, nextSeatOf } from './moves';

// Module-level copy: bundlers compile a named import into a getter call on every use.
const { sumAfter } = boardOps;

/** Points of an open-end total for a Yellow (on the board) tournament player. */
export const YELLOW_TABLE: Int32Array = Int32Array.from(SCORE_OF_SUM);
/** Points of an open-end total for a Grey tournament player: only an exact 10 scores. */
export const GREY_TABLE: Int32Array = (() => {
  const t = new Int32Array(SCORE_OF_SUM.length);
  t[10] = 10;
  return t;
})();

/** The rule of thumb "leave no multiple of 5 for the next player" (worst: an exact 10 for a Grey next player), as a penalty. */
export function leaveRisk(sum: number, nextGrey: boolean): number {
  if (sum <= 0 || sum % 5 !== 0) return 0;
  if (nextGrey) return sum === 10 ? 10 : 2;
  return 5;
}

// Per call of greedyMove: CONTRIB[v] is the set (bit k) of the counts an
// unseen tile could give an end showing v (its other number, twice for a
// double), worked out on first use (STAMP[v] === the call's stamp).
const CONTRIB = new Int32Array(7);
const STAMP = new Int32Array(7);
let stamp = 0;

function contributions(v: number, unseen: number): number {
  if (STAMP[v] === stamp) return CONTRIB[v];
  let bits = 0;
  for (let m = unseen & MATCH[v]; m !== 0; m &= m - 1) {
    const t = 31 - Math.clz32(m & -m);
    const o = OTHER[(t << 3) + v];
    bits |= 1 << (TILE_IS_DOUBLE[t] !== 0 ? o + o : o);
  }
  STAMP[v] = stamp;
  CONTRIB[v] = bits;
  return bits;
}

/**
 * The most the next player could score with one unseen tile on the board `b`
 * as it would be after `tile` goes on `end` (uses `scratch`).
 */
export function threatAfter(
  b: BoardFields,
  tile: number,
  end: number,
  unseen: number,
  nextTable: Int32Array,
  scratch: MiniBoard,
): number {
  if (unseen === 0) return 0;
  stamp++;
  return threatWithin(b, tile, end, unseen, nextTable, scratch);
}

/** threatAfter without a new stamp: the contribution cache of the current greedyMove call stays valid. */
function threatWithin(b: BoardFields, tile: number, end: number, unseen: number, nextTable: Int32Array, sc: MiniBoard): number {
  sc.copyFrom(b);
  const total = sc.place(tile, end);
  const ends = sc.armsOpen !== 0 ? 4 : 2;
  const val = sc.endVal;
  const cnt = sc.endCnt;
  let best = 0;
  for (let e = 0; e < ends; e++) {
    let bits = contributions(val[e], unseen);
    if (bits === 0) continue;
    let base = total - cnt[e];
    if (e < 2 && (sc.spinnerExposed & (1 << e)) !== 0) {
      const rest = sc.spinnerExposed & ~(1 << e);
      if (rest !== 0) base += sc.spinner + sc.spinner - cnt[rest >> 1];
    }
    for (; bits !== 0; bits &= bits - 1) {
      const p = nextTable[base + (31 - Math.clz32(bits & -bits))];
      if (p > best) best = p;
    }
  }
  return best;
}

/**
 * The greedy play (tile*4+end, the lead with end 0) for a seat holding `hand`
 * on board `b`, or -1 when it has no play. `forcedLead` is the tile that must
 * lead (-1: any). `unseen` is every tile neither in this hand nor on the board
 * (0: skip the look at what the next player could score).
 * Ties keep the first move in (end, tile) order, so the choice is deterministic.
 */
export function greedyMove(
  b: BoardFields,
  hand: number,
  forcedLead: number,
  unseen: number,
  myTable: Int32Array,
  nextTable: Int32Array,
  nextGrey: boolean,
  scratch: MiniBoard,
): number {
  if (b.tilesOnBoard === 0) {
    if (forcedLead >= 0) return (hand & (1 << forcedLead)) !== 0 ? forcedLead << 2 : -1;
    if (hand === 0) return -1;
    if ((hand & (hand - 1)) === 0) return (31 - Math.clz32(hand)) << 2;
  }
  // First pass: the moves and the best immediate points.
  const leading = b.tilesOnBoard === 0;
  const ends = leading ? 1 : b.armsOpen !== 0 ? 4 : 2;
  let count = 0;
  let only = -1;
  let maxPts = -1;
  let atMax = 0;
  for (let e = 0; e < ends; e++) {
    const m0 = leading ? hand : hand & MATCH[b.endVal[e]];
    for (let m = m0; m !== 0; m &= m - 1) {
      const t = 31 - Math.clz32(m & -m);
      count++;
      const pts = myTable[sumAfter(b, t, e)];
      if (pts > maxPts) {
        maxPts = pts;
        atMax = 1;
        only = (t << 2) | e;
      } else if (pts === maxPts) atMax++;
    }
  }
  if (count <= 1 || atMax === 1) return only;
  // Second pass, among the plays worth the most: no multiple of 5 left (above all no 10 for a Grey next
  // player), then the least the next player could score with an unseen tile, then the heaviest tile, doubles first.
  stamp++;
  const lastTile = (hand & (hand - 1)) === 0;
  let best = -1;
  let bestKey = -Infinity;
  for (let e = 0; e < ends; e++) {
    const m0 = leading ? hand : hand & MATCH[b.endVal[e]];
    for (let m = m0; m !== 0; m &= m - 1) {
      const t = 31 - Math.clz32(m & -m);
      const sum = sumAfter(b, t, e);
      if (myTable[sum] !== maxPts) continue;
      // a domino ends the hand: nothing is left to set up
      const risk = lastTile ? 0 : leaveRisk(sum, nextGrey);
      const threat = lastTile || unseen === 0 ? 0 : threatWithin(b, t, e, unseen, nextTable, scratch);
      const key = -risk * 100_000 - threat * 1_000 + TILE_PIPS[t] * 10 + TILE_IS_DOUBLE[t];
      if (key > bestKey) {
        bestKey = key;
        best = (t << 2) | e;
      }
    }
  }
  return best;
}

/** The points table of a seat from the view's ruleset and that seat's on-board status. */
export function pointsTable(view: PlayerView, seat: number): Int32Array {
  const def = RULESETS[view.ruleset];
  const on = view.onBoard[seat];
  if (def.tournament) return on ? YELLOW_TABLE : GREY_TABLE;
  const t = new Int32Array(SCORE_OF_SUM.length);
  for (let s = 0; s < t.length; s++) t[s] = playAward(def, view.settings, on, s).points;
  return t;
}

export function maskOfTiles(tiles: readonly string[]): number {
  let m = 0;
  for (const t of tiles) m |= 1 << tileIndex(t);
  return m;
}

/** What a seat knows of the tiles: its hand, the board, and every other tile (unseen). */
export function tileMasks(view: PlayerView): { hand: number; board: number; unseen: number } {
  const hand = maskOfTiles(view.hand ?? []);
  const board = view.board ? maskOfTiles(boardTiles(view.board)) : 0;
  return { hand, board, unseen: ALL_TILES_MASK & ~hand & ~board };
}

/** The greedy choice on a view: a play when there is one, else the knock or draw it must make. */
export function greedyAction(view: PlayerView): Action {
  const seat = view.viewer;
  const legal = (view.legalMoves ?? []).filter((a) => a.type !== 'reshuffle');
  if (seat === null || legal.length === 0) throw new Error('greedy: the viewer has no move');
  const plays = legal.filter((a) => a.type === 'play');
  if (plays.length === 0) return legal[0];
  if (plays.length === 1) return plays[0];
  const board = new MiniBoard();
  if (view.board) board.loadState(fastBoardFromReadable(view.board));
  const { hand, unseen } = tileMasks(view);
  const next = nextSeatOf(view, seat);
  const forced = view.pendingLead?.tile ? tileIndex(view.pendingLead.tile) : -1;
  const move = greedyMove(board, hand, forced, unseen, pointsTable(view, seat), pointsTable(view, next), !view.onBoard[next], new MiniBoard());
  return move < 0 ? plays[0] : moveToPlay(seat, move, board.tilesOnBoard === 0);
}

export function greedyBot(): Bot {
  return makeBot('greedy', (view: PlayerView, _rng: RngState) => greedyAction(view));
}
