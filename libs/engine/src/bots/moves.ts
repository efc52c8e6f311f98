/** Conversions between fast moves (tile*4+end) and readable actions, and seat helpers. */
import { END_NAMES, TILE_TEXT } from '../fast/tables';
import { tileIndex } from '../tiles';
import type { Action, End, PlayAction } from '../types';
import type { PlayerView } from '../views';

const END_INDEX: Readonly<Record<End, number>> = { W: 0, E: 1, N: 2, S: 3 };

/** A fast move as a readable play (the lead names no end; a non-double lead is written high-low: high faces W). */
export function moveToPlay(seat: number, move: number, lead: boolean): PlayAction {
  const tile = TILE_TEXT[move >> 2];
  return lead ? { seat, type: 'play', tile } : { seat, type: 'play', tile, end: END_NAMES[move & 3] };
}

/** A readable play as a fast move (the lead: end 0). */
export function playToMove(a: PlayAction): number {
  return (tileIndex(a.tile) << 2) | (a.end === undefined ? 0 : END_INDEX[a.end]);
}

/** Canonical order of actions: plays by tile index then end, then knock, draw, others. */
export function canonicalOrder(actions: readonly Action[]): Action[] {
  const rank = (a: Action): number => (a.type === 'play' ? playToMove(a) : a.type === 'knock' ? 1000 : a.type === 'draw' ? 1001 : 1002);
  return actions.slice().sort((x, y) => rank(x) - rank(y));
}

/** The next seat clockwise that has not forfeited. */
export function nextSeatOf(view: PlayerView, seat: number): number {
  const n = view.players;
  for (let k = 1; k <= n; k++) {
    const s = (seat + k) % n;
    if (!view.forfeited[s]) return s;
  }
  return seat;
}
