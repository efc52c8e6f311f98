import { closePicks, isTiebreakError, pick, startDraw, type TiebreakState } from '@dcs/engine';
import type { PlayerAward } from '@dcs/ranking';
import {
  advancersOf,
  correctedResults,
  correctionRefusal,
  drawCloseDecision,
  type Entrant,
  exitsOf,
  firedEarly,
  hardStopAt,
  isPrizeSplit,
  outOfPlayRefusal,
  pickDecision,
  placementsOf,
  roundEnd,
  seatNow,
  seatResults,
  seedingOrder,
  startDecision,
} from './challenge.decisions';
import type { SeatResult } from './challenge-rows';

const t = (s: number) => new Date(Date.UTC(2027, 0, 9, 12, 0, s));
const entrant = (userId: string, status: Entrant['status'], checkedIn: boolean): Entrant => ({ userId, status, checkedInAt: checkedIn ? t(0) : null });

describe('12:00: who is seated, or why the challenge is cancelled', () => {
  it('seats checked-in registered players first, then checked-in waitlisted players in line order, up to the capacity', () => {
    const line = [entrant('r1', 'registered', true), entrant('w1', 'waitlisted', true), entrant('r2', 'registered', false), entrant('r3', 'registered', true), entrant('w2', 'waitlisted', true)];
    expect(startDecision(line, 3, 2)).toEqual({ kind: 'seat', players: ['r1', 'r3', 'w1'] });
    expect(startDecision(line, 10, 2)).toEqual({ kind: 'seat', players: ['r1', 'r3', 'w1', 'w2'] });
  });

  it('cancels with fewer than the minimum checked in, counting who would be seated', () => {
    expect(startDecision([entrant('a', 'registered', true), entrant('b', 'registered', false)], 512, 16)).toEqual({ kind: 'cancel', checkedIn: 1 });
    expect(startDecision([], 512, 16)).toEqual({ kind: 'cancel', checkedIn: 0 });
  });

  it('seeds by season rank, unranked players after every ranked one, ties by the recorded draw', () => {
    const rank = new Map([['c', 1], ['a', 2], ['d', 2]]);
    expect(seedingOrder(['a', 'b', 'c', 'd', 'e'], rank, ['e', 'd', 'c', 'b', 'a'])).toEqual(['c', 'd', 'a', 'e', 'b']);
  });
});

describe('timers', () => {
  it('a step fired before its time waits for it; on time or late it runs; without a time it runs', () => {
    expect(firedEarly(t(30), t(29))).toBe(true);
    expect(firedEarly(t(30), t(30))).toBe(false);
    expect(firedEarly(t(30), t(31))).toBe(false);
    expect(firedEarly(null, t(0))).toBe(false);
  });

  it('a round stops roundSeconds after it starts', () => {
    expect(hardStopAt(t(0), 1800)).toEqual(new Date(t(0).getTime() + 1_800_000));
  });
});

describe('tables and rounds', () => {
  const userOf = new Map([[0, 'a'], [1, 'b'], [2, 'c'], [3, 'd']]);
  const state = { scores: [40, 150, 95, 150], forfeited: [false, false, false, true] };

  it('a decided table: places in order; the two advancers of a round advance', () => {
    expect(seatResults({ kind: 'decided', order: [1, 3, 2, 0], advanced: [1, 3] }, userOf, state, false)).toEqual([
      { userId: 'b', seat: 1, score: 150, place: 1, advanced: true, forfeited: false },
      { userId: 'd', seat: 3, score: 150, place: 2, advanced: true, forfeited: true },
      { userId: 'c', seat: 2, score: 95, place: 3, advanced: false, forfeited: false },
      { userId: 'a', seat: 0, score: 40, place: 4, advanced: false, forfeited: false },
    ]);
  });

  it('the final table places 1, 2, 3, 3 and nobody advances', () => {
    expect(seatResults({ kind: 'decided', order: [1, 3, 2, 0], advanced: [] }, userOf, state, true).map((r) => [r.place, r.advanced])).toEqual([
      [1, false],
      [2, false],
      [3, false],
      [3, false],
    ]);
  });

  it("a round's last table: a final completes the challenge, another round's next starts after the break", () => {
    expect(roundEnd(true, t(0), 300)).toEqual({ kind: 'complete' });
    expect(roundEnd(false, t(0), 300)).toEqual({ kind: 'next-round', startsAt: new Date(t(0).getTime() + 300_000) });
  });

  it('with no break the next round starts the moment the last table is decided, and is seated at once', () => {
    const none = roundEnd(false, t(7), 0);
    expect(none).toEqual({ kind: 'next-round', startsAt: t(7) });
    expect(roundEnd(false, t(7), -5)).toEqual({ kind: 'next-round', startsAt: t(7) });
    expect(seatNow(t(7), t(7))).toBe(true);
  });

  it("the default break (SPEC 3.4's 2 minutes) leaves the seating to the round's timer", () => {
    const end = roundEnd(false, t(0), 120);
    expect(end).toEqual({ kind: 'next-round', startsAt: new Date(t(0).getTime() + 120_000) });
    expect(seatNow(new Date(t(0).getTime() + 120_000), t(0))).toBe(false);
    expect(seatNow(new Date(t(0).getTime() + 120_000), new Date(t(0).getTime() + 120_000))).toBe(true);
  });

  it("the next round is seated from each table's advancers, in table order", () => {
    const r = (userId: string, advanced: boolean) => ({ userId, advanced }) as SeatResult;
    expect(advancersOf([{ result: [r('a', true), r('b', true), r('c', false)] }, { result: [r('d', false), r('e', true), r('f', true)] }])).toEqual([
      ['a', 'b'],
      ['e', 'f'],
    ]);
  });
});

