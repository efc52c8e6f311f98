import { apply, createGame, currentHand, randomAction, seedRng, type Action, type GameState } from '@dcs/engine';
import { needsSnapshot, replayTail } from './game-snapshot';
import { LatestStateCache } from './game-state-cache';

/** A live tournament game played to its end at random, every state and action kept (what the store would see, move by move). */
function playedGame(seed: string, opts: { forfeitRate?: number; falseKnockRate?: number } = {}): { states: GameState[]; actions: Action[] } {
  const created = createGame({ ruleset: 'dcs-tournament', players: 4, seed });
  if (!created.ok) throw new Error(created.error.message);
  const rng = seedRng(`store-${seed}`);
  const states = [created.state];
  const actions: Action[] = [];
  for (let i = 0; i < 5000; i++) {
    const s = states[states.length - 1];
    const a = randomAction(s, rng, opts);
    if (!a) break;
    const r = apply(s, a);
    if (!r.ok) throw new Error(r.error.message);
    states.push(r.state);
    actions.push(a);
  }
  return { states, actions };
}

/** What the store writes, move by move: the snapshot (state) and the action log. */
function stored(states: GameState[], actions: Action[]): { snapshots: GameState[]; log: { version: number; action: unknown }[] } {
  const snapshots = [states[0]];
  const log = actions.map((action, i) => ({ version: i + 1, action }));
  for (let v = 1; v < states.length; v++) snapshots.push(needsSnapshot(states[v - 1], states[v]) ? states[v] : snapshots[v - 1]);
  return { snapshots, log };
}

describe('the game snapshot and its tail (storage of games.state)', () => {
  const games = ['a', 'b', 'c', 'd'].map((seed) => playedGame(seed, { forfeitRate: seed === 'd' ? 0.01 : 0, falseKnockRate: 0.02 }));

  it('the snapshot plus the actions after it replays to the very state the move produced, at every version', () => {
    for (const { states, actions } of games) {
      const { snapshots, log } = stored(states, actions);
      for (let v = 0; v < states.length; v++) {
        const tail = log.filter((a) => a.version > snapshots[v].version && a.version <= v);
        expect(replayTail(snapshots[v], tail, 'g')).toEqual(states[v]);
      }
    }
  });

  it('a snapshot is written at the deal of every hand and at the end, so the tail is at most one hand long', () => {
    for (const { states, actions } of games) {
      const { snapshots } = stored(states, actions);
      const last = states[states.length - 1];
      expect(last.finished).toBe(true);
      expect(snapshots[snapshots.length - 1]).toBe(last);
      for (let v = 0; v < states.length; v++) {
        // every action after the snapshot belongs to the hand in progress in the snapshot
        expect(states[v].hands.length).toBe(snapshots[v].hands.length);
        const hand = currentHand(snapshots[v]);
        expect(v - snapshots[v].version).toBeLessThanOrEqual(hand ? 28 * 2 + 8 : 0);
      }
      const written = new Set(snapshots).size;
      expect(written).toBe(last.hands.length + 1);
    }
  });

  it('moves inside a hand write no snapshot; the move that ends a hand does', () => {
    const { states } = games[0];
    const boundaries = states.slice(1).filter((s, i) => needsSnapshot(states[i], s)).length;
    expect(boundaries).toBeLessThan(states.length / 5);
    const firstEnd = states.findIndex((s) => s.hands[0].endedBy !== null);
    expect(needsSnapshot(states[firstEnd - 1], states[firstEnd])).toBe(true);
    expect(needsSnapshot(states[1], states[2])).toBe(firstEnd === 2);
  });

  it('a move copies only the hand in progress: finished hands are shared with the state before (replay is cheap)', () => {
    const { states } = games[1];
    const v = states.findIndex((s) => s.hands.length >= 2 && currentHand(s) !== null);
    const r = apply(states[v], games[1].actions[v]);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.state.hands[0]).toBe(states[v].hands[0]);
  });

  it('a log that skips a version or that the engine rejects is refused, not replayed', () => {
    const { states, actions } = games[2];
    expect(() => replayTail(states[0], [{ version: 2, action: actions[1] }], 'g')).toThrow(/jumps from version 0 to 2/);
    expect(() => replayTail(states[0], [{ version: 1, action: { seat: 9, type: 'knock' } }], 'g')).toThrow(/does not replay/);
  });
});

describe('LatestStateCache', () => {
  it('answers only the version asked, keeps the newest version of a game, and drops the least recently used game first', () => {
    const c = new LatestStateCache<{ version: number }>(2);
    c.set('a', { version: 3 });
    expect(c.get('a', 2)).toBeUndefined();
    expect(c.get('a', 3)).toEqual({ version: 3 });
    c.set('a', { version: 2 });
    expect(c.peek('a')).toEqual({ version: 3 });
    c.set('b', { version: 1 });
    c.peek('a');
    c.set('c', { version: 1 });
    expect([c.peek('a'), c.peek('b'), c.peek('c')]).toEqual([{ version: 3 }, undefined, { version: 1 }]);
    c.forget('a');
    expect(c.size).toBe(1);
    c.count(true);
    c.count(false);
    c.count(false);
    expect(c.stats()).toEqual({ hits: 1, misses: 2, size: 1 });
  });
});
