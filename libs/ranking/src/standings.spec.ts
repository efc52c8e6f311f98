import {
  applyTiebreakChain,
  breakByGamesPlayed,
  breakByHeadToHead,
  breakByRecentPerformance,
  breakByScoreDifferential,
  breakByTournamentWins,
  isStandingsError,
  seasonFacts,
  seasonStandings,
} from '@dcs/ranking';
import type { Placement, SeasonChallenge, SeasonFacts, SeasonPenalty, StandingsEntry, TableGame } from '@dcs/ranking';

/** [playerId, place, score] */
type Seat = readonly [string, number, number];

const PLACEMENT_OF: Readonly<Record<number, Placement>> = { 500: '1', 350: '2', 200: '3-4', 100: '5-8', 50: '9-16', 25: 'participation' };

function tableGame(...seats: Seat[]): TableGame {
  return seats.map(([playerId, place, score]) => ({ playerId, place, score }));
}

/** A challenge: points per player, the table games played, and who won (default: whoever got 500). */
function challenge(week: number, points: Readonly<Record<string, number>>, games: readonly TableGame[] = [], winners?: readonly string[]): SeasonChallenge {
  return {
    challengeId: `c${week}`,
    week,
    entries: Object.entries(points).map(([playerId, p]) => ({
      playerId,
      points: p,
      placement: PLACEMENT_OF[p] ?? 'participation',
      won: winners ? winners.includes(playerId) : p === 500,
      tableGames: games.filter((g) => g.some((s) => s.playerId === playerId)),
    })),
  };
}

function standings(challenges: readonly SeasonChallenge[], penalties: readonly SeasonPenalty[] = [], minGames?: number): StandingsEntry[] {
  const s = seasonStandings(challenges, penalties, minGames === undefined ? {} : { minGames });
  if (isStandingsError(s)) throw new Error(s.message);
  return s;
}

function facts(challenges: readonly SeasonChallenge[], minGames?: number): SeasonFacts {
  const f = seasonFacts(challenges, [], minGames === undefined ? {} : { minGames });
  if (isStandingsError(f)) throw new Error(f.message);
  return f;
}

const view = (s: readonly StandingsEntry[]): [number, string, string | null][] => s.map((e) => [e.rank, e.playerId, e.tiebreak]);

/** n games where everyone scores the same (differential 0) against outsiders, places given. */
function flatGames(player: string, n: number, tag: string): TableGame[] {
  return Array.from({ length: n }, (_, i) => tableGame([player, 1, 50], [`${tag}-x${i}`, 2, 50], [`${tag}-y${i}`, 3, 50], [`${tag}-z${i}`, 4, 50]));
}

describe('season standings by points', () => {
  it('orders by season total; the first has no reason, the rest were separated by points', () => {
    const s = standings([challenge(1, { a: 500, b: 350, c: 200 }), challenge(2, { a: 25, b: 200, c: 500 })]);
    expect(s.map((e) => [e.playerId, e.points])).toEqual([
      ['c', 700],
      ['b', 550],
      ['a', 525],
    ]);
    expect(view(s)).toEqual([
      [1, 'c', null],
      [2, 'b', 'points'],
      [3, 'a', 'points'],
    ]);
  });

  it('players still level after the whole chain share a rank and have no separating rule', () => {
    const s = standings([challenge(1, { a: 100, b: 100, c: 350 })]);
    expect(view(s)).toEqual([
      [1, 'c', null],
      [2, 'a', 'points'],
      [2, 'b', null],
    ]);
  });

  it('reports tournament wins, games played and the average score differential', () => {
    const g = tableGame(['a', 1, 100], ['b', 2, 50], ['c', 3, 50], ['d', 4, 20]);
    const s = standings([challenge(1, { a: 500, b: 350, c: 200, d: 200 }, [g])]);
    const a = s.find((e) => e.playerId === 'a')!;
    expect(a).toMatchObject({ tournamentWins: 1, gamesPlayed: 1, avgScoreDiff: 60 });
    expect(s.find((e) => e.playerId === 'd')!.avgScoreDiff).toBeCloseTo(20 - 200 / 3, 10);
  });

  it('rejects a player listed twice in one challenge', () => {
    const c = challenge(1, { a: 25 });
    const s = seasonStandings([{ ...c, entries: [...c.entries, ...c.entries] }]);
    expect(isStandingsError(s) && s.code).toBe('DUPLICATE_ENTRY');
  });
});

