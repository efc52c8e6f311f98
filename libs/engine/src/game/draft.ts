/**
 * The working copy of a game an action changes (a draft copied from the state, never the state
 * itself) and the small facts every act of the game reads: seats, sides, who is still playing.
 */
import { acceptingEnds } from '../board';
import { RULESETS, type RulesetDef } from '../rulesets';
import { pips } from '../tiles';
import type { ErrorCode, Failure, GameConfig, GameEvent, GameState, HandState } from '../types';

export function fail(code: ErrorCode, message: string): Failure {
  return { ok: false, error: { code, message } };
}

export function def(state: GameState): RulesetDef {
  return RULESETS[state.config.ruleset];
}

export function seats(state: GameState): number[] {
  return Array.from({ length: state.config.players }, (_, i) => i);
}

/** Partners play 0&2 against 1&3; otherwise every seat is its own side. */
export function sideOf(config: GameConfig, seat: number): number {
  return config.partners ? seat % 2 : seat;
}

export function sameSide(config: GameConfig, a: number, b: number): boolean {
  return sideOf(config, a) === sideOf(config, b);
}

export function isActive(state: GameState, seat: number): boolean {
  return !state.forfeited[seat];
}

/** The next seat clockwise after `seat` that has not forfeited (`seat` itself if none). */
export function nextActive(state: GameState, seat: number, active = (x: number) => isActive(state, x)): number {
  const n = state.config.players;
  for (let k = 1; k <= n; k++) {
    const s = (seat + k) % n;
    if (active(s)) return s;
  }
  return seat;
}

/** The hand being played, or null (none yet, or the last one is over). */
export function currentHand(state: GameState): HandState | null {
  const h = state.hands[state.hands.length - 1];
  return h && h.endedBy === null ? h : null;
}

export function canPlay(h: HandState, seat: number): boolean {
  if (!h.board.lead) return h.pendingLead?.seat === seat;
  return h.holdings[seat].some((t) => acceptingEnds(h.board, t).length > 0);
}

export function holdingPips(h: HandState, seat: number): number {
  return h.holdings[seat].reduce((sum, t) => sum + pips(t), 0);
}

function cloneHand(h: HandState): HandState {
  return {
    ...h,
    holdings: h.holdings.map((a) => a.slice()),
    yard: h.yard.slice(),
    pendingLead: h.pendingLead ? { ...h.pendingLead } : null,
    lead: h.lead ? { ...h.lead } : null,
    drew: h.drew.slice(),
    actions: h.actions.slice(),
    log: h.log.slice(),
    points: h.points.slice(),
    // board, deal, dealtYard, dealtDoubles, start* and leadRule are replaced, never mutated
  };
}

/** A copy safe to change: arrays of the game and the current hand are copied; finished hands are shared (never mutated). */
export function draftOf(state: GameState): GameState {
  const hands = state.hands.slice();
  const last = hands.length - 1;
  if (last >= 0 && hands[last].endedBy === null) hands[last] = cloneHand(hands[last]);
  return {
    ...state,
    config: state.config,
    rng: state.rng ? [state.rng[0], state.rng[1], state.rng[2], state.rng[3]] : null,
    scores: state.scores.slice(),
    onBoard: state.onBoard.slice(),
    forfeited: state.forfeited.slice(),
    forfeitOrder: state.forfeitOrder.slice(),
    hands,
  };
}

export interface Draft {
  s: GameState;
  events: GameEvent[];
}

export function lastHand(d: Draft): HandState {
  return d.s.hands[d.s.hands.length - 1];
}

/** Adds points to a seat (and its partner), and records them as that seat's in this hand. */
export function credit(d: Draft, h: HandState, seat: number, points: number, getsOn: boolean): void {
  for (const s of seats(d.s)) {
    if (!sameSide(d.s.config, s, seat)) continue;
    d.s.scores[s] += points;
    if (getsOn) d.s.onBoard[s] = true;
  }
  h.points[seat] += points;
}
