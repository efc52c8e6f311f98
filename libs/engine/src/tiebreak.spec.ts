import { seedRng, shuffle } from './rng';
import {
  closePicks,
  drawResult,
  everyonePicked,
  finalOrder,
  handSizeFor,
  isTiebreakError,
  pick,
  rederiveRound,
  runDrawToCompletion,
  startDraw,
  tiebreakPublicView,
  verifyDraw,
  verifyRound,
} from './tiebreak';
import type { TiebreakError, TiebreakState } from './tiebreak';
import { ALL_TILES } from './tiles';

function ok(value: TiebreakState | TiebreakError): TiebreakState {
  if (isTiebreakError(value)) throw new Error(`unexpected error ${value.code}: ${value.message}`);
  return value;
}

function fail(value: TiebreakState | TiebreakError): TiebreakError {
  if (!isTiebreakError(value)) throw new Error('expected an error value');
  return value;
}

function positionOf(state: TiebreakState, tile: string): number {
  return state.tiles.indexOf(tile);
}

/** Positions of the current round that do not hold a deciding tile, in order. */
function plainPositions(state: TiebreakState): number[] {
  return state.tiles.map((t, i) => (t === '6-4' || t === '5-5' ? -1 : i)).filter((i) => i >= 0);
}

function pickAll(state: TiebreakState, playerId: string, positions: readonly number[]): TiebreakState {
  let s = state;
  for (const p of positions) s = ok(pick(s, playerId, p));
  return s;
}

describe('startDraw', () => {
  it('shuffles all 28 tiles face down into positions 0..27 from the draw seed', () => {
    const s = ok(startDraw({ drawId: 'draw-1', players: ['a', 'b'], places: 1 }));
    expect(s.tiles).toHaveLength(28);
    expect([...s.tiles].sort()).toEqual([...ALL_TILES].sort());
    expect(s.tiles).toEqual(shuffle(seedRng('draw-1:1'), ALL_TILES));
    expect(s.roundSeed).toBe('draw-1:1');
    expect(s.round).toBe(1);
    expect(s.picks).toEqual([]);
    expect(s.rounds).toEqual([]);
    expect(s.handSize).toBe(7);
    expect(s.status).toBe('picking');
  });

  it('is plain JSON', () => {
    const s = ok(startDraw({ drawId: 'draw-json', players: ['a', 'b', 'c'], places: 2 }));
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  });

  it.each([
    [{ drawId: 'd', players: ['a'], places: 1 }, 'BAD_PLAYERS'],
    [{ drawId: 'd', players: ['a', 'a'], places: 1 }, 'BAD_PLAYERS'],
    [{ drawId: '', players: ['a', 'b'], places: 1 }, 'BAD_DRAW_ID'],
    [{ drawId: 'd', players: ['a', 'b'], places: 0 }, 'BAD_PLACES'],
    [{ drawId: 'd', players: ['a', 'b'], places: 2 }, 'BAD_PLACES'],
    [{ drawId: 'd', players: ['a', 'b', 'c'], places: 1.5 }, 'BAD_PLACES'],
    [{ drawId: 'd', players: Array.from({ length: 15 }, (_, i) => `p${i}`), places: 1 }, 'TOO_MANY_PLAYERS'],
  ])('refuses %j with %s', (input, code) => {
    expect(fail(startDraw(input)).code).toBe(code);
  });

  it('gives 7 tiles each to 2-4 players and shares the 28 tiles out evenly beyond that', () => {
    expect([2, 3, 4, 5, 6, 7, 8, 14].map(handSizeFor)).toEqual([7, 7, 7, 5, 4, 4, 3, 2]);
  });
});