describe('tiebreaker 1: head-to-head', () => {
  it('between two: the one placed better at the tables where both sat ranks higher', () => {
    const g1 = tableGame(['b', 1, 150], ['a', 2, 100], ['x', 3, 0], ['y', 4, 0]);
    const g2 = tableGame(['a', 1, 150], ['b', 2, 145], ['x', 3, 0], ['y', 4, 0]);
    const g3 = tableGame(['b', 1, 150], ['a', 3, 20], ['x', 2, 30], ['y', 4, 0]);
    const c = [challenge(1, { a: 100, b: 100 }, [g1, g2, g3])];
    expect(breakByHeadToHead(['a', 'b'], facts(c))).toEqual([['b'], ['a']]);
    expect(view(standings(c)).slice(0, 2)).toEqual([
      [1, 'b', null],
      [2, 'a', 'head-to-head'],
    ]);
  });

  it('with three or more, counts wins minus losses among the tied players only', () => {
    // a beats b and c; b and c split their meetings; b loses to outsider x, which does not count.
    const games = [
      tableGame(['a', 1, 150], ['b', 2, 100], ['c', 3, 50], ['x', 4, 0]),
      tableGame(['a', 1, 150], ['c', 2, 100], ['b', 3, 50], ['x', 4, 0]),
      tableGame(['x', 1, 150], ['b', 2, 10], ['y', 3, 0], ['z', 4, 0]),
    ];
    const f = facts([challenge(1, { a: 100, b: 100, c: 100 }, games)]);
    expect(breakByHeadToHead(['a', 'b', 'c'], f)).toEqual([['a'], ['b', 'c']]);
  });

  it('restarts inside a sub-group: two left level among four are separated by their own meeting', () => {
    // Among {a,b,c,d}: a +3, b +1, c +1, d -5; b beat c, so b ranks above c.
    const games = [
      tableGame(['b', 1, 60], ['c', 2, 60], ['p', 3, 60], ['q', 4, 60]),
      tableGame(['c', 1, 60], ['d', 2, 60], ['p', 3, 60], ['q', 4, 60]),
      tableGame(['c', 1, 60], ['d', 2, 60], ['p', 3, 60], ['q', 4, 60]),
      tableGame(['a', 1, 60], ['d', 2, 60], ['p', 3, 60], ['q', 4, 60]),
      tableGame(['a', 1, 60], ['d', 2, 60], ['p', 3, 60], ['q', 4, 60]),
      tableGame(['a', 1, 60], ['d', 2, 60], ['p', 3, 60], ['q', 4, 60]),
    ];
    const c = [challenge(1, { a: 100, b: 100, c: 100, d: 100, p: 500, q: 350 }, games)];
    expect(breakByHeadToHead(['a', 'b', 'c', 'd'], facts(c))).toEqual([['a'], ['b', 'c'], ['d']]);
    expect(view(standings(c))).toEqual([
      [1, 'p', null],
      [2, 'q', 'points'],
      [3, 'a', 'points'],
      [4, 'b', 'head-to-head'],
      [5, 'c', 'head-to-head'],
      [6, 'd', 'head-to-head'],
    ]);
  });

  it('3-way with a sub-group still level after restarting: the rest of the chain decides inside it', () => {
    const games = [
      tableGame(['a', 1, 150], ['b', 2, 100], ['c', 3, 50], ['x', 4, 0]),
      tableGame(['a', 1, 150], ['c', 2, 100], ['b', 3, 50], ['x', 4, 0]),
    ];
    // b and c are 1-1 against each other; c has a tournament win (given by a separate flag).
    const c = [challenge(1, { a: 200, b: 200, c: 200, x: 25 }, games, ['c'])];
    expect(view(standings(c)).slice(0, 3)).toEqual([
      [1, 'a', null],
      [2, 'c', 'head-to-head'],
      [3, 'b', 'tournament-wins'],
    ]);
  });
});

