import type { AuditExportRow, ChallengeResultRow, ExportColumn, StandingExportRow } from '@dcs/tournament';

/*
 * The exports' columns: stable names (the CSV header and the JSON keys, documented in
 * docs/operations.md "For organisers" and by the row DTOs beside) in a stable order. A column a
 * person typed (`typed`) is neutralised in CSV. Add a column at the end; never rename one.
 */

export const CHALLENGE_RESULT_COLUMNS = (challengeId: string, date: string): ExportColumn<ChallengeResultRow>[] => [
  { name: 'challengeId', value: () => challengeId },
  { name: 'date', value: () => date },
  { name: 'placement', value: (r) => r.placement },
  { name: 'playerId', value: (r) => r.user_id },
  { name: 'displayName', typed: true, value: (r) => r.display_name },
  { name: 'seed', value: (r) => r.seed },
  { name: 'roundsPlayed', value: (r) => r.rounds_played },
  { name: 'lastRound', value: (r) => r.last_round },
  { name: 'tablesAdvanced', value: (r) => r.tables_advanced },
  { name: 'rankingPoints', value: (r) => r.ranking_points },
  { name: 'prizeCents', value: (r) => r.prize_cents },
  { name: 'disqualified', value: (r) => r.disqualified },
];

/** An Elite Six place, by player. */
export interface EliteSixSeat {
  seed: number;
  benefit: string;
}

export const STANDING_COLUMNS = (eliteSix: ReadonlyMap<string, EliteSixSeat>): ExportColumn<StandingExportRow>[] => [
  { name: 'position', value: (r) => r.position },
  { name: 'rank', value: (r) => r.rank },
  { name: 'playerId', value: (r) => r.user_id },
  { name: 'displayName', typed: true, value: (r) => r.display_name },
  { name: 'points', value: (r) => r.points },
  { name: 'tournamentWins', value: (r) => r.tournament_wins },
  { name: 'gamesPlayed', value: (r) => r.games_played },
  { name: 'avgScoreDiff', value: (r) => r.avg_score_diff },
  { name: 'tiebreak', value: (r) => r.tiebreak },
  { name: 'eliteSixEligible', value: (r) => r.elite_six_eligible },
  { name: 'status', value: (r) => r.status },
  { name: 'pointsStillPossible', value: (r) => r.points_still_possible },
  { name: 'resets', typed: true, value: (r) => (Array.isArray(r.resets) ? r.resets.join('; ') : '') },
  { name: 'eliteSixSeed', value: (r) => eliteSix.get(r.user_id)?.seed ?? null },
  { name: 'eliteSixBenefit', value: (r) => eliteSix.get(r.user_id)?.benefit ?? null },
];

export const AUDIT_COLUMNS: ExportColumn<AuditExportRow>[] = [
  { name: 'createdAt', value: (r) => r.created_at.toISOString() },
  { name: 'id', value: (r) => r.id },
  { name: 'actorId', value: (r) => r.actor_id },
  { name: 'actorName', typed: true, value: (r) => r.actor_name },
  { name: 'action', value: (r) => r.action },
  { name: 'entityType', value: (r) => r.entity_type },
  { name: 'entityId', value: (r) => r.entity_id },
  { name: 'reason', typed: true, value: (r) => r.reason },
  { name: 'data', typed: true, value: (r) => JSON.stringify(r.data ?? {}) },
];
