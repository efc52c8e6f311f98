/**
 * `npm run bench:standings-completion [-- --quick] [-- --players N]`
 *
 * A challenge's completion in a city season at scale, through the real store
 * (SeasonStandingsStore.afterChallengeCompleted, in the completion's transaction, on a throwaway
 * database): 50,000 players (2,000 with --quick), 12 weeks of synthetic results, each week 80 % of
 * the players at tables of 4 with few distinct points and scores (most places go to a tiebreaker).
 * Weeks 1-9 are completed first; then
 * - a rebuild: the season's standings with no facts kept (a restart, another instance), from
 *   every stored result;
 * - weeks 10, 11 and 12 completed one by one: each folds in only its own challenge and writes the
 *   season's rows. Median of the 3 and the spread, and the write alone (week 11's table rewritten
 *   as week 12's, and week 12's written again over itself).
 * - what each completion changed in the stored rows (read before and after it, outside the timed
 *   part): rows changed, added and removed, and per column how many rows changed;
 * - a profile of one completion's steps, each run alone on week 12 as the store runs it: loading the
 *   challenge's results, folding them in, ranking, the table (status), and the write.
 * Prints the figures; asserts nothing.
 */
import 'reflect-metadata';
import { Client } from 'pg';
import { generateVAPIDKeys } from 'web-push';
import { loadConfig, PrismaService } from '@dcs/common';
import { nextInt, seedRng } from '@dcs/engine';
import { isStandingsError, RANKING_POINTS, SeasonAccumulator, seasonTable, seasonTableFromStandings, standingsFromFacts } from '@dcs/ranking';
import { type Effect, loadSeasonChallenges, loadSeasonPenalties, SeasonStandingsStore, writeStandingRows } from '@dcs/tournament';
import { createApi } from '../apps/api/src/setup';
import { createBenchDatabase, dropBenchEnv, migrateDatabase, runBench } from '../scripts/lib/throwaway-env';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const playersArg = args.indexOf('--players');
const PLAYERS = playersArg >= 0 ? Number(args[playersArg + 1]) : quick ? 2_000 : 50_000;
if (!Number.isInteger(PLAYERS) || PLAYERS < 16) throw new Error('--players must be a whole number ≥ 16');
const WEEKS = 12;
const FIRST_MEASURED = 10;
const PG_BASE = process.env.BENCH_PG_BASE ?? 'postgresql://postgres@127.0.0.1:5432';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const log = (line: string) => process.stderr.write(`${line}\n`);
/** Placements and their ranking points (SPEC 3.6), best first. */
const POINTS = Object.entries(RANKING_POINTS);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (xs: number[]) => `${median(xs).toFixed(0)} ms (${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)})`;

/** Inserts the season's players and its 12 weeks (weeks < FIRST_MEASURED completed, the rest running with their results written). */
async function seed(dbUrl: string): Promise<{ season: string; challenges: string[] }> {
  const db = new Client({ connectionString: dbUrl });
  await db.connect();
  try {
    await db.query(`INSERT INTO users (id, email, password_hash, display_name, updated_at) SELECT gen_random_uuid(), 'fold' || i || '@example.com', 'x', 'Player ' || i, now() FROM generate_series(1, $1::int) AS i`, [PLAYERS]);
    const users = (await db.query(`SELECT id FROM users WHERE email LIKE 'fold%@example.com' ORDER BY email`)).rows.map((r: { id: string }) => r.id);
    const city = (await db.query(`INSERT INTO cities (id, name, slug, time_zone, region, tier, updated_at) VALUES (gen_random_uuid(), 'Fold City', 'fold-city', 'America/New_York', 'east', 'T2', now()) RETURNING id`)).rows[0].id as string;
    const season = (await db.query(`INSERT INTO seasons (id, city_id, number, start_date, challenges, status, updated_at) VALUES (gen_random_uuid(), $1, 1, '2027-01-02', $2, 'active', now()) RETURNING id`, [city, WEEKS])).rows[0].id as string;
    const challenges: string[] = [];
    for (let week = 1; week <= WEEKS; week++) {
      const rng = seedRng(`fold:${week}`);
      const date = new Date(Date.parse('2027-01-02T12:00:00Z') + (week - 1) * 7 * 86_400_000);
      const done = week < FIRST_MEASURED;
      const ch = (
        await db.query(
          `INSERT INTO challenges (id, city_id, season_id, week, local_date, starts_at, registration_opens_at, check_in_opens_at, check_in_closes_at, status, prize_pool_cents, prize_split, completed_at, version, updated_at)
           VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $5, $5, $5, $6, 0, '{}', $7, $8, now()) RETURNING id`,
          [city, season, week, date.toISOString().slice(0, 10), date, done ? 'completed' : 'running', done ? date : null, done ? 1 : 0],
        )
      ).rows[0].id as string;
      challenges.push(ch);
      const round = (await db.query(`INSERT INTO rounds (id, challenge_id, number, status) VALUES (gen_random_uuid(), $1, 1, 'finished') RETURNING id`, [ch])).rows[0].id as string;
      const field = users.filter(() => nextInt(rng, 5) > 0);
      const tables: { i: number; r: unknown }[] = [];
      for (let t = 0; t + 4 <= field.length; t += 4) {
        const seats = field.slice(t, t + 4).map((userId) => ({ userId, score: nextInt(rng, 4) * 50 }));
        seats.sort((a, b) => b.score - a.score);
        tables.push({ i: t / 4, r: seats.map((s, k) => ({ userId: s.userId, seat: k, score: s.score, place: k + 1, advanced: false, forfeited: false })) });
      }
      for (let k = 0; k < tables.length; k += 5_000) {
        await db.query(
          `INSERT INTO challenge_tables (id, challenge_id, round_id, index, status, result)
           SELECT gen_random_uuid(), $1, $2, x.i, 'finished', x.r FROM json_to_recordset($3::json) AS x(i int, r jsonb)`,
          [ch, round, JSON.stringify(tables.slice(k, k + 5_000))],
        );
      }
      const placements = field.map((u) => {
        const [p, n] = POINTS[Math.min(POINTS.length - 1, nextInt(rng, POINTS.length + 2))];
        return { u, p, n };
      });
      for (let k = 0; k < placements.length; k += 10_000) {
        await db.query(
          `INSERT INTO placements (id, challenge_id, user_id, placement, ranking_points, prize_cents)
           SELECT gen_random_uuid(), $1, x.u, x.p, x.n, 0 FROM json_to_recordset($2::json) AS x(u uuid, p text, n int)`,
          [ch, JSON.stringify(placements.slice(k, k + 10_000))],
        );
      }
      log(`  week ${week}: ${field.length} entries, ${tables.length} tables${done ? ' (completed)' : ''}`);
    }
    return { season, challenges };
  } finally {
    await db.end();
  }
}

