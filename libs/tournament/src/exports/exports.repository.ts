import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import { Prisma } from '@dcs/db';
import { PG_POOL, PrismaService } from '@dcs/common';
import { assertDirectsCity } from '../accounts/director-cities.repository';
import { cityAuditScope } from '../audit/audit-log.repository';
import { ORDER_BLOCK } from '../season-standings.store';

/** A completed challenge's row of the results export: a placement with how far the player went. */
export interface ChallengeResultRow {
  placement: string;
  user_id: string;
  display_name: string;
  seed: number | null;
  rounds_played: number;
  last_round: number | null;
  tables_advanced: number;
  ranking_points: number;
  prize_cents: number;
  disqualified: boolean;
}

/** A stored standings row, in standings order. */
export interface StandingExportRow {
  position: number;
  rank: number;
  user_id: string;
  display_name: string;
  points: number;
  tournament_wins: number;
  games_played: number;
  avg_score_diff: number;
  tiebreak: string | null;
  elite_six_eligible: boolean;
  resets: string[];
  status: string;
  points_still_possible: number;
}

/** An audit entry of a city, oldest first. */
export interface AuditExportRow {
  id: string;
  created_at: Date;
  actor_id: string | null;
  actor_name: string | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  reason: string | null;
  data: unknown;
}

export interface ExportChallenge {
  id: string;
  cityId: string;
  status: string;
  localDate: string;
  completedAt: Date | null;
}

export interface ExportSeason {
  id: string;
  number: number;
  status: string;
  standingsAt: Date | null;
}

/** Rows fetched from the cursor at a time: the response is written between fetches (flat memory whatever the export's size). */
export const EXPORT_FETCH = 1_000;

/**
 * Reads for the exports (docs/operations.md, "For organisers"), each a server-side cursor in one
 * read-only REPEATABLE READ transaction on a connection of its own: the whole export is one snapshot
 * (a completion rewriting the standings halfway through neither repeats nor skips a player), read
 * EXPORT_FETCH rows at a time while the caller writes them out. A reader that stops (the client went
 * away) ends the transaction; a client that stops reading for longer than the idle timeout loses the
 * connection (PostgreSQL ends the session; the caller's next fetch fails and the response is cut).
 */