describe('results', () => {
  const r = (userId: string, advanced: boolean) => ({ userId, advanced }) as SeatResult;

  it('every player exits in the round they did not advance from, finalists by their final place', () => {
    const rounds = [
      { number: 1, tables: [{ result: [r('a', true), r('b', true), r('x', false), r('y', false)] }] },
      { number: 2, tables: [{ result: [r('b', false), r('a', false), r('c', false), r('d', false)] }] },
    ];
    expect(exitsOf(rounds, 2)).toEqual([
      { playerId: 'x', round: 1 },
      { playerId: 'y', round: 1 },
      { playerId: 'b', round: 2, finalPlace: 1 },
      { playerId: 'a', round: 2, finalPlace: 2 },
      { playerId: 'c', round: 2, finalPlace: 3 },
      { playerId: 'd', round: 2, finalPlace: 3 },
    ]);
  });

  it('a disqualified player keeps the place but earns no points and no prize', () => {
    const awards: PlayerAward[] = [
      { playerId: 'a', placement: '1', points: 100, prizeCents: 5000 },
      { playerId: 'b', placement: '2', points: 70, prizeCents: 3000 },
    ];
    expect(placementsOf(awards, new Set(['a']))).toEqual([
      { userId: 'a', placement: '1', rankingPoints: 0, prizeCents: 0, disqualified: true },
      { userId: 'b', placement: '2', rankingPoints: 70, prizeCents: 3000, disqualified: false },
    ]);
  });

  it("a challenge's own prize split is used only when it is a whole split", () => {
    expect(isPrizeSplit({ first: 50, second: 30, thirdFourthEach: 10 })).toBe(true);
    expect(isPrizeSplit({ first: 50, second: 30 })).toBe(false);
    expect(isPrizeSplit(null)).toBe(false);
  });
});

describe('a tiebreak pick', () => {
  const draw = startDraw({ drawId: 'draw-1', players: ['a', 'b'], places: 1 }) as TiebreakState;
  const closesAt = t(5);

  it('is taken in the open window it was made in', () => {
    expect(isTiebreakError(draw)).toBe(false);
    expect(pickDecision({ state: draw, decided: false, closesAt }, { userId: 'a', position: 3, seenRound: 1 }, t(4))).toBe('pick');
  });

  it('the same pick again is answered, not applied twice', () => {
    const picked = pick(draw, 'a', 3) as TiebreakState;
    expect(pickDecision({ state: picked, decided: false, closesAt }, { userId: 'a', position: 3, seenRound: 1 }, t(6))).toBe('answer-again');
  });

  it('is refused after the window closed, once the draw is decided, or when made in a window that has since closed', () => {
    expect(pickDecision({ state: draw, decided: false, closesAt }, { userId: 'a', position: 3, seenRound: 1 }, t(6))).toBe('window-closed');
    expect(pickDecision({ state: draw, decided: true, closesAt }, { userId: 'a', position: 3, seenRound: 1 }, t(4))).toBe('window-closed');
    expect(pickDecision({ state: draw, decided: false, closesAt }, { userId: 'a', position: 3, seenRound: 0 }, t(4))).toBe('window-closed');
    expect(pickDecision({ state: draw, decided: false, closesAt }, { userId: 'a', position: 3, seenRound: null }, t(4))).toBe('window-closed');
  });
});

