import type { Prisma } from '@dcs/db';
import { containsPattern, PrismaService, startsWithPattern } from '@dcs/common';

type Tx = Prisma.TransactionClient;
type Db = Tx | PrismaService;

/** A player a reviewer may open a case about, found by name. */
export interface PlayerMatch {
  id: string;
  displayName: string;
}

/** One of a player's recent challenge games, as a reviewer picks it for a case. */
export interface RecentGame {
  id: string;
  status: string;
  startedAt: Date;
  finishedAt: Date | null;
  challengeId: string;
  city: string;
  localDate: string;
  round: number;
  table: number;
  /** The others at the table, by name. */
  opponents: string[];
}

/** Players whose display name holds `q` (any case), closest first: names that start with it, then the others, by name. */
export async function searchPlayers(db: Db, q: string, limit: number): Promise<PlayerMatch[]> {
  const rows = await db.$queryRaw<{ id: string; display_name: string }[]>`
    SELECT id, display_name FROM users
    WHERE display_name ILIKE ${containsPattern(q)}
    ORDER BY (display_name ILIKE ${startsWithPattern(q)}) DESC, display_name, id
    LIMIT ${limit}`;
  return rows.map((r) => ({ id: r.id, displayName: r.display_name }));
}

/** The player's latest challenge games (the table they sat at), newest first, with where and against whom: one query. */
export async function recentGamesOf(db: Db, userId: string, limit: number): Promise<RecentGame[]> {
  const rows = await db.$queryRaw<
    { id: string; status: string; started_at: Date; finished_at: Date | null; challenge_id: string; city: string; local_date: string; round: number; table_index: number; opponents: string[] | null }[]
  >`
    SELECT g.id, g.status::text AS status, g.started_at, g.finished_at, ch.id AS challenge_id, ci.name AS city, ch.local_date, r.number AS round, t.index AS table_index,
           (SELECT array_agg(u.display_name ORDER BY o.seat) FROM table_seats o JOIN users u ON u.id = o.user_id WHERE o.table_id = t.id AND o.user_id <> ${userId}::uuid) AS opponents
    FROM table_seats s
    JOIN challenge_tables t ON t.id = s.table_id
    JOIN games g ON g.table_id = t.id
    JOIN rounds r ON r.id = t.round_id
    JOIN challenges ch ON ch.id = t.challenge_id
    JOIN cities ci ON ci.id = ch.city_id
    WHERE s.user_id = ${userId}::uuid
    ORDER BY g.started_at DESC, g.id
    LIMIT ${limit}`;
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    challengeId: r.challenge_id,
    city: r.city,
    localDate: r.local_date,
    round: r.round,
    table: r.table_index + 1,
    opponents: r.opponents ?? [],
  }));
}

/**
 * The challenge games of `gameIds` at whose table none of `userIds` sat. A house game is not checked:
 * its seats are who sits there now (a player who left has no row), not who played that game.
 */
export async function gamesNotPlayedBy(db: Db, userIds: string[], gameIds: string[]): Promise<string[]> {
  if (!gameIds.length) return [];
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT g.id FROM games g
    WHERE g.id = ANY(${gameIds}::uuid[]) AND g.table_id IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM table_seats s WHERE s.table_id = g.table_id AND s.user_id = ANY(${userIds}::uuid[]))`;
  return rows.map((r) => r.id);
}
