import { createGame, playRandomGame, seedRng, toRecord, type GameState } from '@dcs/engine';
import { analyzeGameGeneric, GENERIC_SKIPPED } from './analyze';
import { addSeat, emptyPlayerEvidence } from './evidence';

function played(ruleset: string, players: number, partners: boolean, seed: string): GameState {
  const g = createGame({ ruleset, players, partners, seed });
  if (!g.ok) throw new Error(g.error.message);
  return playRandomGame(g.state, seedRng(seed)).state;
}

describe('the ruleset-independent analysis (house rulesets, partnerships, 2 seats)', () => {
  it('replays a house game whole: every seat\'s timed choices (2+ legal moves, a known time), its outcome, no pair read', () => {
    const end = played('citizen', 4, true, 'generic-partners');
    expect(end.finished).toBe(true);
    const record = toRecord(end);
    const decisionMs = record.hands.map((h) => h.actions.map(() => 1500));
    const a = analyzeGameGeneric({ record, seatUsers: ['u0', 'u1', 'u2', null], decisionMs });
    expect(a).toMatchObject({ basis: 'generic', ruleset: 'citizen', partners: true, players: 4, complete: true, pairs: [] });
    expect(a.actions).toBe(record.hands.reduce((n, h) => n + h.actions.length, 0));
    expect(a.seats.map((s) => s.userId)).toEqual(['u0', 'u1', 'u2', null]);
    expect(a.seats.every((s) => s.basis === 'generic')).toBe(true);
    const timed = a.seats.reduce((n, s) => n + s.timedChoices, 0);
    expect(timed).toBeGreaterThan(0);
    expect(timed).toBeLessThan(a.actions);
    // every timed choice took 1.5 s
    for (const s of a.seats) expect(s.logMsSum).toBeCloseTo(s.timedChoices * Math.log(1500), 6);
    expect(a.seats.map((s) => s.points)).toEqual(end.scores);
    expect(a.seats.filter((s) => s.won === 1).length).toBeGreaterThanOrEqual(1);
    // what assumes the tournament rules is not measured
    expect(a.seats.every((s) => s.choices === 0 && s.hiddenPoints === 0 && s.hardChoices === 0 && s.falseKnocks === 0)).toBe(true);
    expect(a.skipped).toEqual(GENERIC_SKIPPED);
  });

  it('unknown decision times count nothing; a 2-seat game of another ruleset is analysed too', () => {
    const record = toRecord(played('inmate', 2, false, 'generic-two'));
    const a = analyzeGameGeneric({ record, seatUsers: ['a', 'b'] });
    expect(a).toMatchObject({ players: 2, complete: true, partners: false });
    expect(a.seats.every((s) => s.timedChoices === 0)).toBe(true);
  });

  it('in a player\'s evidence a generic game adds its decision times only (no game, win or points on the tournament scale)', () => {
    const record = toRecord(played('citizen', 3, false, 'generic-evidence'));
    const a = analyzeGameGeneric({ record, seatUsers: ['a', 'b', 'c'], decisionMs: record.hands.map((h) => h.actions.map(() => 900)) });
    const ev = emptyPlayerEvidence('a');
    addSeat(ev, a.seats[0]);
    expect(ev).toMatchObject({ games: 0, wins: 0, expectedWins: 0, points: 0, timedChoices: a.seats[0].timedChoices, logMsSum: a.seats[0].logMsSum });
  });
});
