/**
 * `npm run bench:house [-- --quick] [-- --tables N] [-- --seconds S] [-- --chain N]`
 *
 * House tables at bot speed, end to end on the real services: an API and a worker (in this
 * process) on a throwaway database and queue prefix (removed at the end, on Ctrl-C too). N tables
 * whose every seat is a computer (easy/medium, 2-4 seats, Mook Camp Fitness with its 10 s clock)
 * are dealt at once; the worker plays them through the one move service with no think time
 * (a table of computers alone never waits), up to HOUSE_BOT_CHAIN_MAX consecutive turns a job
 * (`--chain N`; default 32; `--chain 1` is one job a turn, for comparison). Measured over the window: settled games per second and the
 * latency of each computer move (GameMoveService.move: the read, the engine, the compare-and-set
 * save, the clock and the next turn queued), p50/p99; the computer run-outs recorded on the turns played beside the
 * number their seeded generators give for those turns (they must be the same: SPEC 8.6), and the turn lag (from a
 * turn's start to its move stored) p50/p99. Then a wallet with 100,000 ledger entries:
 * GET /api/me/wallet/ledger (first page and a deep page), p50/p99 over 200 requests each.
 *
 * Full: 1,000 tables, 60 s. --quick: 50 tables, 20 s. Prints figures; asserts nothing.
 */
import 'reflect-metadata';
import request from 'supertest';
import type { App } from 'supertest/types';
import { loadConfig, PrismaService } from '@dcs/common';
import { botTurnDraw, seededRunOuts } from '@dcs/house';
import { GameMoveService, HouseService } from '@dcs/tournament';
import { createApi } from '../apps/api/src/setup';
import { createWorker } from '../apps/worker/src/setup';
import { runBench, withThrowawayEnv } from '../scripts/lib/throwaway-env';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const num = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  const v = i >= 0 ? Number(args[i + 1]) : fallback;
  if (!Number.isFinite(v) || v <= 0) throw new Error(`--${name} must be a positive number`);
  return v;
};
const TABLES = num('tables', quick ? 50 : 1000);
const SECONDS = num('seconds', quick ? 20 : 60);
const CHAIN = num('chain', 32);

const pct = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