/** The stored columns of a standings row, compared one by one between two reads. */
const COLUMNS = ['rank', 'position', 'points', 'tournamentWins', 'gamesPlayed', 'avgScoreDiff', 'tiebreak', 'status', 'pointsStillPossible', 'eliteSixEligible', 'resets'] as const;
type Column = (typeof COLUMNS)[number];
type Snapshot = Map<string, Record<Column, unknown>>;

async function snapshot(prisma: PrismaService, seasonId: string): Promise<Snapshot> {
  const rows = await prisma.seasonStanding.findMany({ where: { seasonId } });
  return new Map(rows.map((r) => [r.userId, r]));
}

interface Changes {
  changed: number;
  added: number;
  removed: number;
  /** Rows that change once the columns shared by every row (points still possible) and the dense position are left out. */
  changedOwn: number;
  perColumn: Record<Column, number>;
}

function changes(before: Snapshot, after: Snapshot): Changes {
  const perColumn = Object.fromEntries(COLUMNS.map((c) => [c, 0])) as Record<Column, number>;
  let changed = 0;
  let changedOwn = 0;
  let added = 0;
  for (const [id, row] of after) {
    const old = before.get(id);
    if (!old) {
      added++;
      continue;
    }
    let any = false;
    let own = false;
    for (const c of COLUMNS) {
      if (JSON.stringify(old[c]) === JSON.stringify(row[c])) continue;
      perColumn[c]++;
      any = true;
      if (c !== 'pointsStillPossible' && c !== 'position') own = true;
    }
    if (any) changed++;
    if (own) changedOwn++;
  }
  let removed = 0;
  for (const id of before.keys()) if (!after.has(id)) removed++;
  return { changed, added, removed, changedOwn, perColumn };
}

