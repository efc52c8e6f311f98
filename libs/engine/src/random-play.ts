/**
 * Seeded random legal play, for tests, golden records and simulations. Pure:
 * the generator state is passed in and advanced in place.
 */
import { apply, currentHand, legalMoves } from './game';
import { nextInt, type RngState } from './rng';
import { RULESETS } from './rulesets';
import type { Action, GameState } from './types';

export interface RandomPlayOptions {
  /** chance (0..1) that a tournament seat able to play knocks anyway (a false knock) */
  falseKnockRate?: number;
  /** chance (0..1) per action that the seat to play forfeits instead */
  forfeitRate?: number;
  /** chance (0..1) that a seat entitled to a doubles reshuffle takes it */
  reshuffleRate?: number;
}

function chance(rng: RngState, p: number | undefined): boolean {
  return p !== undefined && p > 0 && nextInt(rng, 1_000_000) < p * 1_000_000;
}

/** A random action for the game as it stands (null when the game is over or waits for a deal). */
export function randomAction(state: GameState, rng: RngState, opts: RandomPlayOptions = {}): Action | null {
  const h = currentHand(state);
  if (state.finished || !h) return null;
  if (!h.board.lead) {
    for (let seat = 0; seat < state.config.players; seat++) {
      if (legalMoves(state, seat).some((a) => a.type === 'reshuffle') && chance(rng, opts.reshuffleRate)) {
        return { seat, type: 'reshuffle' };
      }
    }
  }
  const seat = h.turn;
  if (seat === null) return null;
  if (chance(rng, opts.forfeitRate)) return { seat, type: 'forfeit' };
  const moves = legalMoves(state, seat).filter((a) => a.type !== 'reshuffle');
  if (moves.length === 0) return null;
  if (h.board.lead && RULESETS[state.config.ruleset].tournament && moves[0].type === 'play' && chance(rng, opts.falseKnockRate)) {
    return { seat, type: 'knock' };
  }
  return moves[nextInt(rng, moves.length)];
}

/** Plays random legal actions until the game ends (or `maxActions`). Returns the final state and the actions taken. */
export function playRandomGame(
  state: GameState,
  rng: RngState,
  opts: RandomPlayOptions & { maxActions?: number } = {},
): { state: GameState; actions: Action[] } {
  const max = opts.maxActions ?? 5000;
  const actions: Action[] = [];
  let s = state;
  while (actions.length < max) {
    const action = randomAction(s, rng, opts);
    if (!action) break;
    const r = apply(s, action);
    if (!r.ok) throw new Error(`random play produced a rejected action ${JSON.stringify(action)}: ${r.error.code} ${r.error.message}`);
    s = r.state;
    actions.push(action);
  }
  return { state: s, actions };
}
