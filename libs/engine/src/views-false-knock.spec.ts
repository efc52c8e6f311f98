import { playGame } from './bots';
import { currentHand } from './game';
import type { GameState } from './types';
import { playerView } from './views';

describe('player views and false knocks', () => {
  it('show a false knock only to the knocker while the hand runs, and to everyone once it is over', () => {
    let seen = 0;
    const check = (state: GameState) => {
      const h = currentHand(state);
      if (!h) return;
      const idx = h.log.findIndex((e) => e.type === 'knock' && e.falseKnock);
      if (idx < 0) return;
      const knocker = h.log[idx].seat;
      for (let seat = 0; seat < 4; seat++) {
        const entry = playerView(state, seat).log[idx] as { falseKnock?: boolean };
        if (seat === knocker) expect(entry.falseKnock).toBe(true);
        else expect(entry).not.toHaveProperty('falseKnock');
      }
      expect(playerView(state, null).log[idx]).not.toHaveProperty('falseKnock');
      seen++;
    };
    const result = playGame({
      ruleset: 'dcs-tournament',
      players: 4,
      seed: 'false-knock-view',
      bots: Array(4).fill({ name: 'random', options: { falseKnockRate: 0.3 } }),
      onAction: (state: GameState) => check(state),
    });
    expect(seen).toBeGreaterThan(5);
    // The last hand is over when the game ends: its false knocks are public now.
    const last = result.state.hands[result.state.hands.length - 1];
    const flagged = last.log.filter((e) => e.type === 'knock' && e.falseKnock).length;
    const shown = playerView(result.state, null).log.filter((e) => e.type === 'knock' && (e as { falseKnock?: boolean }).falseKnock).length;
    expect(shown).toBe(flagged);
  });
});
