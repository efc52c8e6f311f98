import type { BoardState, PlacedTile } from '@dcs/engine/types';

/** One tile placed on the board's plane, in half-tile units (a tile lying flat is 2 × 1). */
export interface PlacedCell {
  key: string;
  tile: string;
  /** the number drawn first: on the left when flat, on top when upright */
  first: number;
  upright: boolean;
  spinner: boolean;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface BoardLayout {
  cells: PlacedCell[];
  /** the bounding box of every tile */
  minX: number;
  minY: number;
  width: number;
  height: number;
  /** tiles the west and east arms run straight before they turn (Infinity: they never turn) */
  turnAfter: number;
  /** the same for the spinner's north and south arms */
  turnAfterNS: number;
}

type Dir = 'left' | 'right' | 'up' | 'down';
const other = (tile: string, n: number) => {
  const [a, b] = tile.split('-').map(Number);
  return a === n ? b : a;
};

/**
 * Lays one arm out from its anchor: `straight` tiles in `dir`, then the rest turned a quarter (west turns
 * up, east down, north right, south left), running from the corner of the last straight tile. Doubles lie across their line.
 * `outerFirst`: the arm's outer number is drawn first (west and north) or second (east and south).
 */
function arm(tiles: readonly PlacedTile[], name: string, dir: Dir, turn: Dir, straight: number, anchor: { x: number; y: number }, spin: number): PlacedCell[] {
  const out: PlacedCell[] = [];
  // the edge the next tile starts from, and the centre line it lies on
  let edge = dir === 'left' ? anchor.x : dir === 'right' ? anchor.x : anchor.y;
  let line = dir === 'left' || dir === 'right' ? anchor.y : anchor.x;
  let d: Dir = dir;
  tiles.forEach((t, i) => {
    if (i === straight) {
      // the turn: the new line runs along the outer edge of the last tile, from its far side
      const last = out[out.length - 1];
      if (d === 'left') {
        line = last.x + 0.5;
        edge = last.y;
      } else if (d === 'right') {
        line = last.x + last.w - 0.5;
        edge = last.y + last.h;
      } else if (d === 'up') {
        line = last.y + 0.5;
        edge = last.x + last.w;
      } else {
        line = last.y + last.h - 0.5;
        edge = last.x;
      }
      d = turn;
    }
    const flatLine = d === 'left' || d === 'right';
    const across = t.double; // a double lies across the line
    const upright = flatLine ? across : !across;
    const w = upright ? 1 : 2;
    const h = upright ? 2 : 1;
    const len = flatLine ? w : h;
    const outerFirst = d === 'left' || d === 'up';
    const first = outerFirst ? t.outer : other(t.tile, t.outer);
    let x: number;
    let y: number;
    if (flatLine) {
      x = d === 'left' ? edge - len : edge;
      y = line - h / 2;
      edge = d === 'left' ? edge - len : edge + len;
    } else {
      y = d === 'up' ? edge - len : edge;
      x = line - w / 2;
      edge = d === 'up' ? edge - len : edge + len;
    }
    out.push({ key: `${name}${i}`, tile: t.tile, first, upright, spinner: i === spin, x, y, w, h });
  });
  return out;
}

const overlaps = (a: PlacedCell, b: PlacedCell) => a.x < b.x + b.w - 1e-6 && b.x < a.x + a.w - 1e-6 && a.y < b.y + b.h - 1e-6 && b.y < a.y + a.h - 1e-6;

/**
 * The board laid out with the west and east arms turning after `turnAfter` tiles (west up, east down), the
 * spinner's north and south arms after `turnAfterNS` (north right, south left); null when tiles would
 * overlap that way.
 */
export function layoutBoard(board: BoardState, turnAfter = Infinity, turnAfterNS = Infinity): BoardLayout | null {
  const lead = board.lead;
  if (!lead) return null;
  const { W, E, N, S } = board.arms;
  const spin = board.spinner;
  const leadDouble = lead.w === lead.e;
  // An arm turns only past the spinner and the tile after it, so the spinner's arms run clear of the turn.
  const wStraight = spin?.arm === 'W' ? Math.max(turnAfter, spin.index + 2) : turnAfter;
  const eStraight = spin?.arm === 'E' ? Math.max(turnAfter, spin.index + 2) : turnAfter;
  const leadCell: PlacedCell = { key: 'lead', tile: lead.tile, first: lead.w, upright: leadDouble, spinner: spin?.arm === 'lead', x: leadDouble ? -0.5 : -1, y: leadDouble ? -1 : -0.5, w: leadDouble ? 1 : 2, h: leadDouble ? 2 : 1 };
  const west = arm(W, 'W', 'left', 'up', wStraight, { x: leadCell.x, y: 0 }, spin?.arm === 'W' ? spin.index : -1);
  const east = arm(E, 'E', 'right', 'down', eStraight, { x: leadCell.x + leadCell.w, y: 0 }, spin?.arm === 'E' ? spin.index : -1);
  const cells = [leadCell, ...west, ...east];
  const spinner = spin ? (spin.arm === 'lead' ? leadCell : (spin.arm === 'W' ? west : east)[spin.index]) : undefined;
  if (spinner) {
    const cx = spinner.x + spinner.w / 2;
    cells.push(...arm(N, 'N', 'up', 'right', turnAfterNS, { x: cx, y: spinner.y }, -1));
    cells.push(...arm(S, 'S', 'down', 'left', turnAfterNS, { x: cx, y: spinner.y + spinner.h }, -1));
  }
  for (let i = 0; i < cells.length; i++) for (let j = i + 1; j < cells.length; j++) if (overlaps(cells[i], cells[j])) return null;
  const minX = Math.min(...cells.map((c) => c.x));
  const minY = Math.min(...cells.map((c) => c.y));
  const maxX = Math.max(...cells.map((c) => c.x + c.w));
  const maxY = Math.max(...cells.map((c) => c.y + c.h));
  return { cells, minX, minY, width: maxX - minX, height: maxY - minY, turnAfter, turnAfterNS };
}

/**
 * The layout that shows the tiles largest in a box of `boxW` × `boxH` px, and its scale (px per half
 * tile, at most `maxUnit`): the arms straight, or turning after 2 … n tiles, whichever fits best.
 */
export function fitBoard(board: BoardState, boxW: number, boxH: number, maxUnit: number): { layout: BoardLayout; unit: number } | null {
  const turns = (longest: number) => [Infinity, ...Array.from({ length: Math.max(0, longest - 2) }, (_, i) => longest - 1 - i)];
  let best: { layout: BoardLayout; unit: number } | null = null;
  for (const k of turns(Math.max(board.arms.W.length, board.arms.E.length))) {
    for (const kNS of turns(Math.max(board.arms.N.length, board.arms.S.length))) {
      const layout = layoutBoard(board, k, kNS);
      if (!layout) continue;
      const unit = Math.min(maxUnit, boxW / (layout.width + 0.5), boxH / (layout.height + 0.5));
      // a straighter line wins a tie (it reads more easily)
      if (!best || unit > best.unit + 0.25) best = { layout, unit };
    }
  }
  return best;
}
