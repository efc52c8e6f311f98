/**
 * Placements, ranking points and prize money of a completed weekly challenge
 * (SPEC 3.6). Pure functions; money is in integer cents, splits in basis
 * points (1/100 of a percent), so nothing is ever rounded by floating point.
 *
 * Where a player went out decides their placement. With R rounds (R ≥ 3):
 * - round R is the final table: 1st, 2nd, and 3rd-4th shared by the other two;
 * - round R − 1 has the 2 semifinal tables: their non-advancers are 5th-8th;
 * - round R − 2 has the 4 quarterfinal tables: their non-advancers are 9th-16th
 *   (with 16 players R = 3, so the quarterfinal tables are round 1);
 * - anyone out earlier who played gets participation. A player who had a bye
 *   and then went out in round 2 played, and is placed by round 2 like anyone.
 * A forfeited or no-show player still goes out at the table they were seated
 * at (SPEC 3.5 places them last there) and is placed by that round; removing a
 * player from the results altogether is a director's disqualification, not
 * this module's business.
 */

export type Placement = '1' | '2' | '3-4' | '5-8' | '9-16' | 'participation';

export const PLACEMENTS: readonly Placement[] = ['1', '2', '3-4', '5-8', '9-16', 'participation'];

export const RANKING_POINTS: Readonly<Record<Placement, number>> = {
  '1': 500,
  '2': 350,
  '3-4': 200,
  '5-8': 100,
  '9-16': 50,
  participation: 25,
};

export type Tier = 'T1' | 'T2' | 'T3';

/** The tier's prize pool in cents: T1 $500, T2 $1,000, T3 $2,000. */
export const TIER_PRIZE_POOL_CENTS: Readonly<Record<Tier, number>> = {
  T1: 50_000,
  T2: 100_000,
  T3: 200_000,
};

/** Shares of the pool in basis points; 3rd and 4th always get the same share. */
export interface PrizeSplit {
  readonly first: number;
  readonly second: number;
  readonly thirdFourthEach: number;
}

/** Decision (SPEC 3.6): 1st 50%, 2nd 30%, 3rd and 4th 10% each; configurable per tier. */
export const DEFAULT_PRIZE_SPLIT: PrizeSplit = { first: 5000, second: 3000, thirdFourthEach: 1000 };

export type PointsErrorCode = 'BAD_ROUND' | 'BAD_FINAL_PLACE' | 'BAD_FINAL_TABLE' | 'DUPLICATE_PLAYER' | 'BAD_SPLIT' | 'BAD_POOL';

export interface PointsError {
  readonly code: PointsErrorCode;
  readonly message: string;
}

export function isPointsError(value: unknown): value is PointsError {
  return typeof value === 'object' && value !== null && 'code' in value && 'message' in value;
}

function err(code: PointsErrorCode, message: string): PointsError {
  return { code, message };
}

/** Where a player went out: the round of their last table, and their place if it was the final table. */
export interface ChallengeExit {
  /** 1..rounds; `rounds` for the four finalists. */
  readonly round: number;
  /** Finalists only: 1, 2, or 3/4 (3 and 4 share 3rd-4th). */
  readonly finalPlace?: 1 | 2 | 3 | 4;
}

export function placementOf(totalRounds: number, exit: ChallengeExit): Placement | PointsError {
  // Weekly challenges have at least 3 rounds; events beyond the city (NDT Finals: one table) may have fewer.
  if (!Number.isInteger(totalRounds) || totalRounds < 1) return err('BAD_ROUND', 'a challenge has at least 1 round');
  if (!Number.isInteger(exit.round) || exit.round < 1 || exit.round > totalRounds) {
    return err('BAD_ROUND', `round must be 1..${totalRounds}`);
  }
  if (exit.round === totalRounds) {
    switch (exit.finalPlace) {
      case 1:
        return '1';
      case 2:
        return '2';
      case 3:
      case 4:
        return '3-4';
      default:
        return err('BAD_FINAL_PLACE', 'a finalist needs a final place 1-4');
    }
  }
  if (exit.finalPlace !== undefined) return err('BAD_FINAL_PLACE', 'only finalists have a final place');
  if (exit.round === totalRounds - 1) return '5-8';
  if (exit.round === totalRounds - 2) return '9-16';
  return 'participation';
}

export function rankingPoints(placement: Placement): number {
  return RANKING_POINTS[placement];
}

export interface PrizeAmounts {
  readonly first: number;
  readonly second: number;
  readonly thirdFourthEach: number;
}

/**
 * The pool shared out by the split, in cents. 2nd and each of 3rd-4th are
 * rounded down to the cent; 1st gets the rest, so the four amounts always add
 * up to the whole pool (decision; with the default split and the tier pools
 * nothing needs rounding).
 */
export function prizeAmounts(poolCents: number, split: PrizeSplit = DEFAULT_PRIZE_SPLIT): PrizeAmounts | PointsError {
  if (!Number.isSafeInteger(poolCents) || poolCents < 0) return err('BAD_POOL', 'the pool is a whole, non-negative number of cents');
  const parts = [split.first, split.second, split.thirdFourthEach];
  if (parts.some((x) => !Number.isInteger(x) || x < 0)) return err('BAD_SPLIT', 'split shares are whole, non-negative basis points');
  if (split.first + split.second + 2 * split.thirdFourthEach !== 10_000) {
    return err('BAD_SPLIT', 'the split must share out exactly 100% (10,000 basis points)');
  }
  const second = Math.floor((poolCents * split.second) / 10_000);
  const thirdFourthEach = Math.floor((poolCents * split.thirdFourthEach) / 10_000);
  return { first: poolCents - second - 2 * thirdFourthEach, second, thirdFourthEach };
}

export function prizeFor(placement: Placement, amounts: PrizeAmounts): number {
  switch (placement) {
    case '1':
      return amounts.first;
    case '2':
      return amounts.second;
    case '3-4':
      return amounts.thirdFourthEach;
    case '5-8':
    case '9-16':
    case 'participation':
      return 0;
  }
}

export interface PlayerExit extends ChallengeExit {
  readonly playerId: string;
}

export interface PlayerAward {
  readonly playerId: string;
  readonly placement: Placement;
  readonly points: number;
  readonly prizeCents: number;
}

/**
 * Placement, ranking points and prize of every player of a completed
 * challenge, in the order given. The final table must hold exactly one 1st,
 * one 2nd and two 3rd-4th.
 */
export function challengeAwards(
  totalRounds: number,
  exits: readonly PlayerExit[],
  poolCents: number,
  split: PrizeSplit = DEFAULT_PRIZE_SPLIT,
): PlayerAward[] | PointsError {
  const amounts = prizeAmounts(poolCents, split);
  if (isPointsError(amounts)) return amounts;
  const seen = new Set<string>();
  const awards: PlayerAward[] = [];
  for (const exit of exits) {
    if (seen.has(exit.playerId)) return err('DUPLICATE_PLAYER', `${exit.playerId} is listed twice`);
    seen.add(exit.playerId);
    const placement = placementOf(totalRounds, exit);
    if (isPointsError(placement)) return placement;
    awards.push({
      playerId: exit.playerId,
      placement,
      points: RANKING_POINTS[placement],
      prizeCents: prizeFor(placement, amounts),
    });
  }
  const count = (p: Placement): number => awards.filter((a) => a.placement === p).length;
  if (count('1') !== 1 || count('2') !== 1 || count('3-4') !== 2) {
    return err('BAD_FINAL_TABLE', 'the final table needs exactly one 1st, one 2nd and two 3rd-4th');
  }
  return awards;
}