describe('tiebreaker 2: tournament wins', () => {
  it('alone: more challenge wins ranks higher', () => {
    const c = [challenge(1, { a: 500, b: 350 }), challenge(2, { a: 350, b: 200 }), challenge(3, { b: 300 })];
    const f = facts(c);
    expect(f.players.get('a')!.points).toBe(f.players.get('b')!.points);
    expect(breakByTournamentWins(['b', 'a'], f)).toEqual([['a'], ['b']]);
  });

  it('in chain: applies when head-to-head is level', () => {
    const c = [challenge(1, { a: 500, b: 350 }), challenge(2, { a: 350, b: 500 }), challenge(3, { a: 500, b: 500 }, [], ['a'])];
    expect(view(standings(c))).toEqual([
      [1, 'a', null],
      [2, 'b', 'tournament-wins'],
    ]);
  });
});

describe('tiebreaker 3: average score differential', () => {
  it('alone: higher average of (own − mean of the others) ranks higher, compared exactly', () => {
    // a: one game at +10; b: a 3-player table at 20 − (10+0)/2 = +15 and a game at +5 → average +10 exactly.
    const games = [
      tableGame(['a', 1, 40], ['x', 2, 30], ['y', 3, 30], ['z', 4, 30]),
      tableGame(['b', 1, 20], ['u', 2, 10], ['v', 3, 0]),
      tableGame(['b', 1, 35], ['s', 2, 30], ['t', 3, 30], ['w', 4, 30]),
    ];
    const f = facts([challenge(1, { a: 50, b: 50 }, games)]);
    expect(breakByScoreDifferential(['a', 'b'], f)).toEqual([['a', 'b']]);
    const g2 = [...games, tableGame(['a', 1, 41], ['x', 2, 30], ['y', 3, 30], ['z', 4, 30])];
    expect(breakByScoreDifferential(['b', 'a'], facts([challenge(1, { a: 50, b: 50 }, g2)]))).toEqual([['a'], ['b']]);
  });

  it('thirds do not create false ties or false orders', () => {
    // a: 10 − (0+0+1)/3 = 9.666…; b: 10 − (0+1)/2 = 9.5.
    const games = [tableGame(['a', 1, 10], ['x', 2, 1], ['y', 3, 0], ['z', 4, 0]), tableGame(['b', 1, 10], ['u', 2, 1], ['v', 3, 0])];
    expect(breakByScoreDifferential(['b', 'a'], facts([challenge(1, { a: 25, b: 25 }, games)]))).toEqual([['a'], ['b']]);
  });

  it('in chain: decides after head-to-head and wins are level', () => {
    const games = [tableGame(['a', 1, 100], ['x', 2, 30], ['y', 3, 30], ['z', 4, 30]), tableGame(['b', 1, 100], ['u', 2, 90], ['v', 3, 90], ['w', 4, 90])];
    const s = standings([challenge(1, { a: 50, b: 50 }, games)]);
    expect(view(s).slice(0, 2)).toEqual([
      [1, 'a', null],
      [2, 'b', 'score-differential'],
    ]);
  });
});