async function main(): Promise<void> {
  const log = (l: string) => process.stderr.write(`  ${l}\n`);
  await withThrowawayEnv(
    'bench_house',
    async (t) => {
      const config = loadConfig({ ...process.env, DATABASE_URL: t.databaseUrl, REDIS_URL: t.redisUrl, QUEUE_PREFIX: t.queuePrefix, LOG_LEVEL: 'silent', HOUSE_BOT_THINK_PERMILLE: '0', HOUSE_BOT_CHAIN_MAX: String(CHAIN), API_PORT: '0' });
      const api = await createApi(config);
      await api.init();
      const worker = await createWorker(config);
      try {
        const prisma = api.get(PrismaService);
        const house = api.get(HouseService);
        const http = () => request(api.getHttpServer() as App);
        const reg = await http().post('/api/auth/register').send({ email: 'bench@example.com', password: 'correct horse battery', displayName: 'Bench' });
        const { user, accessToken } = reg.body as { user: { id: string }; accessToken: string };

        // The worker's move latency, measured around the one move service.
        const mover = worker.get(GameMoveService);
        const latencies: number[] = [];
        const move = mover.move.bind(mover);
        mover.move = async (...a: Parameters<GameMoveService['move']>) => {
          const t0 = performance.now();
          try {
            return await move(...a);
          } finally {
            latencies.push(performance.now() - t0);
          }
        };

        log(`dealing ${TABLES} computer-only tables`);
        const levels = ['easy', 'medium'] as const;
        for (let i = 0; i < TABLES; i++) {
          const seats = 2 + (i % 3);
          const table = await prisma.houseTable.create({
            data: {
              hostId: user.id,
              ruleset: 'mook-camp-fitness',
              settings: { getOn: 10, minScore: 5, target: 150, handSize: 7 },
              seats,
              purpose: 'workout',
              hostClockMs: 10_000,
              listed: false,
              inviteCode: `B${String(i).padStart(7, '0')}`,
              botSeed: `bench-${i}`,
              seatsTaken: { create: Array.from({ length: seats }, (_, s) => ({ seat: s, botLevel: levels[(i + s) % 2] })) },
            },
          });
          await house.startIfFull(table.id);
        }
        const t0 = Date.now();
        const settledAt0 = await prisma.houseSettlement.count();
        latencies.length = 0;
        await new Promise((r) => setTimeout(r, SECONDS * 1000));
        const settled = (await prisma.houseSettlement.count()) - settledAt0;
        const secs = (Date.now() - t0) / 1000;
        const moves = latencies.length;
        const moveP50 = pct(latencies, 50);
        const moveP99 = pct(latencies, 99);
        await worker.close();
        // With the worker stopped: the run-outs recorded on the turns played, beside what the seeded generators give
        // for those turns (SPEC 8.6: a computer runs out on its draw alone, never because the worker was late).
        const runOuts = await prisma.fileEntry.count({ where: { kind: 'computer_timeout' } });
        const expected = await seededFigures(prisma);
        const lag = await turnLag(prisma);
        console.log(`house tables, ${TABLES} computer-only tables, ${secs.toFixed(0)} s window, up to ${CHAIN} computer turns a job`);
        console.log(`settled games                         ${settled} (${(settled / secs).toFixed(2)} games/s)`);
        console.log(`computer moves                        ${moves} (${(moves / secs).toFixed(0)} moves/s)`);
        console.log(`computer run-outs (whole run)         ${runOuts}`);
        console.log(`  on the ${expected.turns} turns played: ${expected.recorded} recorded, ${expected.expected} from the seeded generators; ${expected.inPlay} on turns still in play${expected.recorded === expected.expected && expected.same ? ' (every one its generator\'s)' : ' (DIFFERENT from the generators)'}`);
        console.log(`turn lag (turn start → move stored)   p50 ${lag.p50.toFixed(1)} ms, p99 ${lag.p99.toFixed(1)} ms, max ${lag.max.toFixed(0)} ms (the clock: 10,000 ms)`);
        console.log(`move latency (GameMoveService.move)   p50 ${moveP50.toFixed(1)} ms, p99 ${moveP99.toFixed(1)} ms`);

        // A wallet with 100,000 ledger entries (the balance row kept equal to their sum).
        log('writing 100,000 ledger entries');
        await house.grantWelcome(user.id); // the welcome grant the entries below follow (SPEC 7 Decision: earned by playing)
        await http().get('/api/me/wallet').set('Authorization', `Bearer ${accessToken}`).expect(200);
        await prisma.$executeRawUnsafe(
          `INSERT INTO wallet_entries (id, user_id, currency, seq, kind, amount, owed_change, balance_after, dedupe_key, reason)
           SELECT gen_random_uuid(), $1::uuid, 'soups', 1 + g, 'correction', CASE WHEN g % 2 = 0 THEN 1 ELSE -1 END, 0, 100 + CASE WHEN g % 2 = 0 THEN 1 ELSE 0 END, 'bench:' || g, 'bench'
           FROM generate_series(1, 100000) AS g`,
          user.id,
        );
        await prisma.$executeRawUnsafe(`UPDATE wallets SET seq = 100001 WHERE user_id = $1::uuid AND currency = 'soups'`, user.id);
        await prisma.$executeRawUnsafe('ANALYZE wallet_entries');
        for (const [label, q] of [
          ['first page', ''],
          ['deep page (entry 50,000)', '&before=50000'],
        ] as const) {
          const times: number[] = [];
          for (let i = 0; i < 220; i++) {
            const s = performance.now();
            await http().get(`/api/me/wallet/ledger?currency=soups&limit=50${q}`).set('Authorization', `Bearer ${accessToken}`).expect(200);
            if (i >= 20) times.push(performance.now() - s);
          }
          console.log(`wallet ledger, 100,000 entries, ${label.padEnd(24)} p50 ${pct(times, 50).toFixed(1)} ms, p99 ${pct(times, 99).toFixed(1)} ms (target < 20 ms)`);
        }
        // The page's own read without the HTTP stack (token check, user row, JSON): where the time goes.
        const reads: number[] = [];
        for (let i = 0; i < 220; i++) {
          const s = performance.now();
          await house.ledger(user.id, 'soups', 51, 50_000);
          if (i >= 20) reads.push(performance.now() - s);
        }
        console.log(`  of which the ledger read (deep page, no HTTP)       p50 ${pct(reads, 50).toFixed(1)} ms, p99 ${pct(reads, 99).toFixed(1)} ms`);
        const plan = await prisma.$queryRawUnsafe<{ 'QUERY PLAN': string }[]>(
          `EXPLAIN SELECT * FROM wallet_entries WHERE user_id = $1::uuid AND currency = 'soups' AND seq < 50000 ORDER BY seq DESC LIMIT 51`,
          user.id,
        );
        console.log(`  plan: ${plan.map((r) => r['QUERY PLAN'].trim()).slice(0, 2).join(' / ')}`);
      } finally {
        await api.close();
      }
    },
    process.env,
    log,
  );
}

