/**
 * Small seeded matches (deterministic): greedy beats random and the expert
 * beats greedy, the bot under test rotating through the four seats.
 */
import type { BotSpec } from './bot-types';
import { playGame } from './driver';

describe('small seeded matches (the bot under test rotates through the seats)', () => {
  function winRate(hero: BotSpec, villain: BotSpec, games: number, tag: string): number {
    let wins = 0;
    for (let i = 0; i < games; i++) {
      const seat = i % 4;
      const bots = [0, 1, 2, 3].map((s) => (s === seat ? hero : villain));
      const r = playGame({ ruleset: 'dcs-tournament', players: 4, seed: `match-${tag}-${i}`, bots });
      if (r.state.winner === seat) wins++;
    }
    return wins / games;
  }

  it('greedy beats random clearly (1 greedy vs 3 random, 200 games)', () => {
    expect(winRate('greedy', 'random', 200, 'gr')).toBeGreaterThan(0.6);
  });

  it('expert beats greedy clearly (1 expert with a smaller search vs 3 greedy, 200 games; 25% is even)', () => {
    expect(winRate({ name: 'expert', options: { rollouts: 40 } }, 'greedy', 200, 'eg')).toBeGreaterThan(0.33);
  });
});