async function main(): Promise<void> {
  const prefix = `bench_fold_${process.pid}`;
  const dbName = `dcs_${prefix}`;
  const dbUrl = `${PG_BASE}/${dbName}`;
  await createBenchDatabase(PG_BASE, dbName);
  let app: Awaited<ReturnType<typeof createApi>> | null = null;
  try {
    log(`database ${dbName}: migrating, then seeding ${PLAYERS.toLocaleString('en-US')} players × ${WEEKS} weeks`);
    await migrateDatabase(dbUrl);
    const { season, challenges } = await seed(dbUrl);
    const vapid = generateVAPIDKeys(); // production requires push keys (any pair: nothing is pushed here)
    const config = loadConfig({ VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, NODE_ENV: 'production', DATABASE_URL: dbUrl, REDIS_URL, QUEUE_PREFIX: prefix, LOG_LEVEL: 'silent', JWT_SECRET: `bench-${prefix}-0123456789abcdef0123456789`, API_PORT: '0' });
    app = await createApi(config);
    const prisma = app.get(PrismaService);
    const store = app.get(SeasonStandingsStore);
    const TX = { timeout: 600_000, maxWait: 60_000 };

    let t0 = performance.now();
    await prisma.$transaction((tx) => store.recompute(tx, season), TX);
    const rebuild = performance.now() - t0;

    const completions: number[] = [];
    const changed: Changes[] = [];
    for (const id of challenges.slice(FIRST_MEASURED - 1)) {
      const before = await snapshot(prisma, season);
      t0 = performance.now();
      await prisma.$transaction(async (tx) => {
        const done = await tx.challenge.update({ where: { id }, data: { status: 'completed', completedAt: new Date(), version: { increment: 1 } } });
        const effects: Effect[] = [];
        await store.afterChallengeCompleted(tx, done, effects);
      }, TX);
      completions.push(performance.now() - t0);
      changed.push(changes(before, await snapshot(prisma, season)));
    }

    // A profile of one completion (week 12), each step run alone as the store runs it.
    const all = await loadSeasonChallenges(prisma, season);
    const penalties = await loadSeasonPenalties(prisma, season);
    const acc = new SeasonAccumulator(penalties);
    for (const c of all.slice(0, WEEKS - 1)) acc.add(c);
    t0 = performance.now();
    const [last] = await prisma.$transaction((tx) => loadSeasonChallenges(tx, season, { ids: [challenges[WEEKS - 1]], offset: WEEKS - 1 }), TX);
    const tLoad = performance.now() - t0;
    t0 = performance.now();
    acc.add(last);
    const tFold = performance.now() - t0;
    t0 = performance.now();
    const ranked = standingsFromFacts(acc.facts());
    const tRank = performance.now() - t0;
    t0 = performance.now();
    seasonTableFromStandings(ranked, 0);
    const tTable = performance.now() - t0;

    // The write alone: week 11's table written, then week 12's over it (what a completion writes), 3 times;
    // then week 12's again over itself (nothing changes).
    const full = seasonTable(all, penalties, WEEKS);
    const before12 = seasonTable(all.slice(0, WEEKS - 1), penalties, WEEKS);
    if (isStandingsError(full)) throw new Error(full.message);
    if (isStandingsError(before12)) throw new Error(before12.message);
    const stored = await prisma.seasonStanding.findMany({ where: { seasonId: season }, orderBy: { position: 'asc' }, select: { userId: true, rank: true } });
    const same = stored.length === full.length && stored.every((r, i) => r.userId === full[i].playerId && r.rank === full[i].rank);
    const writes: number[] = [];
    const unchanged: number[] = [];
    for (let i = 0; i < 3; i++) {
      await prisma.$transaction((tx) => writeStandingRows(tx, season, before12), TX);
      t0 = performance.now();
      await prisma.$transaction((tx) => writeStandingRows(tx, season, full), TX);
      writes.push(performance.now() - t0);
    }
    for (let i = 0; i < 3; i++) {
      t0 = performance.now();
      await prisma.$transaction((tx) => writeStandingRows(tx, season, full), TX);
      unchanged.push(performance.now() - t0);
    }

    console.log(`standings at a completion: ${PLAYERS.toLocaleString('en-US')} players, ${WEEKS} weeks, ${stored.length.toLocaleString('en-US')} rows`);
    console.log(`  rebuild (no facts kept: restart / other instance), weeks 1-${FIRST_MEASURED - 1}, incl. write   ${rebuild.toFixed(0)} ms`);
    console.log(`  completion of weeks ${FIRST_MEASURED}-${WEEKS} (fold in one challenge, rank, write)     ${fmt(completions)}  median (min–max) of 3; target < 500 ms`);
    console.log(`  of which the write (writeStandingRows alone, week 11's table → week 12's)     ${fmt(writes)}`);
    console.log(`  the same table written again (nothing changes)     ${fmt(unchanged)}`);
    console.log(`  stored rows equal to a full recompute from every result: ${same ? 'yes' : 'NO'}`);
    console.log(`  profile of one completion (week 12, each step alone): load its results ${tLoad.toFixed(0)} ms, fold in ${tFold.toFixed(0)} ms, rank ${tRank.toFixed(0)} ms, table and status ${tTable.toFixed(0)} ms, write (above)`);
    console.log(`  rows changed by each completion (of ${stored.length.toLocaleString('en-US')}), weeks ${FIRST_MEASURED}-${WEEKS}:`);
    const line = (label: string, xs: number[]) => console.log(`    ${label.padEnd(44)}${xs.map((x) => x.toLocaleString('en-US').padStart(8)).join('')}`);
    line('any column', changed.map((c) => c.changed));
    line('any but points still possible / position', changed.map((c) => c.changedOwn));
    line('added / removed', changed.map((c) => c.added + c.removed));
    for (const c of COLUMNS) line(c, changed.map((x) => x.perColumn[c]));
  } finally {
    if (app) await app.close();
    await dropBenchEnv({ pgBase: PG_BASE, dbName, redisUrl: REDIS_URL, prefix });
  }
}

runBench(main);