describe('picking', () => {
  const start = (): TiebreakState => ok(startDraw({ drawId: 'picks', players: ['a', 'b', 'c'], places: 1 }));

  it('records each pick in order with who, where and which tile', () => {
    let s = start();
    s = ok(pick(s, 'b', 10));
    s = ok(pick(s, 'a', 3));
    expect(s.picks).toEqual([
      { seq: 1, playerId: 'b', position: 10, tile: s.tiles[10], auto: false },
      { seq: 2, playerId: 'a', position: 3, tile: s.tiles[3], auto: false },
    ]);
    expect(s.version).toBe(2);
  });

  it('a taken position is no longer available to anyone', () => {
    const s = ok(pick(start(), 'a', 5));
    expect(fail(pick(s, 'b', 5)).code).toBe('POSITION_TAKEN');
    expect(fail(pick(s, 'a', 5)).code).toBe('POSITION_TAKEN');
  });

  it('a player cannot hold more than 7', () => {
    const s = pickAll(start(), 'a', [0, 1, 2, 3, 4, 5, 6]);
    expect(fail(pick(s, 'a', 7)).code).toBe('HAND_FULL');
    expect(ok(pick(s, 'b', 7)).picks).toHaveLength(8);
  });

  it('everyone has picked only once every tied player holds a full hand, and again after a redraw', () => {
    let s = start();
    expect(everyonePicked(s)).toBe(false);
    s = pickAll(s, 'a', [0, 1, 2, 3, 4, 5, 6]);
    s = pickAll(s, 'b', [7, 8, 9, 10, 11, 12, 13]);
    s = pickAll(s, 'c', [14, 15, 16, 17, 18, 19]);
    expect(everyonePicked(s)).toBe(false);
    s = ok(pick(s, 'c', 20));
    expect(everyonePicked(s)).toBe(true);
    const closed = ok(closePicks(s));
    // a decided draw, or the fresh round of a redraw, has nothing picked by anyone yet
    expect(everyonePicked(closed)).toBe(false);
  });

  it.each([-1, 28, 2.5, Number.NaN])('position %p is refused', (position) => {
    expect(fail(pick(start(), 'a', position)).code).toBe('BAD_POSITION');
  });

  it('only the tied players may pick', () => {
    expect(fail(pick(start(), 'zed', 0)).code).toBe('NOT_IN_DRAW');
  });

  it('does not mutate the state it is given', () => {
    const s = start();
    const copy = JSON.parse(JSON.stringify(s)) as TiebreakState;
    pick(s, 'a', 0);
    closePicks(s);
    expect(s).toEqual(copy);
  });

  it('the public view shows who took which position but never an unrevealed tile', () => {
    const s = ok(pick(start(), 'a', 4));
    const view = tiebreakPublicView(s);
    expect(view.taken).toEqual([{ playerId: 'a', position: 4 }]);
    expect(JSON.stringify(view)).not.toContain(s.tiles[4]);
    expect(view).not.toHaveProperty('tiles');
    expect(view).not.toHaveProperty('rng');
  });

  it('keeps the draw id and the closed rounds\' seeds secret until the draw is decided (each names the next round\'s shuffle)', () => {
    // A draw still open after a closed round (a split or nobody holding a deciding tile).
    let open: TiebreakState | null = null;
    for (let i = 0; i < 200 && !open; i++) {
      const s = ok(closePicks(ok(startDraw({ drawId: `secret-${i}`, players: ['a', 'b', 'c'], places: 1 }))));
      if (s.status === 'picking') open = s;
    }
    expect(open).not.toBeNull();
    const view = tiebreakPublicView(open!);
    expect(view.drawId).toBeNull();
    expect(view.rounds).toHaveLength(1);
    expect(view.rounds[0].seed).toBeNull();
    expect(view.rounds[0].hands).toEqual(open!.rounds[0].hands); // who held what is public at the reveal
    expect(JSON.stringify(view)).not.toContain(open!.drawId);
    let done = open!;
    while (done.status === 'picking') done = ok(closePicks(done));
    const final = tiebreakPublicView(done);
    expect(final.drawId).toBe(done.drawId);
    expect(final.rounds.map((r) => r.seed)).toEqual(done.rounds.map((r) => r.seed));
  });
});

