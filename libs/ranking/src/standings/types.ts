/** The standings' shapes (SPEC 4): the season's facts in, the standings out, and the errors. */
import type { Placement } from '../points';

/** One seat of a table game: who sat there, their final place (1 = best) and final score. */
export interface TableGameSeat {
  readonly playerId: string;
  readonly place: number;
  readonly score: number;
}

/** All seats of one table game, the player's own seat included. */
export type TableGame = readonly TableGameSeat[];

/** One player's part in one challenge. */
export interface ChallengeEntry {
  readonly playerId: string;
  /** Ranking points earned in this challenge (SPEC 3.6); authoritative over `placement`. */
  readonly points: number;
  readonly placement: Placement;
  /** Won the challenge (1st place). */
  readonly won: boolean;
  /** The table games this player played in this challenge. */
  readonly tableGames: readonly TableGame[];
}

export interface SeasonChallenge {
  readonly challengeId: string;
  /** Week of the season (1..12); challenges are given in date order. */
  readonly week: number;
  /** Every player who played, once each. */
  readonly entries: readonly ChallengeEntry[];
}

export type SeasonPenalty =
  /** Season total set to 0 from this point: points of challenges in weeks ≤ afterWeek no longer count. */
  | { readonly kind: 'rank-reset'; readonly playerId: string; readonly afterWeek: number; readonly reason: string }
  /** Removed from the season's standings and Elite Six. */
  | { readonly kind: 'season-ban'; readonly playerId: string; readonly reason: string }
  /** Stays in the standings, cannot be in the Elite Six (conduct). */
  | { readonly kind: 'elite-six-disqualification'; readonly playerId: string; readonly reason: string };

export type TiebreakRule = 'head-to-head' | 'tournament-wins' | 'score-differential' | 'games-played' | 'recent-performance';

/** What separated a player from the one directly above: points, a tiebreaker, or nothing (first, or still tied). */
export type RankReason = 'points' | TiebreakRule | null;

export const TIEBREAK_CHAIN: readonly TiebreakRule[] = [
  'head-to-head',
  'tournament-wins',
  'score-differential',
  'games-played',
  'recent-performance',
];

/** Decision (SPEC 4): the games-played tiebreaker counts only at or above this many table games. */
export const DEFAULT_MIN_GAMES = 5;

export interface StandingsOptions {
  readonly minGames?: number;
}

export interface StandingsEntry {
  /** 1-based; equal for players still level after the whole chain. */
  readonly rank: number;
  readonly playerId: string;
  readonly points: number;
  readonly tournamentWins: number;
  readonly gamesPlayed: number;
  /** Average over table games of (own final score − mean final score of the others at the table); 0 with no games. */
  readonly avgScoreDiff: number;
  readonly tiebreak: RankReason;
  /** False after a loss of Elite Six qualification (conduct). */
  readonly eliteSixEligible: boolean;
  /** Reasons of the rank resets applied to this player (history is kept, the total restarts). */
  readonly resets: readonly string[];
}

export type StandingsErrorCode = 'DUPLICATE_ENTRY' | 'BAD_POINTS' | 'BAD_TABLE_GAME';

export interface StandingsError {
  readonly code: StandingsErrorCode;
  readonly message: string;
}

export function isStandingsError(value: unknown): value is StandingsError {
  return typeof value === 'object' && value !== null && 'code' in value && 'message' in value && !Array.isArray(value);
}

/**
 * Per-game differentials are own − (sum of others)/k with k = others at the
 * table (2 or 3; 1..5 allowed). Summing them scaled by 60 = lcm(1..5) keeps
 * them whole numbers, so comparing averages is exact: no float ties or misses.
 */
export const DIFF_SCALE = 60;

export interface PlayerSeasonFacts {
  readonly playerId: string;
  readonly points: number;
  readonly tournamentWins: number;
  readonly gamesPlayed: number;
  /** Sum of per-game differentials × DIFF_SCALE (an integer for integer scores). */
  readonly scaledDiffSum: number;
  /** Counted points per challenge, in challenge order (0 where the player did not play or a reset wiped it). */
  readonly pointsByChallenge: readonly number[];
  readonly eliteSixEligible: boolean;
  readonly resets: readonly string[];
}

/** Everything the tiebreakers look at, built once per season by `seasonFacts`. */
export interface SeasonFacts {
  readonly players: ReadonlyMap<string, PlayerSeasonFacts>;
  /** meetings.get(a).get(b) = a's wins − losses against b over every table where both sat. */
  readonly meetings: ReadonlyMap<string, ReadonlyMap<string, number>>;
  readonly minGames: number;
}
