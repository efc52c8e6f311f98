import {
  DEFAULT_PRIZE_SPLIT,
  RANKING_POINTS,
  TIER_PRIZE_POOL_CENTS,
  challengeAwards,
  isPointsError,
  placementOf,
  prizeAmounts,
  prizeFor,
  rankingPoints,
} from '@dcs/ranking';
import type { PlayerAward, PlayerExit, PointsError, PrizeAmounts } from '@dcs/ranking';

function amounts(value: PrizeAmounts | PointsError): PrizeAmounts {
  if (isPointsError(value)) throw new Error(value.message);
  return value;
}

describe('placement from where a player went out', () => {
  it('final table: 1st, 2nd, and 3rd and 4th share 3rd-4th', () => {
    expect(placementOf(5, { round: 5, finalPlace: 1 })).toBe('1');
    expect(placementOf(5, { round: 5, finalPlace: 2 })).toBe('2');
    expect(placementOf(5, { round: 5, finalPlace: 3 })).toBe('3-4');
    expect(placementOf(5, { round: 5, finalPlace: 4 })).toBe('3-4');
  });

  it('out at a semifinal table (the round before the final) is 5th-8th', () => {
    expect(placementOf(5, { round: 4 })).toBe('5-8');
  });

  it('out at a quarterfinal table (two rounds before the final) is 9th-16th', () => {
    expect(placementOf(5, { round: 3 })).toBe('9-16');
  });

  it('anyone out earlier gets participation', () => {
    expect(placementOf(5, { round: 2 })).toBe('participation');
    expect(placementOf(5, { round: 1 })).toBe('participation');
    expect(placementOf(8, { round: 5 })).toBe('participation');
    expect(placementOf(8, { round: 6 })).toBe('9-16');
  });

  it('with 16 players (3 rounds) the quarterfinal tables are round 1', () => {
    expect(placementOf(3, { round: 1 })).toBe('9-16');
    expect(placementOf(3, { round: 2 })).toBe('5-8');
    expect(placementOf(3, { round: 3, finalPlace: 2 })).toBe('2');
  });

  it('refuses impossible exits', () => {
    const code = (v: unknown): string | null => (isPointsError(v) ? v.code : null);
    expect(code(placementOf(5, { round: 0 }))).toBe('BAD_ROUND');
    expect(code(placementOf(5, { round: 6 }))).toBe('BAD_ROUND');
    expect(code(placementOf(0, { round: 1 }))).toBe('BAD_ROUND');
    // events beyond the city: the NDT Finals is one table (1 round), a small Regional 2 rounds
    expect(placementOf(1, { round: 1, finalPlace: 2 })).toBe('2');
    expect(placementOf(2, { round: 1 })).toBe('5-8');
    expect(code(placementOf(5, { round: 5 }))).toBe('BAD_FINAL_PLACE');
    expect(code(placementOf(5, { round: 4, finalPlace: 1 }))).toBe('BAD_FINAL_PLACE');
  });
});

describe('ranking points', () => {
  it('500 / 350 / 200 / 100 / 50 / 25', () => {
    expect(['1', '2', '3-4', '5-8', '9-16', 'participation'].map((p) => RANKING_POINTS[p as keyof typeof RANKING_POINTS])).toEqual([
      500, 350, 200, 100, 50, 25,
    ]);
    expect(rankingPoints('3-4')).toBe(200);
  });
});

