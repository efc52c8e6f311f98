/**
 * Board geometry (SPEC 1.2): the line's W and E ends, the spinner, its N and
 * S arms, and the open-end total. Pure functions over a JSON BoardState.
 */
import { parseTile, tileOf, type Tile } from './tiles';
import type { BoardState, End, PlacedTile } from './types';

export const ENDS: readonly End[] = ['W', 'E', 'N', 'S'];

export function isEnd(value: unknown): value is End {
  return value === 'W' || value === 'E' || value === 'N' || value === 'S';
}

export function emptyBoard(): BoardState {
  return { lead: null, spinner: null, arms: { W: [], E: [], N: [], S: [] } };
}

export function cloneBoard(board: BoardState): BoardState {
  return {
    lead: board.lead ? { ...board.lead } : null,
    spinner: board.spinner ? { ...board.spinner } : null,
    arms: { W: board.arms.W.slice(), E: board.arms.E.slice(), N: board.arms.N.slice(), S: board.arms.S.slice() },
  };
}

/** True once both line sides of the spinner are covered: N and S are open. */
export function spinnerOpen(board: BoardState): boolean {
  const sp = board.spinner;
  if (!sp) return false;
  if (sp.arm === 'lead') return board.arms.W.length > 0 && board.arms.E.length > 0;
  return board.arms[sp.arm].length > sp.index + 1;
}

export interface OpenEnd {
  end: End;
  /** the number a tile must match to be played there */
  value: number;
}

/** The ends a tile may be played on now, with the number each shows. Empty before the lead. */
export function openEnds(board: BoardState): OpenEnd[] {
  const lead = board.lead;
  if (!lead) return [];
  const out: OpenEnd[] = [];
  const w = board.arms.W;
  const e = board.arms.E;
  out.push({ end: 'W', value: w.length ? w[w.length - 1].outer : lead.w });
  out.push({ end: 'E', value: e.length ? e[e.length - 1].outer : lead.e });
  if (spinnerOpen(board) && board.spinner) {
    for (const end of ['N', 'S'] as const) {
      const arm = board.arms[end];
      out.push({ end, value: arm.length ? arm[arm.length - 1].outer : board.spinner.value });
    }
  }
  return out;
}

/**
 * The open-end total (SPEC 1.2 Decision): each end counts the exposed number of
 * its outermost tile, both halves if that tile is a double; the spinner lead
 * still uncovered on a side counts both halves there, but a lone double counts
 * once; an empty N/S arm counts nothing.
 */
export function endsTotal(board: BoardState): number {
  const lead = board.lead;
  if (!lead) return 0;
  const leadDouble = lead.w === lead.e;
  if (leadDouble && board.arms.W.length === 0 && board.arms.E.length === 0) return lead.w * 2;
  let total = 0;
  for (const side of ['W', 'E'] as const) {
    const arm = board.arms[side];
    if (arm.length) total += exposedCount(arm[arm.length - 1]);
    else total += leadDouble ? lead.w * 2 : side === 'W' ? lead.w : lead.e;
  }
  if (spinnerOpen(board)) {
    for (const side of ['N', 'S'] as const) {
      const arm = board.arms[side];
      if (arm.length) total += exposedCount(arm[arm.length - 1]);
    }
  }
  return total;
}

function exposedCount(t: PlacedTile): number {
  return t.double ? t.outer * 2 : t.outer;
}

/** The open ends where `tile` fits. */
export function acceptingEnds(board: BoardState, tile: Tile): End[] {
  const p = parseTile(tile);
  if (!p) return [];
  return openEnds(board)
    .filter((o) => o.value === p.high || o.value === p.low)
    .map((o) => o.end);
}

/** Places the lead; `w` faces W and `e` faces E. Returns a new board. */
export function placeLead(board: BoardState, w: number, e: number): BoardState {
  const next = cloneBoard(board);
  next.lead = { tile: tileOf(w, e), w, e };
  if (w === e) next.spinner = { value: w, arm: 'lead', index: 0 };
  return next;
}

/**
 * Places `tile` on `end`, which must be open and match (check with
 * acceptingEnds first). Returns a new board.
 */
export function placeTile(board: BoardState, tile: Tile, end: End): BoardState {
  const p = parseTile(tile);
  const open = openEnds(board).find((o) => o.end === end);
  if (!p || !open || (p.high !== open.value && p.low !== open.value)) {
    throw new RangeError(`placeTile: ${tile} does not fit ${end}`);
  }
  const next = cloneBoard(board);
  const outer = p.high === open.value ? p.low : p.high;
  const double = p.high === p.low;
  next.arms[end].push({ tile: tileOf(p.high, p.low), outer, double });
  if (double && !next.spinner && (end === 'W' || end === 'E')) {
    next.spinner = { value: p.high, arm: end, index: next.arms[end].length - 1 };
  }
  return next;
}

/** All tiles on the board, lead first. */
export function boardTiles(board: BoardState): Tile[] {
  if (!board.lead) return [];
  return [
    board.lead.tile,
    ...board.arms.W.map((t) => t.tile),
    ...board.arms.E.map((t) => t.tile),
    ...board.arms.N.map((t) => t.tile),
    ...board.arms.S.map((t) => t.tile),
  ];
}
