import { apply, createGame } from './game';
import { randomAction } from './random-play';
import { seedRng } from './rng';
import { tileIndex } from './tiles';
import { playerView } from './views';
import { act, deal, table } from '../test/helpers';

const DEAL_A = [
  '6-6 4-4 5-1 3-2 0-0 2-0 1-0',
  '6-3 6-5 5-5 4-1 3-0 2-1 1-1',
  '6-1 6-4 5-4 4-2 3-1 5-0 4-0',
  '6-2 6-0 5-3 5-2 4-3 3-3 2-2',
];

describe('player views', () => {
  const s = act(deal(table({ ruleset: 'dcs-tournament', players: 4 }), DEAL_A), '0 6-6', '1 6-3 W');

  it('a seat sees its own tiles, the board, the others\u2019 tile counts, scores, Grey/Yellow, whose turn, the version and the log', () => {
    const v = playerView(s, 2);
    expect(v.viewer).toBe(2);
    expect(v.hand).toEqual(['6-4', '6-1', '5-4', '5-0', '4-2', '4-0', '3-1']);
    expect(v.tileCounts).toEqual([6, 6, 7, 7]);
    expect(v.board?.lead).toEqual({ tile: '6-6', w: 6, e: 6 });
    expect(v.sum).toBe(15);
    expect(v.openEnds).toEqual([{ end: 'W', value: 3 }, { end: 'E', value: 6 }]);
    expect(v.scores).toEqual([0, 0, 0, 0]);
    expect(v.onBoard).toEqual([false, false, false, false]);
    expect(v.turn).toBe(2);
    expect(v.version).toBe(s.version);
    expect(v.log).toHaveLength(2);
    expect(v.legalMoves).toContainEqual({ seat: 2, type: 'play', tile: '6-1', end: 'E' });
  });
  it('a spectator sees the same without any hand', () => {
    const v = playerView(s, null);
    expect(v.viewer).toBeNull();
    expect(v).not.toHaveProperty('hand');
    expect(v).not.toHaveProperty('legalMoves');
    const { hand: _h, legalMoves: _l, viewer: _v, ...seatPublic } = playerView(s, 2);
    const { viewer: _sv, ...spectatorPublic } = v;
    expect(spectatorPublic).toEqual(seatPublic);
  });
  it('never shows another seat\u2019s tiles, the yard or the generator state', () => {
    const g = createGame({ ruleset: 'citizen', players: 2, seed: 'view' });
    if (!g.ok) throw new Error(g.error.message);
    const h = g.state.hands[g.state.hands.length - 1];
    const text = JSON.stringify(playerView(g.state, 0));
    // The double that must open is public by rule (its holder leads with it), wherever it lies.
    const publicLead = h.pendingLead?.tile;
    for (const t of [...h.holdings[1], ...h.yard].filter((x) => x !== publicLead)) expect(text).not.toContain(`"${t}"`);
    expect(text).not.toMatch(/rng|holdings|"yard"|"deal"/);
    expect(playerView(g.state, 0).yardCount).toBe(14);
  });
});

describe('the hand that ended, in the view', () => {
  it('after a hand ends and the next is dealt in the same move, every view shows the ended hand whole — its board, points, Grey/Yellow before and after, every seat\u2019s tiles left — and nothing of the new hand but its own', () => {
    const g = createGame({ ruleset: 'dcs-tournament', players: 4, seed: 'hand-end-view' });
    if (!g.ok) throw new Error(g.error.message);
    let state = g.state;
    const rng = seedRng('hand-end-view');
    expect(playerView(state, 0).lastHand).toBeNull();
    while (state.hands.length < 2 && !state.finished) {
      const a = randomAction(state, rng);
      if (!a) break;
      const r = apply(state, a);
      if (!r.ok) throw new Error(r.error.message);
      state = r.state;
    }
    expect(state.hands).toHaveLength(2);
    const [ended, now] = state.hands;
    for (const seat of [0, null]) {
      const v = playerView(state, seat);
      expect(v.handIndex).toBe(1);
      expect(v.lastHand).toEqual({
        index: 0,
        endedBy: ended.endedBy,
        winner: ended.winner,
        points: ended.points,
        void: false,
        scores: now.startScores,
        onBoardBefore: ended.startOnBoard,
        onBoardAfter: now.startOnBoard,
        board: ended.board,
        tilesLeft: ended.holdings.map((h) => [...h].sort((a, b) => tileIndex(b) - tileIndex(a))),
      });
      // The new hand: the viewer's own tiles only.
      const text = JSON.stringify({ ...v, lastHand: null });
      expect(text).not.toMatch(/holdings|"yard"|"deal"|rng/);
      expect(v.tileCounts).toEqual(now.holdings.map((h) => h.length));
    }
    expect(playerView(state, 2).hand).toEqual([...now.holdings[2]].sort((a, b) => tileIndex(b) - tileIndex(a)));
  });
});
