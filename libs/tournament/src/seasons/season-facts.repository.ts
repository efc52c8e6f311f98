import type { Prisma } from '@dcs/db';
import type { Placement, SeasonChallenge, SeasonPenalty, TableGame } from '@dcs/ranking';

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
  // Compact text (a placement "user points placement", a seat "user place score": both always written as numbers, see seatResults), about half the bytes of the rows as JSON and
  // cheaper to take apart: at a 50,000-player city a challenge's results are ~40,000 placements and ~10,000 tables.
  const challenges = await db.$queryRaw<{ id: string; week: number | null; placements: string | null; tables: string | null }[]>`
    SELECT c.id, c.week,
      (SELECT string_agg(concat(p.user_id, ' ', p.ranking_points, ' ', p.placement), ',') FROM placements p WHERE p.challenge_id = c.id) AS placements,
      (SELECT string_agg(coalesce((SELECT string_agg(concat(s->>'userId', ' ', s->>'place', ' ', s->>'score'), ';') FROM jsonb_array_elements(t.result) s), ''), ',')
         FROM challenge_tables t WHERE t.challenge_id = c.id AND t.status = 'finished') AS tables
    FROM challenges c
    WHERE c.season_id = ${seasonId}::uuid AND c.status = 'completed' AND (${ids}::uuid[] IS NULL OR c.id = ANY(${ids}::uuid[]))
    ORDER BY c.local_date`;
  return challenges.map((c, i) => {
    const games = new Map<string, TableGame[]>();
    for (const table of c.tables ? c.tables.split(',') : []) {
      const game: TableGame = table === '' ? [] : table.split(';').map((seat) => {
        const [playerId, place, score] = seat.split(' ');
        return { playerId, place: Number(place), score: Number(score) };
      });
      for (const seat of game) {
        const list = games.get(seat.playerId);
        if (list) list.push(game);
        else games.set(seat.playerId, [game]);
      }
    }
    return {
      challengeId: c.id,
      week: c.week ?? (only?.offset ?? 0) + i + 1,
      entries: (c.placements ? c.placements.split(',') : []).map((text) => {
        const [playerId, points, placement] = text.split(' ');
        return { playerId, points: Number(points), placement: placement as Placement, won: placement === '1', tableGames: games.get(playerId) ?? [] };
      }),
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
