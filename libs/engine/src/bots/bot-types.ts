/**
 * Types shared by the bots. A bot decides from one seat's PlayerView only
 * (its hand, the public board, counts, scores, Grey/Yellow, the public log):
 * the signature itself keeps hidden tiles out of reach. Randomness comes from
 * the seeded generator of rng.ts, passed in and advanced in place.
 */
import type { RngState } from '../rng';
import type { Action, GameState } from '../types';
import type { PlayerView } from '../views';

export type BotName = 'random' | 'greedy' | 'expert';

export const BOT_NAMES: readonly BotName[] = ['random', 'greedy', 'expert'];

export interface RandomBotOptions {
  /** chance (0..1) that a seat able to play knocks anyway (a false knock; dcs-tournament only) */
  falseKnockRate?: number;
}

export interface ExpertBotOptions {
  /** rollouts per decision, shared among the candidate moves (default 80) */
  rollouts?: number;
  /** fewest and most sampled deals of the hidden tiles per decision (defaults 6 and 40) */
  minSamples?: number;
  maxSamples?: number;
  /** what becoming Yellow is worth beyond its 10 points, in points (default 20) */
  onBoardValue?: number;
  /** what winning the game in a rollout is worth, in points (default 60) */
  winValue?: number;
  /** rollout players weigh what the next player could score, as the greedy bot does (default true) */
  rolloutThreat?: boolean;
}

/** A bot as the driver uses it: the action for the seat whose view it is. */
export interface Bot {
  readonly name: BotName;
  /** Decides for `view.viewer`, who must be on turn. Advances `rng`. */
  decide(view: PlayerView, rng: RngState): Action;
  /**
   * Convenience: decides on `playerView(state, seat)` (the bot never sees more).
   * Without `rng` it uses its own generator, seeded from its name at creation.
   */
  choose(state: GameState, seat: number, rng?: RngState): Action;
}

/** A bot and its options, for the driver. */
export type BotSpec =
  | BotName
  | { name: 'random'; options?: RandomBotOptions }
  | { name: 'greedy' }
  | { name: 'expert'; options?: ExpertBotOptions };