describe('tiebreaker 4: games played, with the minimum', () => {
  const season = (ga: number, gb: number): SeasonChallenge[] => [challenge(1, { a: 50, b: 50 }, [...flatGames('a', ga, 'a'), ...flatGames('b', gb, 'b')])];

  it('at or above the minimum, more games ranks higher', () => {
    expect(breakByGamesPlayed(['b', 'a'], facts(season(6, 5)))).toEqual([['a'], ['b']]);
    expect(view(standings(season(5, 7))).slice(0, 2)).toEqual([
      [1, 'b', null],
      [2, 'a', 'games-played'],
    ]);
  });

  it('a player below the minimum ranks below one at it, even with fewer games', () => {
    expect(breakByGamesPlayed(['a', 'b'], facts(season(4, 5)))).toEqual([['b'], ['a']]);
  });

  it('two below the minimum stay level at this step and go on to recent performance', () => {
    expect(breakByGamesPlayed(['a', 'b'], facts(season(2, 4)))).toEqual([['a', 'b']]);
    const c = [...season(2, 4), challenge(2, { a: 25, b: 50 }), challenge(3, { a: 50, b: 25 })];
    expect(view(standings(c)).slice(0, 2)).toEqual([
      [1, 'a', null],
      [2, 'b', 'recent-performance'],
    ]);
  });

  it('the minimum is configurable', () => {
    expect(breakByGamesPlayed(['a', 'b'], facts(season(2, 4)), 2)).toEqual([['b'], ['a']]);
    expect(breakByGamesPlayed(['a', 'b'], facts(season(2, 4), 3))).toEqual([['b'], ['a']]);
  });
});

describe('tiebreaker 5: most recent tournament performance', () => {
  it('walks back a week at a time while equal', () => {
    const c = [challenge(1, { a: 50, b: 100 }), challenge(2, { a: 100, b: 50 }), challenge(3, { a: 50, b: 50 })];
    expect(breakByRecentPerformance(['b', 'a'], facts(c))).toEqual([['a'], ['b']]);
    expect(view(standings(c))).toEqual([
      [1, 'a', null],
      [2, 'b', 'recent-performance'],
    ]);
  });

  it('counts the most recent challenge either played; not playing is 0', () => {
    const c = [challenge(1, { a: 50, b: 25 }), challenge(2, { b: 25 })];
    expect(breakByRecentPerformance(['a', 'b'], facts(c))).toEqual([['b'], ['a']]);
  });

  it('all weeks equal leaves them level', () => {
    const c = [challenge(1, { a: 50, b: 50 })];
    expect(breakByRecentPerformance(['a', 'b'], facts(c))).toEqual([['a', 'b']]);
    expect(applyTiebreakChain(['b', 'a'], facts(c))).toEqual([{ players: ['a', 'b'], separatedBy: null }]);
  });
});

describe('penalties', () => {
  const season = [challenge(1, { a: 500, b: 350, c: 200 }), challenge(2, { a: 500, b: 200, c: 350 }), challenge(3, { a: 25, b: 100, c: 50 })];

  it('a rank reset sets the total to 0 from that point; later points count and the reason is kept', () => {
    const s = standings(season, [{ kind: 'rank-reset', playerId: 'a', afterWeek: 2, reason: 'collusion' }]);
    expect(s.map((e) => [e.playerId, e.points])).toEqual([
      ['b', 650],
      ['c', 600],
      ['a', 25],
    ]);
    const a = s.find((e) => e.playerId === 'a')!;
    expect(a.resets).toEqual(['collusion']);
    // History is kept: the wins still count as wins.
    expect(a.tournamentWins).toBe(2);
  });

  it('a season ban removes the player from the standings', () => {
    const s = standings(season, [{ kind: 'season-ban', playerId: 'a', reason: 'cheating' }]);
    expect(view(s)).toEqual([
      [1, 'b', null],
      [2, 'c', 'points'],
    ]);
  });

  it('a loss of Elite Six qualification keeps the player ranked but not eligible', () => {
    const s = standings(season, [{ kind: 'elite-six-disqualification', playerId: 'a', reason: 'conduct' }]);
    expect(s[0]).toMatchObject({ playerId: 'a', rank: 1, eliteSixEligible: false });
    expect(s[1].eliteSixEligible).toBe(true);
  });
});