describe("a tiebreak draw's window closes", () => {
  const draw = startDraw({ drawId: 'draw-2', players: ['a', 'b'], places: 1 }) as TiebreakState;
  const closesAt = t(5);
  const hand = (s: TiebreakState, who: string, from: number) => [0, 1, 2, 3, 4, 5, 6].reduce((x, k) => pick(x, who, from + k) as TiebreakState, s);

  it('at the end of its 5 seconds, whatever was picked', () => {
    expect(drawCloseDecision({ state: draw, closesAt }, t(5))).toBe('close');
    expect(drawCloseDecision({ state: hand(draw, 'a', 0), closesAt }, t(6))).toBe('close');
  });

  it('before that, only once every tied player holds a full hand', () => {
    expect(drawCloseDecision({ state: draw, closesAt }, t(1))).toBe('wait');
    const oneHand = hand(draw, 'a', 0);
    expect(drawCloseDecision({ state: oneHand, closesAt }, t(1))).toBe('wait');
    const sixOfSeven = [0, 1, 2, 3, 4, 5].reduce((x, k) => pick(x, 'b', 10 + k) as TiebreakState, oneHand);
    expect(drawCloseDecision({ state: sixOfSeven, closesAt }, t(1))).toBe('wait');
    expect(drawCloseDecision({ state: pick(sixOfSeven, 'b', 20) as TiebreakState, closesAt }, t(1))).toBe('close');
  });

  it("a second closer (the window's timer after the last pick's close) finds the next window open with nothing picked, and waits", () => {
    // a holds 6-4 and b holds 5-5: a split, so the draw goes on in a fresh window
    const plain = draw.tiles.map((tile, i) => (tile === '6-4' || tile === '5-5' ? -1 : i)).filter((i) => i >= 0);
    const take = (s: TiebreakState, who: string, positions: number[]) => positions.reduce((x, p) => pick(x, who, p) as TiebreakState, s);
    const full = take(take(draw, 'a', [draw.tiles.indexOf('6-4'), ...plain.slice(0, 6)]), 'b', [draw.tiles.indexOf('5-5'), ...plain.slice(6, 12)]);
    expect(drawCloseDecision({ state: full, closesAt }, t(1))).toBe('close');
    const next = closePicks(full) as TiebreakState;
    expect(next.status).toBe('picking');
    expect(drawCloseDecision({ state: next, closesAt: t(9) }, t(5))).toBe('wait');
  });
});

describe("a director's correction", () => {
  const players = ['a', 'b', 'c', 'd'];

  it('is refused in a cancelled challenge, for an order that does not list every player once, and once the next round is seated', () => {
    expect(correctionRefusal({ challengeStatus: 'cancelled', order: players, players })).toEqual({ code: 'CHALLENGE_CLOSED' });
    expect(correctionRefusal({ challengeStatus: 'running', order: ['a', 'b', 'c'], players })).toEqual({ code: 'BAD_ORDER' });
    expect(correctionRefusal({ challengeStatus: 'running', order: ['a', 'a', 'c', 'd'], players })).toEqual({ code: 'BAD_ORDER' });
    expect(correctionRefusal({ challengeStatus: 'running', order: ['d', 'c', 'b', 'a'], players, nextRound: 'running' })).toEqual({ code: 'ROUND_SEATED' });
  });

  it('is taken while the next round is pending or absent, and after completion', () => {
    expect(correctionRefusal({ challengeStatus: 'running', order: ['d', 'c', 'b', 'a'], players, nextRound: 'pending' })).toBeNull();
    expect(correctionRefusal({ challengeStatus: 'completed', order: ['d', 'c', 'b', 'a'], players, nextRound: null })).toBeNull();
  });

  it('keeps players out of play below every player still in play', () => {
    expect(outOfPlayRefusal(['b', 'a', 'c', 'd'], new Set(['b']))).toEqual({ code: 'PLAYER_DISQUALIFIED', userId: 'b' });
    expect(outOfPlayRefusal(['a', 'c', 'd', 'b'], new Set(['b']))).toBeNull();
  });

  it("places the director's order, the top two advancing from a round, with the game's scores", () => {
    const seatOf = new Map([['a', 0], ['b', 1], ['c', 2], ['d', 3]]);
    const state = { scores: [10, 20, 30, 40], forfeited: [false, true, false, false] };
    expect(correctedResults(['d', 'c', 'a', 'b'], seatOf, state, false)).toEqual([
      { userId: 'd', seat: 3, score: 40, place: 1, advanced: true, forfeited: false },
      { userId: 'c', seat: 2, score: 30, place: 2, advanced: true, forfeited: false },
      { userId: 'a', seat: 0, score: 10, place: 3, advanced: false, forfeited: false },
      { userId: 'b', seat: 1, score: 20, place: 4, advanced: false, forfeited: true },
    ]);
    expect(correctedResults(['d', 'c', 'a', 'b'], seatOf, null, true).map((r) => [r.place, r.advanced, r.score])).toEqual([
      [1, false, 0],
      [2, false, 0],
      [3, false, 0],
      [3, false, 0],
    ]);
  });
});
