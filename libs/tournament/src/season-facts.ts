import type { Prisma } from '@dcs/db';
import type { Placement, SeasonChallenge, SeasonPenalty, TableGame } from '@dcs/ranking';
import type { SeatResult } from './challenge-rows';

type Db = Pick<Prisma.TransactionClient, 'challenge'>;

/**
 * The facts libs/ranking computes season standings from: every completed challenge of the
 * season in date order, each player's points, placement and win, and the table games they
 * played (all seats of each table with final place and score). Standings are always
 * computed from these facts, so they never drift. `only`: just these completed challenges (the
 * ones not folded in yet), `offset` being how many of the season's come before them.
 */
export async function loadSeasonChallenges(db: Db, seasonId: string, only?: { ids: readonly string[]; offset: number }): Promise<SeasonChallenge[]> {
  const challenges = await db.challenge.findMany({
    where: { seasonId, status: 'completed', ...(only ? { id: { in: [...only.ids] } } : {}) },
    orderBy: { localDate: 'asc' },
    select: {
      id: true,
      week: true,
      placements: { select: { userId: true, rankingPoints: true, placement: true } },
      tables: { where: { status: 'finished' }, select: { result: true } },
    },
  });
  return challenges.map((c, i) => {
    const games = new Map<string, TableGame[]>();
    for (const t of c.tables) {
      const game: TableGame = ((t.result as unknown as SeatResult[] | null) ?? []).map((r) => ({ playerId: r.userId, place: r.place, score: r.score }));
      for (const seat of game) games.set(seat.playerId, [...(games.get(seat.playerId) ?? []), game]);
    }
    return {
      challengeId: c.id,
      week: c.week ?? (only?.offset ?? 0) + i + 1,
      entries: c.placements.map((p) => ({
        playerId: p.userId,
        points: p.rankingPoints,
        placement: p.placement as Placement,
        won: p.placement === '1',
        tableGames: games.get(p.userId) ?? [],
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
