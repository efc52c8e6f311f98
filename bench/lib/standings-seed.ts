/**
 * A city season at scale for the benches (bench:standings, bench:web): `players` users, a city and
 * an active season inserted in SQL, and one stored standings row each written by the store's own
 * write path (`writeStandingRows`, twice: first write, then a rewrite). Synthetic rows in standings
 * order: points fall, some ties share a rank, places are split by points or the score differential.
 */
import { Client } from 'pg';
import type { PrismaService } from '@dcs/common';
import type { SeasonTableRow } from '@dcs/ranking';
import { writeStandingRows } from '@dcs/tournament';

export const FIRST = ['Alice', 'Bruno', 'Carmen', 'Dmitri', 'Elena', 'Farid', 'Grace', 'Hiro', 'Ines', 'Jamal', 'Keiko', 'Luis', 'Maya', 'Nadia', 'Omar', 'Priya', 'Quinn', 'Rosa', 'Sven', 'Tariq'];
export const LAST = ['Smith', 'Garcia', 'Nguyen', 'Okafor', 'Kowalski', 'Haddad', 'Tanaka', 'Silva', 'Moreau', 'Johansson', 'Reyes', 'Khan', 'Rossi', 'Novak', 'Mensah', 'Ivanova', 'Brown', 'Costa', 'Fischer', 'Lopez', 'Walker', 'Ali', 'Kim', 'Dubois', 'Petrov'];

export interface SeededStandings {
  city: string;
  season: string;
  users: string[];
  /** ms of the two store writes (first, rewrite) */
  writes: number[];
}

export async function seedStandingsSeason(dbUrl: string, prisma: PrismaService, players: number): Promise<SeededStandings> {
  const db = new Client({ connectionString: dbUrl });
  await db.connect();
  let city: string;
  let season: string;
  let users: string[];
  try {
    await db.query(
      `INSERT INTO users (id, email, password_hash, display_name, updated_at)
       SELECT gen_random_uuid(), 'bench' || i || '@example.com', 'x',
              ($2::text[])[1 + i % array_length($2::text[], 1)] || ' ' || ($3::text[])[1 + (i / 20) % array_length($3::text[], 1)] || ' ' || i, now()
       FROM generate_series(1, $1::int) AS i`,
      [players, FIRST, LAST],
    );
    city = (await db.query(`INSERT INTO cities (id, name, slug, time_zone, region, tier, updated_at) VALUES (gen_random_uuid(), 'Bench City', 'bench-city', 'America/New_York', 'east', 'T2', now()) RETURNING id`)).rows[0].id as string;
    season = (await db.query(`INSERT INTO seasons (id, city_id, number, start_date, status, standings_at, updated_at) VALUES (gen_random_uuid(), $1, 1, '2026-01-03', 'active', now(), now()) RETURNING id`, [city])).rows[0].id as string;
    users = (await db.query(`SELECT id FROM users WHERE email LIKE 'bench%@example.com' ORDER BY email`)).rows.map((r: { id: string }) => r.id);
  } finally {
    await db.end();
  }
  const rows: SeasonTableRow[] = [];
  let points = 5000;
  for (let i = 0; i < users.length; i++) {
    if (i % 7 === 0) points = Math.max(0, points - 25 * (1 + (i % 3)));
    const tied = i > 0 && rows[i - 1].points === points && i % 11 === 0;
    rows.push({
      rank: tied ? rows[i - 1].rank : i + 1,
      playerId: users[i],
      points,
      tournamentWins: i < 12 ? 1 : 0,
      gamesPlayed: 5 + (i % 20),
      avgScoreDiff: ((i * 37) % 200) / 7 - 14,
      tiebreak: i === 0 ? null : tied ? null : rows[i - 1].points === points ? 'score-differential' : 'points',
      eliteSixEligible: true,
      resets: [],
      status: 'in-contention',
      pointsStillPossible: 1000,
    });
  }
  const writes: number[] = [];
  for (let w = 0; w < 2; w++) {
    const t0 = performance.now();
    await prisma.$transaction((tx) => writeStandingRows(tx, season, rows), { timeout: 120_000 });
    writes.push(performance.now() - t0);
  }
  return { city, season, users, writes };
}
