import { eliteSix, eliteSixBenefit, isStandingsError, seasonStandings } from '@dcs/ranking';
import type { StandingsEntry } from '@dcs/ranking';

/** Standings from [playerId, points, rank?] rows (rank defaults to position), eligibility via `dq`. */
function table(rows: readonly (readonly [string, number, number?])[], dq: readonly string[] = []): StandingsEntry[] {
  return rows.map(([playerId, points, rank], i) => ({
    rank: rank ?? i + 1,
    playerId,
    points,
    tournamentWins: 0,
    gamesPlayed: 0,
    avgScoreDiff: 0,
    tiebreak: null,
    eliteSixEligible: !dq.includes(playerId),
    resets: [],
  }));
}

describe('Elite Six benefits', () => {
  it('follow the table when the points reach the rank’s row', () => {
    expect(eliteSixBenefit(1, 2000)).toBe('seed-1-travel');
    expect(eliteSixBenefit(2, 1500)).toBe('seed-2-3');
    expect(eliteSixBenefit(3, 1999)).toBe('seed-2-3');
    expect(eliteSixBenefit(6, 1000)).toBe('qualification');
  });

  it('a qualifier ranked higher than their points reach gets the highest row their points meet, never a higher one', () => {
    expect(eliteSixBenefit(1, 1999)).toBe('seed-2-3');
    expect(eliteSixBenefit(1, 1499)).toBe('qualification');
    expect(eliteSixBenefit(2, 1499)).toBe('qualification');
    expect(eliteSixBenefit(4, 5000)).toBe('qualification');
    expect(eliteSixBenefit(6, 999)).toBeNull();
  });
});

describe('Elite Six at season close', () => {
  it('takes the top six with at least 1,000 points', () => {
    const s = table([
      ['a', 2500],
      ['b', 1800],
      ['c', 1600],
      ['d', 1400],
      ['e', 1200],
      ['f', 1000],
      ['g', 1000 - 25],
    ].map(([id, p], i) => [id as string, p as number, i + 1] as const));
    const r = eliteSix(s);
    expect(r.qualifiers.map((q) => [q.seed, q.playerId, q.benefit])).toEqual([
      [1, 'a', 'seed-1-travel'],
      [2, 'b', 'seed-2-3'],
      [3, 'c', 'seed-2-3'],
      [4, 'd', 'qualification'],
      [5, 'e', 'qualification'],
      [6, 'f', 'qualification'],
    ]);
    expect(r.needsDraw).toBeNull();
  });

  it('has fewer than six when fewer have 1,000 points', () => {
    const r = eliteSix(table([['a', 1300], ['b', 1000], ['c', 975], ['d', 900]]));
    expect(r.qualifiers.map((q) => q.playerId)).toEqual(['a', 'b']);
    expect(r.qualifiers.every((q) => q.benefit === 'qualification')).toBe(true);
    expect(eliteSix(table([['a', 999]])).qualifiers).toEqual([]);
  });

  it('a rank-1 player under 2,000 does not get the seed-1 travel bonus', () => {
    const r = eliteSix(table([['a', 1900], ['b', 1700], ['c', 1200]]));
    expect(r.qualifiers.map((q) => q.benefit)).toEqual(['seed-2-3', 'seed-2-3', 'qualification']);
  });

  it('a tie across the 6th-place cut is returned for the draw, with the places it contests', () => {
    const s = table([
      ['a', 2000, 1],
      ['b', 1800, 2],
      ['c', 1600, 3],
      ['d', 1400, 4],
      ['e', 1100, 5],
      ['f', 1100, 5],
      ['g', 1100, 5],
      ['h', 1000, 8],
    ]);
    const r = eliteSix(s);
    expect(r.qualifiers.map((q) => q.playerId)).toEqual(['a', 'b', 'c', 'd']);
    expect(r.needsDraw).toEqual({ players: ['e', 'f', 'g'], places: 2 });

    const settled = eliteSix(s, { drawOrder: ['g', 'e', 'f'] });
    expect(settled.needsDraw).toBeNull();
    expect(settled.qualifiers.map((q) => q.playerId)).toEqual(['a', 'b', 'c', 'd', 'g', 'e']);
  });

  it('a tie inside the six is reported but needs no cut draw', () => {
    const r = eliteSix(table([['a', 2100, 1], ['b', 2100, 1], ['c', 1200, 3]]));
    expect(r.needsDraw).toBeNull();
    expect(r.seedTies).toEqual([{ players: ['a', 'b'], seeds: [1, 2] }]);
  });

  it('skips a player who lost qualification so the next eligible gets in (a season-banned one is not in the standings at all)', () => {
    const s = table(
      [
        ['a', 2400],
        ['b', 1800],
        ['c', 1600],
        ['d', 1400],
        ['e', 1200],
        ['f', 1100],
        ['g', 1050],
      ],
      ['b'],
    );
    const r = eliteSix(s);
    expect(r.qualifiers.map((q) => [q.seed, q.playerId, q.rank, q.benefit])).toEqual([
      [1, 'a', 1, 'seed-1-travel'],
      [2, 'c', 3, 'seed-2-3'],
      [3, 'd', 4, 'qualification'],
      [4, 'e', 5, 'qualification'],
      [5, 'f', 6, 'qualification'],
      [6, 'g', 7, 'qualification'],
    ]);
    expect(r.skipped).toEqual(['b']);
  });
});

describe('Elite Six from real standings', () => {
  it('a season-banned player is out of the standings, so the next eligible player gets in', () => {
    const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    // Week w: player i scores 500 if i === w-1 else 200 - 10·i (distinct totals, all ≥ 1,000 after 7 weeks).
    const challenges = [1, 2, 3, 4, 5, 6, 7].map((week) => ({
      challengeId: `c${week}`,
      week,
      entries: ids.map((playerId, i) => ({
        playerId,
        points: i === week - 1 ? 500 : 200 - 10 * i,
        placement: 'participation' as const,
        won: i === week - 1,
        tableGames: [],
      })),
    }));
    const s = seasonStandings(challenges, [{ kind: 'season-ban', playerId: 'a', reason: 'cheating' }]);
    if (isStandingsError(s)) throw new Error(s.message);
    expect(s.some((e) => e.playerId === 'a')).toBe(false);
    expect(eliteSix(s).qualifiers.map((q) => q.playerId)).toEqual(['b', 'c', 'd', 'e', 'f', 'g']);
  });
});
