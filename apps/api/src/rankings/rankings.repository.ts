import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { Season } from '@dcs/db';
import { containsPattern, PG_POOL, PrismaService } from '@dcs/common';
import { WHAT_I_NEED_LEADERS } from '@dcs/ranking';
import { ORDER_BLOCK, SeasonStandingsStore } from '@dcs/tournament';

/** A stored standings row as the page query returns it (column names). */
export interface StoredPageRow {
  user_id: string;
  rank: number;
  points: number;
  tournament_wins: number;
  games_played: number;
  avg_score_diff: number;
  tiebreak: string | null;
  status: string;
  points_still_possible: number;
  elite_six_eligible: boolean;
  resets: string[];
  display_name: string;
  /** Searches only: how many rows match in all. */
  matches?: number;
}

export interface StandingsPageRows {
  seasonStatus: Season['status'];
  challenges: number;
  standingsAt: Date | null;
  played: number;
  total: number;
  rows: StoredPageRow[];
  /** The season's first `WHAT_I_NEED_LEADERS` eligible players in standings order (what "what I need" reads besides a row). */
  leaders: SeasonLeader[];
}

export interface SeasonLeader {
  playerId: string;
  points: number;
}

/**
 * The season's ($1) first eligible players in standings order, from its first order block (key
 * lookups); a season whose first block holds fewer than WHAT_I_NEED_LEADERS eligible players
 * and has more is read in full by `leaders`.
 */
const LEADERS_SQL = `SELECT coalesce(json_agg(json_build_object('playerId', l.user_id, 'points', l.points) ORDER BY l.n), '[]'::json)
  FROM (SELECT st.user_id, st.points, k.i AS n
        FROM season_standing_order o
        CROSS JOIN LATERAL unnest(o.user_ids) WITH ORDINALITY AS k(user_id, i)
        JOIN season_standings st ON st.season_id = o.season_id AND st.user_id = k.user_id
        WHERE o.season_id = $1 AND o.block = 0 AND st.elite_six_eligible
        ORDER BY k.i LIMIT ${WHAT_I_NEED_LEADERS}) l`;

@Injectable()
export class RankingsRepository {
  constructor(
    private readonly prisma: PrismaService,
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly store: SeasonStandingsStore,
  ) {}

  season(cityId: string, seasonId: string): Promise<Season | null> {
    return this.prisma.season.findFirst({ where: { id: seasonId, cityId } });
  }

  /** A season without stored standings yet (created before they were kept, or never computed): compute and store them now. */
  async ensureStored(season: Season): Promise<void> {
    if (season.standingsAt) return;
    await this.prisma.$transaction((tx) => this.store.recompute(tx, season.id));
  }

  challengesPlayed(seasonId: string): Promise<number> {
    return this.prisma.challenge.count({ where: { seasonId, status: 'completed' } });
  }

  /**
   * The season, how many of its challenges are completed, and a page of its stored standings in
   * standings order (equal ranks by player id, as computed), optionally filtered by part of a
   * display name or a player id: one SQL statement, one round trip. Unfiltered, the page is a
   * range of positions read from the one or two order blocks that hold it (season_standing_order)
   * and the total the last block's end (key lookups at any season size); a search (a trigram index
   * on display names) counts only its matches. Null when the season is not the city's.
   */
  async standingsPage(cityId: string, seasonId: string, search: string | undefined, skip: number, take: number): Promise<StandingsPageRows | null> {
    const isId = search !== undefined && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(search);
    const pattern = search === undefined ? null : containsPattern(search);
    const filter = `(u.display_name ILIKE $5${isId ? ' OR st.user_id = $6::uuid' : ''})`;
    // A search counts its matches in the same scan that pages them (count(*) OVER ()); only a page
    // past the last match needs a count of its own.
    const totalSql =
      search === undefined
        ? `(SELECT o.block * ${ORDER_BLOCK} + cardinality(o.user_ids) FROM season_standing_order o WHERE o.season_id = $1 ORDER BY o.block DESC LIMIT 1)`
        : `(SELECT CASE WHEN $3 > 0 AND NOT EXISTS (SELECT 1 FROM page) THEN (SELECT count(*) FROM season_standings st JOIN users u ON u.id = st.user_id WHERE st.season_id = $1 AND ${filter}) END)`;
    const columns = `st.user_id, st.rank, st.points, st.tournament_wins, st.games_played, st.avg_score_diff, st.tiebreak, st.status,
                st.points_still_possible, st.elite_six_eligible, st.resets, u.display_name, st.position`;
    // A plain page: the one or two order blocks that hold its positions, then its rows by key.
    const pageSql =
      search === undefined
        ? `SELECT ${columns}
           FROM season_standing_order o
           CROSS JOIN LATERAL unnest(o.user_ids) WITH ORDINALITY AS k(user_id, i)
           JOIN season_standings st ON st.season_id = o.season_id AND st.user_id = k.user_id
           JOIN users u ON u.id = st.user_id
           WHERE o.season_id = $1 AND o.block >= $3::int / ${ORDER_BLOCK} AND o.block <= ($3::int + $4::int - 1) / ${ORDER_BLOCK}
             AND o.block * ${ORDER_BLOCK} + k.i > $3::int AND o.block * ${ORDER_BLOCK} + k.i <= $3::int + $4::int`
        : `SELECT ${columns}, count(*) OVER () AS matches
           FROM season_standings st JOIN users u ON u.id = st.user_id
           WHERE st.season_id = $1 AND ${filter}
           ORDER BY st.position OFFSET $3 LIMIT $4`;
    const params: unknown[] = [seasonId, cityId, skip, take];
    if (search !== undefined) params.push(pattern);
    if (isId) params.push(search.toLowerCase());
    const { rows } = await this.pool.query<{ status: Season['status']; challenges: number; standings_at: Date | null; played: number; total: number | null; page: StoredPageRow[]; leaders: SeasonLeader[] }>(
      `WITH page AS (${pageSql})
       SELECT se.status, se.challenges, se.standings_at,
              (SELECT count(*)::int FROM challenges WHERE season_id = $1 AND status = 'completed') AS played,
              ${totalSql}::int AS total,
              (SELECT coalesce(json_agg(page ORDER BY page.position), '[]'::json) FROM page) AS page,
              (${LEADERS_SQL}) AS leaders
       FROM seasons se WHERE se.id = $1 AND se.city_id = $2`,
      params,
    );
    const row = rows[0];
    if (!row) return null;
    const total = search !== undefined && row.page.length > 0 ? Number(row.page[0].matches) : (row.total ?? 0);
    // Too few eligible players in the first block (rare: a small season, or many players not eligible): the whole table, when a row needs them.
    let leaders = row.leaders;
    if (leaders.length < WHAT_I_NEED_LEADERS && row.page.some((r) => r.status === 'in-contention')) leaders = await this.allLeaders(seasonId);
    return { seasonStatus: row.status, challenges: row.challenges, standingsAt: row.standings_at, played: row.played, total, rows: row.page, leaders };
  }