@Injectable()
export class ExportsRepository {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly prisma: PrismaService,
  ) {}

  /** NOT_YOUR_CITY unless the actor is an admin or a director of the city (read fresh: the check follows the person). */
  assertDirects(actorId: string, cityId: string): Promise<void> {
    return assertDirectsCity(this.prisma, actorId, cityId);
  }

  async challenge(id: string): Promise<ExportChallenge | null> {
    const { rows } = await this.pool.query<ExportChallenge>(
      `SELECT id, city_id AS "cityId", status::text AS status, local_date AS "localDate", completed_at AS "completedAt" FROM challenges WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  async season(cityId: string, seasonId: string): Promise<ExportSeason | null> {
    const { rows } = await this.pool.query<ExportSeason>(
      `SELECT id, number, status::text AS status, standings_at AS "standingsAt" FROM seasons WHERE id = $1 AND city_id = $2`,
      [seasonId, cityId],
    );
    return rows[0] ?? null;
  }

  async cityExists(cityId: string): Promise<boolean> {
    return (await this.pool.query(`SELECT 1 FROM cities WHERE id = $1`, [cityId])).rowCount === 1;
  }

  /** A challenge's placements, best first (then by name): seed, rounds played, tables advanced from, points and prize. */
  challengeResults(challengeId: string): AsyncGenerator<ChallengeResultRow> {
    return this.cursor<ChallengeResultRow>(
      `SELECT p.placement, p.user_id, u.display_name, s.seed, coalesce(s.rounds_played, 0) AS rounds_played, s.last_round,
              coalesce(s.tables_advanced, 0) AS tables_advanced, p.ranking_points, p.prize_cents, p.disqualified
       FROM placements p
       JOIN users u ON u.id = p.user_id
       LEFT JOIN LATERAL (
         SELECT min(ts.seed) AS seed, count(*)::int AS rounds_played, max(r.number) AS last_round,
                count(*) FILTER (WHERE EXISTS (
                  SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(t.result) = 'array' THEN t.result ELSE '[]'::jsonb END) e
                  WHERE e->>'userId' = p.user_id::text AND e->>'advanced' = 'true'))::int AS tables_advanced
         FROM table_seats ts JOIN challenge_tables t ON t.id = ts.table_id JOIN rounds r ON r.id = t.round_id
         WHERE t.challenge_id = p.challenge_id AND ts.user_id = p.user_id
       ) s ON true
       WHERE p.challenge_id = $1
       ORDER BY CASE p.placement WHEN '1' THEN 1 WHEN '2' THEN 2 WHEN '3-4' THEN 3 WHEN '5-8' THEN 4 WHEN '9-16' THEN 5 ELSE 6 END,
                u.display_name, p.user_id`,
      [challengeId],
    );
  }

  /** A season's stored standings in standings order, through its order blocks (key lookups: no sort of the season's rows). */
  seasonStandings(seasonId: string): AsyncGenerator<StandingExportRow> {
    return this.cursor<StandingExportRow>(
      `SELECT (o.block * ${ORDER_BLOCK} + k.i)::int AS position, st.rank, st.user_id, u.display_name, st.points, st.tournament_wins,
              st.games_played, st.avg_score_diff, st.tiebreak, st.elite_six_eligible, st.resets, st.status, st.points_still_possible
       FROM season_standing_order o
       CROSS JOIN LATERAL unnest(o.user_ids) WITH ORDINALITY AS k(user_id, i)
       JOIN season_standings st ON st.season_id = o.season_id AND st.user_id = k.user_id
       JOIN users u ON u.id = st.user_id
       WHERE o.season_id = $1
       ORDER BY o.block, k.i`,
      [seasonId],
    );
  }

  /**
   * A city's audit entries, oldest first, optionally from/before two instants: what a director of the
   * city reads of the log (`cityAuditScope`, the one rule of both) — the city's own, its seasons',
   * challenges', their tables' and director calls', how its challenges' games ended, and the tiers'.
   */
  cityAudit(cityId: string, from: Date | null, to: Date | null): AsyncGenerator<AuditExportRow> {
    const q = Prisma.sql`
      SELECT a.id, a.created_at, a.actor_id, actor.display_name AS actor_name, a.action, a.entity_type, a.entity_id, a.reason, a.data
      FROM audit_log a
      LEFT JOIN users actor ON actor.id = a.actor_id
      WHERE (${from}::timestamptz IS NULL OR a.created_at >= ${from}::timestamptz) AND (${to}::timestamptz IS NULL OR a.created_at < ${to}::timestamptz)
        AND ${cityAuditScope({ cityId })}
      ORDER BY a.created_at, a.id`;
    return this.cursor<AuditExportRow>(q.text, q.values);
  }

  /** Rows of one statement through a cursor, EXPORT_FETCH at a time, in one read-only snapshot; the connection is released when the reader stops. */
  private async *cursor<Row>(sql: string, params: unknown[]): AsyncGenerator<Row> {
    const client: PoolClient = await this.pool.connect();
    let state: 'reading' | 'committed' | 'failed' = 'reading';
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      // a client that stops reading does not hold a snapshot (and this connection) for ever
      await client.query(`SET LOCAL idle_in_transaction_session_timeout = '60s'`);
      await client.query(`DECLARE export_rows NO SCROLL CURSOR FOR ${sql}`, params);
      for (;;) {
        const { rows } = await client.query<Row & object>(`FETCH ${EXPORT_FETCH} FROM export_rows`);
        for (const row of rows) yield row;
        if (rows.length < EXPORT_FETCH) break;
      }
      await client.query('COMMIT');
      state = 'committed';
    } catch (err) {
      // the connection is in an unknown state (a timed-out session, a failed statement): not back to the pool
      state = 'failed';
      client.release(err as Error);
      throw err;
    } finally {
      if (state === 'committed') client.release();
      else if (state === 'reading') {
        // the reader stopped early (return()): end the transaction before the connection goes back
        await client.query('ROLLBACK').then(
          () => client.release(),
          (err: Error) => client.release(err),
        );
      }
    }
  }
}