describe('closing the picks', () => {
  it('fills every missing pick at random from the untaken positions, recorded as auto-picks', () => {
    let s = ok(startDraw({ drawId: 'autofill', players: ['a', 'b', 'c'], places: 2 }));
    s = pickAll(s, 'a', [0, 1, 2]);
    s = pickAll(s, 'c', [27, 26, 25, 24, 23, 22, 21]);
    const round = ok(closePicks(s)).rounds[0];
    expect(round.picks).toHaveLength(21);
    for (const id of ['a', 'b', 'c']) expect(round.picks.filter((p) => p.playerId === id)).toHaveLength(7);
    expect(round.picks.slice(0, 10).every((p) => !p.auto)).toBe(true);
    expect(round.picks.slice(10).every((p) => p.auto)).toBe(true);
    expect(round.picks.filter((p) => p.playerId === 'a' && p.auto)).toHaveLength(4);
    expect(round.picks.filter((p) => p.playerId === 'b' && p.auto)).toHaveLength(7);
    expect(round.picks.filter((p) => p.playerId === 'c' && p.auto)).toHaveLength(0);
    expect(new Set(round.picks.map((p) => p.position)).size).toBe(21);
    expect(round.picks.map((p) => p.seq)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    for (const p of round.picks) expect(p.tile).toBe(round.order[p.position]);
  });

  it('exactly one holder of 6-4 or 5-5 wins the place', () => {
    let s = ok(startDraw({ drawId: 'one-holder', players: ['a', 'b'], places: 1 }));
    s = pickAll(s, 'a', [positionOf(s, '6-4'), positionOf(s, '5-5')]);
    s = ok(closePicks(s));
    expect(s.status).toBe('decided');
    expect(s.rounds).toHaveLength(1);
    expect(s.rounds[0].outcome).toEqual({ kind: 'winner', playerId: 'a', place: 1 });
    expect(s.rounds[0].hands[0]).toMatchObject({ playerId: 'a', deciding: ['6-4', '5-5'] });
    expect(s.rounds[0].hands[1]).toMatchObject({ playerId: 'b', deciding: [] });
    expect(finalOrder(s)).toEqual(['a', 'b']);
    expect(drawResult(s)).toEqual({ winners: ['a'], rest: ['b'], complete: true });
  });

  it('a single deciding tile is enough', () => {
    let s = ok(startDraw({ drawId: 'single', players: ['a', 'b', 'c'], places: 1 }));
    const plain = plainPositions(s);
    s = pickAll(s, 'a', [positionOf(s, '5-5'), ...plain.slice(0, 6)]);
    s = pickAll(s, 'b', plain.slice(6, 13));
    s = pickAll(s, 'c', plain.slice(13, 20));
    s = ok(closePicks(s));
    expect(s.rounds[0].outcome).toEqual({ kind: 'winner', playerId: 'a', place: 1 });
    expect(finalOrder(s)).toEqual(['a', 'b', 'c']);
    expect(drawResult(s)).toEqual({ winners: ['a'], rest: ['b', 'c'], complete: false });
  });

  it('a split (two holders) means a redraw: new shuffle, picks cleared, same players', () => {
    let s = ok(startDraw({ drawId: 'split', players: ['a', 'b'], places: 1 }));
    s = ok(pick(s, 'a', positionOf(s, '6-4')));
    s = ok(pick(s, 'b', positionOf(s, '5-5')));
    const firstTiles = s.tiles;
    s = ok(closePicks(s));
    expect(s.status).toBe('picking');
    expect(s.rounds[0].outcome).toEqual({ kind: 'split', holders: ['a', 'b'] });
    expect(s.round).toBe(2);
    expect(s.roundSeed).toBe('split:2');
    expect(s.picks).toEqual([]);
    expect(s.contenders).toEqual(['a', 'b']);
    expect(s.winners).toEqual([]);
    expect(s.tiles).not.toEqual(firstTiles);
    expect(finalOrder(s)).toBeNull();
    expect(ok(pick(s, 'a', positionOf(s, '6-4'))).picks).toHaveLength(1);
  });

  it('nobody holding a deciding tile means a redraw', () => {
    let s = ok(startDraw({ drawId: 'none', players: ['a', 'b', 'c'], places: 1 }));
    const plain = plainPositions(s);
    s = pickAll(s, 'a', plain.slice(0, 7));
    s = pickAll(s, 'b', plain.slice(7, 14));
    s = pickAll(s, 'c', plain.slice(14, 21));
    s = ok(closePicks(s));
    expect(s.rounds[0].outcome).toEqual({ kind: 'none' });
    expect(s.status).toBe('picking');
    expect(s.round).toBe(2);
    expect(s.contenders).toEqual(['a', 'b', 'c']);
  });

  it('refuses picks and closes once the draw is decided', () => {
    const s = ok(runDrawToCompletion('closed', ['a', 'b'], 1));
    expect(fail(pick(s, 'a', 0)).code).toBe('DRAW_CLOSED');
    expect(fail(closePicks(s)).code).toBe('DRAW_CLOSED');
  });
});

describe('three or more tied', () => {
  it('3 tied for 1 place: one draw decides it, the other two are not ordered', () => {
    const s = ok(runDrawToCompletion('three-for-one', ['a', 'b', 'c'], 1));
    const result = drawResult(s);
    expect(result?.winners).toHaveLength(1);
    expect(result?.rest).toHaveLength(2);
    expect(result?.complete).toBe(false);
    expect(s.rounds.filter((r) => r.outcome.kind === 'winner')).toHaveLength(1);
    expect(s.rounds.every((r) => r.contenders.length === 3 && r.place === 1)).toBe(true);
  });

  it('3 tied for 2 places: the first draw decides slot 1, the other two draw for slot 2, the loser is below', () => {
    const s = ok(runDrawToCompletion('three-for-two', ['a', 'b', 'c'], 2));
    const wins = s.rounds.filter((r) => r.outcome.kind === 'winner');
    expect(wins).toHaveLength(2);
    const [first, second] = wins.map((r) => (r.outcome.kind === 'winner' ? r.outcome.playerId : ''));
    expect(s.winners).toEqual([first, second]);
    const order = finalOrder(s);
    expect(order?.slice(0, 2)).toEqual([first, second]);
    expect(new Set(order)).toEqual(new Set(['a', 'b', 'c']));
    expect(drawResult(s)?.complete).toBe(true);
    // Rounds for place 1 have all three; rounds for place 2 exclude the first winner.
    const firstWinRound = s.rounds.indexOf(wins[0]);
    for (const r of s.rounds.slice(0, firstWinRound + 1)) expect(r).toMatchObject({ place: 1, contenders: ['a', 'b', 'c'] });
    for (const r of s.rounds.slice(firstWinRound + 1)) {
      expect(r.place).toBe(2);
      expect(r.contenders).toEqual(['a', 'b', 'c'].filter((p) => p !== first));
    }
  });

  it('a player who has won a place picks no more', () => {
    let s = ok(startDraw({ drawId: 'left', players: ['a', 'b', 'c'], places: 2 }));
    const plain = plainPositions(s);
    s = pickAll(s, 'a', [positionOf(s, '6-4'), positionOf(s, '5-5'), ...plain.slice(0, 5)]);
    s = ok(closePicks(s));
    expect(s.winners).toEqual(['a']);
    expect(s.contenders).toEqual(['b', 'c']);
    expect(fail(pick(s, 'a', 0)).code).toBe('NOT_IN_DRAW');
  });

  it('4 tied deal out all 28 tiles, 7 each', () => {
    let s = ok(startDraw({ drawId: 'four', players: ['a', 'b', 'c', 'd'], places: 3 }));
    s = ok(closePicks(s));
    const r = s.rounds[0];
    expect(r.picks).toHaveLength(28);
    expect(r.hands.map((h) => h.tiles.length)).toEqual([7, 7, 7, 7]);
    const done = ok(runDrawToCompletion('four', ['a', 'b', 'c', 'd'], 3));
    expect(done.winners).toHaveLength(3);
    expect(drawResult(done)?.complete).toBe(true);
  });

  it('5 tied select 5 tiles each, and the hand grows back to 7 once 4 are left', () => {
    const s = ok(runDrawToCompletion('five', ['a', 'b', 'c', 'd', 'e'], 2));
    for (const r of s.rounds) expect(r.handSize).toBe(r.contenders.length === 5 ? 5 : 7);
    expect(s.winners).toHaveLength(2);
  });
});

describe('every resolved round obeys the rule', () => {
  it.each([2, 3, 4])('with %i players over 100 seeds', (n) => {
    const players = ['p1', 'p2', 'p3', 'p4'].slice(0, n);
    for (let i = 0; i < 100; i++) {
      const s = ok(runDrawToCompletion(`rule-${n}-${i}`, players, n - 1));
      expect(s.status).toBe('decided');
      expect(s.winners).toHaveLength(n - 1);
      for (const r of s.rounds) {
        const holders = r.hands.filter((h) => h.tiles.includes('6-4') || h.tiles.includes('5-5'));
        expect(r.hands.every((h) => h.tiles.length === 7)).toBe(true);
        if (r.outcome.kind === 'winner') expect(holders.map((h) => h.playerId)).toEqual([r.outcome.playerId]);
        else if (r.outcome.kind === 'split') expect(holders.length).toBeGreaterThan(1);
        else expect(holders).toHaveLength(0);
      }
    }
  });
});

describe('determinism and audit', () => {
  it('the same draw id gives the same draw; another id a different one', () => {
    const a = runDrawToCompletion('seed-x', ['a', 'b', 'c'], 2);
    const b = runDrawToCompletion('seed-x', ['a', 'b', 'c'], 2);
    const c = runDrawToCompletion('seed-y', ['a', 'b', 'c'], 2);
    expect(a).toEqual(b);
    expect(ok(a).rounds[0].order).not.toEqual(ok(c).rounds[0].order);
  });

  it('the audit record re-derives every tile picked, by hand and automatically', () => {
    let s = ok(startDraw({ drawId: 'audit', players: ['a', 'b', 'c'], places: 2 }));
    s = pickAll(s, 'b', [3, 9, 14]);
    s = ok(closePicks(s));
    while (s.status === 'picking') s = ok(closePicks(s));
    const stored = JSON.parse(JSON.stringify(s)) as TiebreakState;
    expect(verifyDraw(stored)).toBe(true);
    for (const r of stored.rounds) {
      const order = shuffle(seedRng(r.seed), ALL_TILES);
      expect(r.order).toEqual(order);
      for (const p of r.picks) expect(p.tile).toBe(order[p.position]);
      expect(rederiveRound(r)).toEqual(r);
    }
  });

  it('a tampered record fails the audit', () => {
    const s = ok(runDrawToCompletion('tamper', ['a', 'b'], 1));
    const r = s.rounds[0];
    const swapped = r.picks.map((p, i) => (i === 0 ? { ...p, tile: p.tile === '6-4' ? '0-0' : '6-4' } : p));
    expect(verifyRound({ ...r, picks: swapped })).toBe(false);
    const autoMoved = r.picks.map((p, i) => (i === 0 ? { ...p, position: (p.position + 1) % 28 } : p));
    expect(verifyRound({ ...r, picks: autoMoved })).toBe(false);
    const last = s.rounds[s.rounds.length - 1];
    expect(last.outcome.kind).toBe('winner');
    expect(verifyRound({ ...last, outcome: { kind: 'none' } })).toBe(false);
    expect(verifyDraw({ ...s, rounds: [{ ...r, seed: 'other:1' }] })).toBe(false);
  });
});