  /** The season's first WHAT_I_NEED_LEADERS eligible players in standings order (its first order block, or, when that holds too few, the whole table). */
  async leaders(seasonId: string): Promise<SeasonLeader[]> {
    const first = await this.pool.query<{ leaders: SeasonLeader[] }>(`SELECT (${LEADERS_SQL}) AS leaders`, [seasonId]);
    return first.rows[0].leaders.length >= WHAT_I_NEED_LEADERS ? first.rows[0].leaders : this.allLeaders(seasonId);
  }

  private async allLeaders(seasonId: string): Promise<SeasonLeader[]> {
    const all = await this.pool.query<SeasonLeader>(
      `SELECT user_id AS "playerId", points FROM season_standings WHERE season_id = $1 AND elite_six_eligible ORDER BY position LIMIT ${WHAT_I_NEED_LEADERS}`,
      [seasonId],
    );
    return all.rows;
  }

  /** The first `take` stored rows of the season, in standings order (the provisional Elite Six reads the top): their order blocks, then the rows by key. */
  async topRows(seasonId: string, take: number) {
    const blocks = await this.prisma.seasonStandingOrder.findMany({ where: { seasonId, block: { lt: Math.ceil(take / ORDER_BLOCK) } }, orderBy: { block: 'asc' } });
    const ids = blocks.flatMap((b) => b.userIds).slice(0, take);
    const rows = await this.prisma.seasonStanding.findMany({ where: { seasonId, userId: { in: ids } }, include: { user: { select: { displayName: true } } } });
    return rows.sort((a, b) => a.position - b.position);
  }

  eliteSixEntries(seasonId: string) {
    return this.prisma.eliteSixEntry.findMany({ where: { seasonId }, orderBy: [{ removedAt: { sort: 'desc', nulls: 'first' } }, { seed: 'asc' }], include: { user: { select: { displayName: true } } } });
  }

  /** The seasons a player has a result in, newest first, with their stored row. */
  seasonsOf(userId: string) {
    return this.prisma.season.findMany({
      where: { weeklyChallenges: { some: { placements: { some: { userId } } } } },
      orderBy: { startDate: 'desc' },
      include: { city: { select: { id: true, name: true } }, standings: { where: { userId } } },
    });
  }

  /** The player's results, newest first. */
  history(userId: string) {
    return this.prisma.placement.findMany({
      where: { userId },
      include: { challenge: { select: { id: true, localDate: true, seasonId: true, week: true, kind: true, city: { select: { id: true, name: true } } } } },
      orderBy: { challenge: { localDate: 'desc' } },
    });
  }

  /** Every decided table both players sat at. */
  sharedTables(a: string, b: string) {
    return this.prisma.challengeTable.findMany({
      where: { status: 'finished', AND: [{ seats: { some: { userId: a } } }, { seats: { some: { userId: b } } }] },
      select: { id: true, challengeId: true, result: true, round: { select: { number: true } } },
    });
  }

  /** The player's display name, or null when there is no such user. */
  displayName(id: string): Promise<string | null> {
    return this.prisma.user.findUnique({ where: { id }, select: { displayName: true } }).then((u) => u?.displayName ?? null);
  }
}
