import { runDrawToCompletion, drawResult, isTiebreakError, startDraw } from '@dcs/engine';
import type { ScoringInput, SeatBoardScore, Sitter } from './matchpoints';
import { duplicateResults, firstPlaceDrawInput, settleFirstPlace, standingsOf, twoDecimals, type DuplicateStanding } from './standings';
import { travellers } from './travellers';
import { boardHands } from './board-deal';

/** A seat's board row with just what the standings read. */
function row(id: string, percentage: number | null, more: Partial<SeatBoardScore> = {}): SeatBoardScore {
  return { round: 1, board: 1, table: 1, seat: 0, id, computer: false, status: 'finished', score: 0, result: 0, matchpoints: 0, compared: 2, percentage, forfeited: false, disqualified: false, ...more };
}
const placeOf = (standings: readonly DuplicateStanding[], id: string) => standings.find((s) => s.id === id)?.place;

describe('event percentage and places (SPEC 9.3)', () => {
  it('the event percentage is the average of the board percentages, to two decimals', () => {
    const { standings } = standingsOf([row('ann', 75), row('ann', 50, { board: 2 }), row('ann', 0, { board: 3 }), row('bob', 100), row('bob', 100, { board: 2 }), row('bob', 100, { board: 3 })]);
    expect(standings.find((s) => s.id === 'ann')).toMatchObject({ boards: 3, percentage: 41.67, place: 2 });
    expect(standings.find((s) => s.id === 'bob')).toMatchObject({ percentage: 100, place: 1 });
    expect(twoDecimals(100 / 3)).toBe(33.33);
    expect(twoDecimals(2 / 3 * 100)).toBe(66.67);
  });
  it('ties below 1st share the place (1, 2, 2, 4)', () => {
    const { standings, firstPlace } = standingsOf([row('a', 80), row('b', 60), row('c', 60), row('d', 10)]);
    expect(standings.map((s) => [s.id, s.place])).toEqual([['a', 1], ['b', 2], ['c', 2], ['d', 4]]);
    expect(firstPlace).toEqual({ kind: 'none' });
  });
  it('percentages equal to two decimals tie', () => {
    const { standings } = standingsOf([row('a', 60.001), row('b', 59.999), row('c', 10)]);
    expect(placeOf(standings, 'a')).toBe(1);
    expect(placeOf(standings, 'b')).toBe(1);
  });
  it('computers are compared but not placed; the disqualified are not placed', () => {
    const { standings } = standingsOf([row('computer:1', 90, { computer: true }), row('a', 70), row('b', 40), row('x', null, { disqualified: true })]);
    expect(standings.map((s) => [s.id, s.place])).toEqual([['a', 1], ['b', 2], ['computer:1', null], ['x', null]]);
    expect(standings.find((s) => s.id === 'computer:1')!.percentage).toBe(90);
  });
  it('a tie for 1st is flagged for the 6-4/5-5 draw, which decides 1st; the others tied share 2nd', () => {
    const results = { boards: [], ...standingsOf([row('a', 70), row('b', 70), row('c', 70), row('d', 20)]) };
    expect(results.firstPlace).toEqual({ kind: 'draw', players: ['a', 'b', 'c'] });
    const input = firstPlaceDrawInput(results, 'draw-1')!;
    expect(input).toEqual({ drawId: 'draw-1', players: ['a', 'b', 'c'], places: 1 });
    expect(isTiebreakError(startDraw(input))).toBe(false);
    const draw = runDrawToCompletion(input.drawId, input.players, input.places);
    if (isTiebreakError(draw)) throw new Error(draw.message);
    const decided = drawResult(draw)!;
    const settled = settleFirstPlace(results, decided);
    const winner = decided.winners[0];
    expect(settled.standings[0]).toMatchObject({ id: winner, place: 1 });
    expect(settled.standings.filter((s) => s.place === 2).map((s) => s.id).sort()).toEqual(['a', 'b', 'c'].filter((x) => x !== winner));
    expect(placeOf(settled.standings, 'd')).toBe(4);
    expect(settled.firstPlace).toEqual({ kind: 'none' });
    expect(() => settleFirstPlace(settled, decided)).toThrow(/no draw/);
  });
  it('more than 14 tied for 1st share it (the draw takes at most 14)', () => {
    const rows = Array.from({ length: 15 }, (_, i) => row(`p${String(i).padStart(2, '0')}`, 50));
    const { firstPlace } = standingsOf(rows);
    expect(firstPlace.kind).toBe('shared');
    expect(firstPlaceDrawInput({ firstPlace }, 'd')).toBeNull();
  });
});

