import { seedRng, type RngState } from '../rng';
import type { Action, GameState } from '../types';
import { playerView, type PlayerView } from '../views';
import type { Bot, BotName } from './bot-types';

/** A Bot from its view-level decision; `choose` hands it `playerView(state, seat)` and nothing else. */
export function makeBot(name: BotName, decide: (view: PlayerView, rng: RngState) => Action): Bot {
  const own = seedRng(`bot/${name}`);
  return {
    name,
    decide,
    choose(state: GameState, seat: number, rng?: RngState): Action {
      return decide(playerView(state, seat), rng ?? own);
    },
  };
}
