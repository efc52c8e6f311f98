import type { Prisma } from '@dcs/db';
import type { Placement, SeasonChallenge, SeasonPenalty, TableGame } from '@dcs/ranking';
import type { SeatResult } from './challenge-rows';

type Db = Pick<Prisma.TransactionClient, '$queryRaw'>;

/**
 * The facts libs/ranking computes season standings from: every completed challenge of the
 * season in date order, each player's points, placement and win, and the table games they
 * played (all seats of each table with final place and score). Standings are always
 * computed from these facts, so they never drift. `only`: just these completed challenges (the
 * ones not folded in yet), `offset` being how many of the season's come before them.
 *
 * One statement; each challenge's placements and finished tables' results come back as two JSON
 * arrays (a city's week is ~40,000 placements and ~10,000 tables: one parse each instead of a row
 * object per placement).
 */
export async function loadSeasonChallenges(db: Db, seasonId: string, only?: { ids: readonly string[]; offset: number }): Promise<SeasonChallenge[]> {
  const ids = only ? [...only.ids] : null;
  const challenges = await db.$queryRaw<{ id: string; week: number | null; placements: [string, number, string][]; tables: (SeatResult[] | null)[] }[]>`
    SELECT c.id, c.week,
      (SELECT coalesce(json_agg(json_build_array(p.user_id, p.ranking_points, p.placement)), '[]'::json) FROM placements p WHERE p.challenge_id = c.id) AS placements,
      (SELECT coalesce(json_agg(t.result), '[]'::json) FROM challenge_tables t WHERE t.challenge_id = c.id AND t.status = 'finished') AS tables
    FROM challenges c
    WHERE c.season_id = ${seasonId}::uuid AND c.status = 'completed' AND (${ids}::uuid[] IS NULL OR c.id = ANY(${ids}::uuid[]))
    ORDER BY c.local_date`;
  return challenges.map((c, i) => {
    const games = new Map<string, TableGame[]>();
    for (const result of c.tables) {
      const game: TableGame = (result ?? []).map((r) => ({ playerId: r.userId, place: r.place, score: r.score }));
      for (const seat of game) {
        const list = games.get(seat.playerId);
        if (list) list.push(game);
        else games.set(seat.playerId, [game]);
      }
    }
    return {
      challengeId: c.id,
      week: c.week ?? (only?.offset ?? 0) + i + 1,
      entries: c.placements.map(([playerId, points, placement]) => ({
        playerId,
        points,
        placement: placement as Placement,
        won: placement === '1',
        tableGames: games.get(playerId) ?? [],
      })),
    };
  });
}

type PenaltyDb = Pick<Prisma.TransactionClient, 'seasonPenalty'>;

/** The penalties in force for a season (revoked ones are kept in the table but no longer count). */
export async function loadSeasonPenalties(db: PenaltyDb, seasonId: string): Promise<SeasonPenalty[]> {
  const rows = await db.seasonPenalty.findMany({ where: { seasonId, revokedAt: null }, orderBy: { createdAt: 'asc' } });
  return rows.map((r): SeasonPenalty => {
    switch (r.kind) {
      case 'rank_reset':
        return { kind: 'rank-reset', playerId: r.userId, afterWeek: r.afterWeek ?? 0, reason: r.reason };
      case 'season_ban':
        return { kind: 'season-ban', playerId: r.userId, reason: r.reason };
      case 'elite_six_disqualification':
        return { kind: 'elite-six-disqualification', playerId: r.userId, reason: r.reason };
    }
  });
}
