/**
 * Season standings and the tiebreaker chain (SPEC 4). Pure functions over plain
 * facts: the season's challenges in date order and the penalties in force.
 *
 * Standings are ordered by season points; players level on points are ordered
 * by the tiebreaker chain. Whenever a rule splits a tied group, the chain restarts
 * from head-to-head inside every part that is still tied (SPEC 4 decision for
 * head-to-head; applied after every rule so that head-to-head is always judged
 * among exactly the players still level). Players still level after the whole
 * chain share a rank (1, 2, 2, 4 …); a tie across the Elite Six cut is
 * reported by `eliteSix` for the caller to settle with the 6-4/5-5 draw.
 *
 * One file per part: types.ts (the facts in,
 * the standings out), accumulator.ts (the facts, at once or a challenge at a time),
 * season-index.ts and challenge-stage.ts (the integer index they are kept in), tiebreakers.ts (the
 * rules as written, and the reference ranking) and ranker.ts (the indexed ranking).
 */
import { seasonFacts } from './accumulator';
import { standingsFromFacts } from './ranker';
import { isStandingsError } from './types';
import type { SeasonChallenge, SeasonPenalty, StandingsEntry, StandingsError, StandingsOptions } from './types';

export {
  DEFAULT_MIN_GAMES,
  isStandingsError,
  TIEBREAK_CHAIN,
  type ChallengeEntry,
  type PlayerSeasonFacts,
  type RankReason,
  type SeasonChallenge,
  type SeasonFacts,
  type SeasonPenalty,
  type StandingsEntry,
  type StandingsError,
  type StandingsErrorCode,
  type StandingsOptions,
  type TableGame,
  type TableGameSeat,
  type TiebreakRule,
} from './types';
export { SeasonAccumulator, seasonFacts } from './accumulator';
export {
  applyTiebreakChain,
  breakByGamesPlayed,
  breakByHeadToHead,
  breakByRecentPerformance,
  breakByScoreDifferential,
  breakByTournamentWins,
  referenceStandingsFromFacts,
  type TieGroup,
} from './tiebreakers';
export { standingsFromFacts } from './ranker';

/** The season standings, best first, with "explain my rank" in `tiebreak`. */
export function seasonStandings(
  challenges: readonly SeasonChallenge[],
  penalties: readonly SeasonPenalty[] = [],
  options: StandingsOptions = {},
): StandingsEntry[] | StandingsError {
  const facts = seasonFacts(challenges, penalties, options);
  if (isStandingsError(facts)) return facts;
  return standingsFromFacts(facts);
}
