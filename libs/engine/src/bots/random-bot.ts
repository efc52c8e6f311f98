/** The random bot: a uniformly random legal action, with an optional false-knock rate (dcs-tournament). */
import { nextInt, type RngState } from '../rng';
import { RULESETS } from '../rulesets';
import type { Action } from '../types';
import type { PlayerView } from '../views';
import type { Bot, RandomBotOptions } from './bot-types';
import { makeBot } from './make-bot';
import { canonicalOrder } from './moves';

/** True with probability p (one draw of the generator when 0 < p). */
export function botChance(rng: RngState, p: number | undefined): boolean {
  return p !== undefined && p > 0 && nextInt(rng, 1_000_000) < p * 1_000_000;
}

/**
 * A uniformly random legal action of the viewer (plays in canonical order:
 * tile index, then end). With `falseKnockRate`, a tournament seat able to play
 * knocks anyway with that probability (a false knock, accepted and recorded).
 */
export function randomBotAction(view: PlayerView, rng: RngState, opts: RandomBotOptions = {}): Action {
  const seat = view.viewer;
  const legal = canonicalOrder((view.legalMoves ?? []).filter((a) => a.type !== 'reshuffle'));
  if (seat === null || legal.length === 0) throw new Error('random: the viewer has no move');
  const canPlay = legal[0].type === 'play';
  if (canPlay && view.board?.lead && RULESETS[view.ruleset].tournament && botChance(rng, opts.falseKnockRate)) {
    return { seat, type: 'knock' };
  }
  if (legal.length === 1) return legal[0];
  return legal[nextInt(rng, legal.length)];
}

export function randomBot(opts: RandomBotOptions = {}): Bot {
  return makeBot('random', (view, rng) => randomBotAction(view, rng, opts));
}
