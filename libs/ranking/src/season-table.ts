/**
 * The season table the platform stores and shows: the standings (points, the tiebreaker
 * chain, "explain my rank") with every player's Elite Six race status and the points still
 * possible. One pure function, so the stored rows (written when a challenge completes or a
 * penalty changes) and a recompute from scratch are the same computation.
 */
import { type SeasonChallenge, type SeasonPenalty, type StandingsEntry, type StandingsError, type StandingsOptions, isStandingsError, seasonStandings } from './standings';
import { type SeasonStatus, seasonStatuses } from './status';

export interface SeasonTableRow extends StandingsEntry {
  readonly status: SeasonStatus;
  readonly pointsStillPossible: number;
}

export interface SeasonTableOptions extends StandingsOptions {
  /**
   * After the season's close: the final Elite Six. Its members are `clinched`, everyone else
   * `eliminated` (a tie across the cut has been settled by the draw by then).
   */
  readonly finalEliteSix?: ReadonlySet<string>;
}

/** Rows from standings already computed; `remaining` = challenges of the season still to play. */
export function seasonTableFromStandings(standings: readonly StandingsEntry[], remaining: number, options: SeasonTableOptions = {}): SeasonTableRow[] {
  const final = options.finalEliteSix;
  if (final) {
    return standings.map((s) => ({ ...s, status: final.has(s.playerId) ? 'clinched' : 'eliminated', pointsStillPossible: 0 }));
  }
  // Standings entries are status inputs as they are; statuses come back in the same order.
  const { statuses, pointsStillPossible } = seasonStatuses(standings, remaining);
  const rows = new Array<SeasonTableRow>(standings.length);
  for (let i = 0; i < standings.length; i++) {
    const s = standings[i];
    rows[i] = {
      rank: s.rank,
      playerId: s.playerId,
      points: s.points,
      tournamentWins: s.tournamentWins,
      gamesPlayed: s.gamesPlayed,
      avgScoreDiff: s.avgScoreDiff,
      tiebreak: s.tiebreak,
      eliteSixEligible: s.eliteSixEligible,
      resets: s.resets,
      status: statuses[i],
      pointsStillPossible,
    };
  }
  return rows;
}

/** The whole table from the season's facts: completed challenges in date order and the penalties in force. */
export function seasonTable(
  challenges: readonly SeasonChallenge[],
  penalties: readonly SeasonPenalty[],
  totalChallenges: number,
  options: SeasonTableOptions = {},
): SeasonTableRow[] | StandingsError {
  const standings = seasonStandings(challenges, penalties, options);
  if (isStandingsError(standings)) return standings;
  return seasonTableFromStandings(standings, Math.max(0, totalChallenges - challenges.length), options);
}
