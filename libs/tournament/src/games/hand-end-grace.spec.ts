import { apply, createGame, randomAction, seedRng, type GameState } from '@dcs/engine';
import { HAND_END_GRACE_MS, handStartGraceMs } from './hand-end-grace';

/** Plays seeded random moves until `until` holds of the state. */
function playUntil(state: GameState, until: (s: GameState) => boolean): GameState {
  const rng = seedRng('grace');
  while (!until(state)) {
    const a = randomAction(state, rng);
    if (!a) throw new Error('the game ended first');
    const r = apply(state, a);
    if (!r.ok) throw new Error(r.error.message);
    state = r.state;
  }
  return state;
}

describe('the hand-end grace (the clocks paused while the ended hand is read)', () => {
  const g = createGame({ ruleset: 'dcs-tournament', players: 4, seed: 'grace' });
  if (!g.ok) throw new Error(g.error.message);

  it('the first hand of a game starts its clock at once', () => {
    expect(handStartGraceMs(g.state)).toBe(0);
  });

  it('the first turn of the next hand waits the grace; once anything is done in that hand, no more', () => {
    const dealt = playUntil(g.state, (s) => s.hands.length === 2);
    expect(handStartGraceMs(dealt)).toBe(HAND_END_GRACE_MS);
    const moved = playUntil(dealt, (s) => s.hands[1].log.length > 0 || s.hands.length > 2);
    expect(handStartGraceMs(moved)).toBe(0);
  });

  it('a turn in the middle of a hand gets none', () => {
    expect(handStartGraceMs(playUntil(g.state, (s) => s.hands[0].log.length === 3))).toBe(0);
  });
});