describe('a whole night: results and travellers', () => {
  const p = (id: string): Sitter => ({ id, computer: false });
  const input: ScoringInput = {
    rounds: 2,
    boardsPerRound: 2,
    tables: [
      { round: 1, table: 1, seats: [p('a'), p('b'), p('c'), p('d')], boards: [{ board: 1, status: 'finished', scores: [20, 0, 0, 0] }, { board: 2, status: 'finished', scores: [0, 0, 0, 10] }] },
      { round: 1, table: 2, seats: [p('e'), p('f'), p('g'), { id: 'computer:1', computer: true }], boards: [{ board: 1, status: 'finished', scores: [10, 0, 0, 0] }, { board: 2, status: 'void' }] },
      { round: 2, table: 1, seats: [p('e'), p('b'), p('g'), p('d')], boards: [{ board: 1, status: 'finished', scores: [0, 0, 0, 0] }] },
      { round: 2, table: 2, seats: [p('a'), p('f'), p('c'), { id: 'computer:1', computer: true }], boards: [{ board: 1, status: 'finished', scores: [5, 0, 0, 0] }] },
    ],
  };
  it('running results count the boards scored so far', () => {
    const r = duplicateResults(input);
    // a: 100 (r1b1), 50 (r1b2: table 2 void, one table left), 100 (r2b1) → 83.33
    expect(r.standings.find((s) => s.id === 'a')).toMatchObject({ boards: 3, percentage: 83.33, place: 1 });
    expect(r.standings.find((s) => s.id === 'computer:1')).toMatchObject({ place: null });
    expect(r.boards.some((b) => b.round === 2 && b.board === 2)).toBe(false);
  });
  it('a disqualification removes the player’s results and recomputes the comparisons', () => {
    const r = duplicateResults({ ...input, disqualified: ['a'] });
    expect(r.standings.find((s) => s.id === 'a')).toMatchObject({ place: null, disqualified: true, boards: 0 });
    // e was compared with a on r1b1 (lost) and now stands alone: 50 %
    expect(r.boards.find((b) => b.id === 'e' && b.round === 1 && b.board === 1)).toMatchObject({ compared: 1, percentage: 50 });
  });
  it('travellers: the four hands, each table’s scores and results, matchpoints per seat', () => {
    const r = duplicateResults(input);
    const list = travellers('night-seed', r.boards);
    expect(list.map((t) => [t.round, t.board])).toEqual([[1, 1], [1, 2], [2, 1]]);
    const t = list[0];
    expect(t.hands).toEqual(boardHands('night-seed', 1, 1));
    expect(t.compared).toEqual([2, 2, 2, 2]);
    expect(t.tables[0]).toMatchObject({ table: 1, status: 'finished' });
    expect(t.tables[0].seats[0]).toMatchObject({ id: 'a', score: 20, result: 20, matchpoints: 2, percentage: 100 });
    expect(t.tables[1].seats[3]).toMatchObject({ id: 'computer:1', computer: true, score: 0, result: -3.3, matchpoints: 2, percentage: 100 });
    expect(list[1].tables[1]).toMatchObject({ status: 'void' });
    expect(travellers('night-seed', r.boards, 2)).toHaveLength(1);
  });
});
