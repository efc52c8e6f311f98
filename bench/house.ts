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
 * save, the clock and the next turn queued), p50/p99. Then a wallet with 100,000 ledger entries:
 * GET /api/me/wallet/ledger (first page and a deep page), p50/p99 over 200 requests each.
 *
 * Full: 1,000 tables, 60 s. --quick: 50 tables, 20 s. Prints figures; asserts nothing.
 */
import 'reflect-metadata';
import request from 'supertest';
import type { App } from 'supertest/types';
import { loadConfig, PrismaService } from '@dcs/common';
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
        const runOuts = await prisma.fileEntry.count({ where: { kind: 'computer_timeout' } });
        console.log(`house tables, ${TABLES} computer-only tables, ${secs.toFixed(0)} s window, up to ${CHAIN} computer turns a job`);
        console.log(`settled games                         ${settled} (${(settled / secs).toFixed(2)} games/s)`);
        console.log(`computer moves                        ${moves} (${(moves / secs).toFixed(0)} moves/s)`);
        console.log(`computer run-outs (whole run)         ${runOuts}`);
        console.log(`move latency (GameMoveService.move)   p50 ${pct(latencies, 50).toFixed(1)} ms, p99 ${pct(latencies, 99).toFixed(1)} ms`);
        await worker.close();

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

runBench(main);