/** Every bench game's turns played (the action that made version v + 1 is the turn on v), its seeded run-outs for them, and the ones recorded. */
async function seededFigures(prisma: PrismaService): Promise<{ turns: number; expected: number; recorded: number; inPlay: number; same: boolean }> {
  const tables = await prisma.houseTable.findMany({ select: { botSeed: true, seatsTaken: { select: { seat: true, botLevel: true } }, games: { select: { id: true } } } });
  let turns = 0;
  let expected = 0;
  let recorded = 0;
  let inPlay = 0;
  let same = true;
  for (const t of tables) {
    const levels = new Map(t.seatsTaken.map((s) => [s.seat, s.botLevel]));
    for (const g of t.games) {
      const actions = await prisma.gameAction.findMany({ where: { gameId: g.id, action: { path: ['type'], not: 'forfeit' } }, select: { version: true, seat: true }, orderBy: { version: 'asc' } });
      const played = actions.flatMap((a) => (levels.get(a.seat) ? [{ version: a.version - 1, level: levels.get(a.seat)! }] : []));
      const want = seededRunOuts(t.botSeed, g.id, played);
      const all = await prisma.fileEntry.findMany({ where: { gameId: g.id, kind: 'computer_timeout' }, select: { version: true, attempt: true, seat: true }, orderBy: [{ version: 'asc' }, { attempt: 'asc' }] });
      const done = new Set(played.map((p) => p.version));
      const have = all.filter((r) => done.has(r.version!)).map((r) => ({ version: r.version, attempt: r.attempt }));
      // The turn still in play: its run-outs so far are the first ones its generator gives (attempts 0, 1, … each drawn a run-out).
      const current = all.filter((r) => !done.has(r.version!));
      inPlay += current.length;
      if (current.some((r, i) => r.attempt !== i || !botTurnDraw(t.botSeed, g.id, r.version!, r.attempt!, levels.get(r.seat!)!, 20_000).runOut)) same = false;
      turns += played.length;
      expected += want.length;
      recorded += have.length;
      if (JSON.stringify(have) !== JSON.stringify(want)) same = false;
    }
  }
  return { turns, expected, recorded, inPlay, same };
}

/** How late each computer turn was played: from the turn's start (the previous move, or the turn's last run-out) to its move stored. */
async function turnLag(prisma: PrismaService): Promise<{ p50: number; p99: number; max: number }> {
  const [r] = await prisma.$queryRawUnsafe<{ p50: number | null; p99: number | null; max: number | null }[]>(`
    WITH a AS (
      SELECT ga.game_id, ga.version, ga.created_at, lag(ga.created_at) OVER (PARTITION BY ga.game_id ORDER BY ga.version) AS prev
      FROM game_actions ga
    ), l AS (
      SELECT extract(epoch FROM a.created_at - greatest(a.prev, coalesce((SELECT max(t.created_at) FROM game_timeouts t WHERE t.game_id = a.game_id AND t.version = a.version - 1), a.prev))) * 1000 AS ms
      FROM a WHERE a.prev IS NOT NULL
    )
    SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY ms)::float8 AS p50, percentile_cont(0.99) WITHIN GROUP (ORDER BY ms)::float8 AS p99, max(ms)::float8 AS max FROM l`);
  return { p50: r?.p50 ?? NaN, p99: r?.p99 ?? NaN, max: r?.max ?? NaN };
}

runBench(main);