describe('prizes', () => {
  it('tier pools are $500, $1,000 and $2,000 in cents', () => {
    expect(TIER_PRIZE_POOL_CENTS).toEqual({ T1: 50_000, T2: 100_000, T3: 200_000 });
  });

  it.each([
    ['T1', 25_000, 15_000, 5_000],
    ['T2', 50_000, 30_000, 10_000],
    ['T3', 100_000, 60_000, 20_000],
  ] as const)('default split of %s: 1st 50%%, 2nd 30%%, 3rd and 4th 10%% each', (tier, first, second, third) => {
    const a = amounts(prizeAmounts(TIER_PRIZE_POOL_CENTS[tier]));
    expect(a).toEqual({ first, second, thirdFourthEach: third });
    expect(a.first + a.second + 2 * a.thirdFourthEach).toBe(TIER_PRIZE_POOL_CENTS[tier]);
  });

  it('a configured split is honoured, and rounding leftovers go to 1st so the pool is paid out exactly', () => {
    const a = amounts(prizeAmounts(100_001, { first: 4000, second: 3000, thirdFourthEach: 1500 }));
    expect(a).toEqual({ first: 40_001, second: 30_000, thirdFourthEach: 15_000 });
    const odd = amounts(prizeAmounts(99_999, DEFAULT_PRIZE_SPLIT));
    expect(odd).toEqual({ first: 50_002, second: 29_999, thirdFourthEach: 9_999 });
    expect(odd.first + odd.second + 2 * odd.thirdFourthEach).toBe(99_999);
  });

  it('refuses a split that does not share out exactly 100%, or a bad pool', () => {
    const code = (v: unknown): string | null => (isPointsError(v) ? v.code : null);
    expect(code(prizeAmounts(50_000, { first: 5000, second: 3000, thirdFourthEach: 500 }))).toBe('BAD_SPLIT');
    expect(code(prizeAmounts(50_000, { first: 5000, second: 3000, thirdFourthEach: 1000.5 }))).toBe('BAD_SPLIT');
    expect(code(prizeAmounts(50_000, { first: 12_000, second: -2000, thirdFourthEach: 0 }))).toBe('BAD_SPLIT');
    expect(code(prizeAmounts(500.5))).toBe('BAD_POOL');
    expect(code(prizeAmounts(-1))).toBe('BAD_POOL');
  });

  it('only the final table wins money', () => {
    const a = amounts(prizeAmounts(50_000));
    expect(['1', '2', '3-4', '5-8', '9-16', 'participation'].map((p) => prizeFor(p as never, a))).toEqual([
      25_000, 15_000, 5_000, 0, 0, 0,
    ]);
  });
});

describe('awards of a completed challenge', () => {
  const exits: PlayerExit[] = [
    { playerId: 'champ', round: 4, finalPlace: 1 },
    { playerId: 'runner', round: 4, finalPlace: 2 },
    { playerId: 'third', round: 4, finalPlace: 3 },
    { playerId: 'fourth', round: 4, finalPlace: 4 },
    { playerId: 'semi', round: 3 },
    { playerId: 'quarter', round: 2 },
    { playerId: 'early', round: 1 },
  ];

  it('gives each player their placement, points and prize', () => {
    const awards = challengeAwards(4, exits, TIER_PRIZE_POOL_CENTS.T2) as PlayerAward[];
    expect(awards).toEqual([
      { playerId: 'champ', placement: '1', points: 500, prizeCents: 50_000 },
      { playerId: 'runner', placement: '2', points: 350, prizeCents: 30_000 },
      { playerId: 'third', placement: '3-4', points: 200, prizeCents: 10_000 },
      { playerId: 'fourth', placement: '3-4', points: 200, prizeCents: 10_000 },
      { playerId: 'semi', placement: '5-8', points: 100, prizeCents: 0 },
      { playerId: 'quarter', placement: '9-16', points: 50, prizeCents: 0 },
      { playerId: 'early', placement: 'participation', points: 25, prizeCents: 0 },
    ]);
  });

  it('3rd and 4th given as the same shared place each get 10%', () => {
    const shared = exits.map((e) => (e.finalPlace === 4 ? { ...e, finalPlace: 3 as const } : e));
    const awards = challengeAwards(4, shared, TIER_PRIZE_POOL_CENTS.T1) as PlayerAward[];
    expect(awards.filter((a) => a.placement === '3-4').map((a) => a.prizeCents)).toEqual([5_000, 5_000]);
  });

  it('refuses a final table without exactly one 1st, one 2nd and two 3rd-4th, or a player listed twice', () => {
    const code = (v: unknown): string | null => (isPointsError(v) ? v.code : null);
    const twoWinners = exits.map((e) => (e.playerId === 'runner' ? { ...e, finalPlace: 1 as const } : e));
    expect(code(challengeAwards(4, twoWinners, 50_000))).toBe('BAD_FINAL_TABLE');
    expect(code(challengeAwards(4, exits.slice(1), 50_000))).toBe('BAD_FINAL_TABLE');
    expect(code(challengeAwards(4, [...exits, exits[6]], 50_000))).toBe('DUPLICATE_PLAYER');
    expect(code(challengeAwards(4, [...exits, { playerId: 'x', round: 9 }], 50_000))).toBe('BAD_ROUND');
  });
});
