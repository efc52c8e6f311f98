/**
 * The end of a game at a table: the hard stop (or a void), the places (SPEC 3.5) and the
 * skunked seats of a house table.
 */
import { skunkLine } from '../scoring';
import type { ApplyResult, GameState, HandEndedBy } from '../types';
import { currentHand, def, draftOf, fail, isActive, lastHand, sameSide, seats, type Draft } from './draft';
import { finishGame } from './hands';

/**
 * The 30-minute hard stop (SPEC 3.4): the game ends at once; the hand in
 * progress is void (its points are taken back, see docs/rules.md); the places
 * are decided by score. The winner is the single highest score, or null when
 * the top is tied (the caller runs the tiebreaker draw; see tablePlaces).
 * With `endedBy: 'void'` the same stop ends a game a director voids (or a
 * cancelled challenge's): it says so, and has no winner.
 */
export function hardStop(state: GameState, endedBy: 'hard-stop' | 'void' = 'hard-stop'): ApplyResult {
  if (state.finished) return fail('GAME_OVER', 'the game is over');
  const d: Draft = { s: draftOf(state), events: [] };
  const s = d.s;
  const h = currentHand(s);
  if (h) {
    s.scores = h.startScores.slice();
    s.onBoard = h.startOnBoard.slice();
    h.void = true;
    h.points = h.points.map(() => 0);
    closeHandWithoutFollowUp(d, endedBy);
  }
  const places = tablePlaces({ ...s, finished: true, endedBy });
  const top = places.places[0];
  // A voided game is replayed from the start: it has no winner.
  const winner = endedBy === 'hard-stop' && top && places.ties.every((group) => !group.includes(top.seat)) ? top.seat : null;
  finishGame(d, endedBy, winner);
  s.version = state.version + 1;
  return { ok: true, state: s, events: d.events };
}

function closeHandWithoutFollowUp(d: Draft, endedBy: HandEndedBy): void {
  const h = lastHand(d);
  h.endedBy = endedBy;
  h.winner = null;
  h.turn = null;
  h.pendingLead = null;
  d.events.push({ type: 'hand-ended', hand: h.index, endedBy, winner: null, points: h.points.slice() });
}

export interface TablePlace {
  seat: number;
  /** 1-based; tied seats share the better place number */
  place: number;
  score: number;
  reachedTarget: boolean;
  forfeited: boolean;
}

export interface TablePlaces {
  /** seats from 1st to last (tied seats in seat order) */
  order: number[];
  places: TablePlace[];
  /** groups of two or more seats tied on the same place (to settle with the 6-4/5-5 draw where it matters) */
  ties: number[][];
}

/**
 * Places at a table (SPEC 3.5): the winner (the seat that reached the target,
 * or the last seat standing after forfeits) first; then by score, highest
 * first; forfeited seats last, the earliest forfeit last of all.
 */
export function tablePlaces(state: GameState): TablePlaces {
  const target = state.config.settings.target;
  const all = seats(state);
  const winner = state.winner !== null && state.endedBy !== 'hard-stop' && state.endedBy !== 'void' ? state.winner : null;
  const standing = all.filter((x) => isActive(state, x) && x !== winner).sort((a, b) => state.scores[b] - state.scores[a] || a - b);
  const forfeitedLast = state.forfeitOrder.slice().reverse().filter((x) => x !== winner);
  const order = [...(winner !== null ? [winner] : []), ...standing, ...forfeitedLast];
  const places: TablePlace[] = [];
  const ties: number[][] = [];
  let i = 0;
  while (i < order.length) {
    const seat = order[i];
    const tiable = seat !== winner && isActive(state, seat);
    let j = i + 1;
    if (tiable) {
      while (j < order.length && isActive(state, order[j]) && order[j] !== winner && state.scores[order[j]] === state.scores[seat]) j++;
    }
    for (let k = i; k < j; k++) {
      const x = order[k];
      places.push({ seat: x, place: i + 1, score: state.scores[x], reachedTarget: state.scores[x] >= target, forfeited: !isActive(state, x) });
    }
    if (j - i > 1) ties.push(order.slice(i, j));
    i = j;
  }
  return { order, places, ties };
}

/** Losers under the skunk line (house tables only; the tournament has no skunks). */
export function skunkedSeats(state: GameState): number[] {
  if (!state.finished || state.winner === null || def(state).tournament) return [];
  const line = skunkLine(state.config.settings.target);
  const winner = state.winner;
  return seats(state).filter((x) => !sameSide(state.config, x, winner) && state.scores[x] < line);
}
