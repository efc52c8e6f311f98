/**
 * A planted blunder, for tests and fixtures (not a computer seat of the platform): the expert,
 * except on its first turn whose options differ by `gap` expected points or more (valued by the
 * analysis's own judge, on the seat's view only): there it plays the worst option, or knocks
 * falsely. `blunder` then names where (the record's hand and action index) and the better play.
 */
import { expertBot, makeBot, type Bot } from '../bots';
import { knowledgeFromView } from '../bots/knowledge';
import { moveToPlay } from '../bots/moves';
import { MOVE_KNOCK } from '../fast';
import { seedRng } from '../rng';
import type { Action } from '../types';
import type { PlayerView } from '../views';
import { DecisionJudge, JUDGE_DEFAULTS } from './judge';

export interface PlantedBlunder {
  hand: number;
  action: number;
  best: Action;
}

export type BlunderingBot = Bot & { readonly blunder: PlantedBlunder | null };

export function blunderingExpert(gap: number, how: 'worst' | 'false-knock'): BlunderingBot {
  const expert = expertBot();
  const judge = new DecisionJudge({ ...JUDGE_DEFAULTS, samples: 96 });
  const state = { blunder: null as PlantedBlunder | null };
  const bot = makeBot('expert', (view: PlayerView, rng) => {
    const legal = view.legalMoves ?? [];
    if (state.blunder === null && legal.length >= 2 && view.board?.lead) {
      const k = knowledgeFromView(view);
      const options = judge.options(k, how === 'false-knock');
      const values = judge.values(k, options, seedRng('blunder')).sort((a, b) => b.value - a.value);
      const worst = how === 'worst' ? values[values.length - 1] : values.find((v) => v.move === MOVE_KNOCK)!;
      if (values[0].value - worst.value >= gap) {
        state.blunder = { hand: view.handIndex!, action: view.log.length, best: moveToPlay(view.viewer!, values[0].move, false) };
        return worst.move === MOVE_KNOCK ? { seat: view.viewer!, type: 'knock' } : moveToPlay(view.viewer!, worst.move, false);
      }
    }
    return expert.decide(view, rng);
  });
  return Object.defineProperty(bot, 'blunder', { get: () => state.blunder }) as BlunderingBot;
}
