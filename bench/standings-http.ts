/**
 * `npm run bench:standings [-- --quick] [-- --players N] [-- --requests N] [-- --concurrency 1,4,8] [-- --cache-clients 8] [-- --keep]`
 *
 * GET /api/cities/:id/seasons/:seasonId/standings over HTTP with the database at city-season size:
 * a throwaway database (`dcs_bench_standings_<pid>`, migrated, dropped at the end) and its own
 * queue prefix in Redis (deleted at the end); the API started in-process (createApi) on a real
 * port; 50,000 players (2,000 with --quick) with one stored standings row each.
 *
 * Measured:
 * - the store's write path: the season's rows written as on a challenge's completion
 *   (`writeStandingRows` in one transaction: first write, then a rewrite over existing rows);
 * - request latency (p50 / p95 / p99, ms) over keep-alive HTTP with 1, 4 and 8 requests in
 *   flight (one client each; on a 2-core machine shared with PostgreSQL, beyond that the
 *   figure is queueing): the first page, random deep pages, searches by part of a name.
 * - the first page with and without a warm cache, `--cache-clients` (8) in flight, `REQUESTS` each:
 *   no cache (every request answered 200 with its body), revalidating clients (each holds the page's
 *   ETag: If-None-Match → 304, no body), and a warm shared cache in front (bench/lib/shared-cache.ts,
 *   a CDN node's model honouring `Cache-Control: public, max-age, stale-while-revalidate`).
 * Prints a table; asserts nothing.
 */
import 'reflect-metadata';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createBenchDatabase, dropBenchEnv, migrateDatabase, runBench } from '../scripts/lib/throwaway-env';
import { FIRST, LAST, seedStandingsSeason } from './lib/standings-seed';
import { loadConfig, PrismaService } from '@dcs/common';
import { createApi } from '../apps/api/src/setup';
import { generateVAPIDKeys } from 'web-push';
import { startSharedCache } from './lib/shared-cache';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
/** Leaves the database in place (for EXPLAIN); it is named on stderr. */
const keep = args.includes('--keep');
const num = (name: string, fallback: number): number => {
  const i = args.indexOf(`--${name}`);
  const v = i >= 0 ? Number(args[i + 1]) : fallback;
  if (!Number.isFinite(v) || v <= 0) throw new Error(`--${name} must be a positive number`);
  return v;
};
const PLAYERS = num('players', quick ? 2_000 : 50_000);
const REQUESTS = num('requests', quick ? 600 : 6_000);
const LEVELS = (() => {
  const i = args.indexOf('--concurrency');
  const v = (i >= 0 ? args[i + 1] : '1,4,8').split(',').map(Number);
  if (v.some((x) => !Number.isInteger(x) || x < 1)) throw new Error('--concurrency takes positive whole numbers, comma-separated');
  return v;
})();
const CACHE_CLIENTS = num('cache-clients', 8);
const PAGE_SIZE = 50;
const PG_BASE = process.env.BENCH_PG_BASE ?? 'postgresql://postgres@127.0.0.1:5432';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const log = (line: string) => process.stderr.write(`${line}\n`);

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function get(agent: http.Agent, port: number, url: string, headers: http.OutgoingHttpHeaders = {}): Promise<{ status: number; body: string; etag?: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: url, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), etag: res.headers.etag }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

async function main(): Promise<void> {
  const dbName = `dcs_bench_standings_${process.pid}`;
  const dbUrl = `${PG_BASE}/${dbName}`;
  const prefix = `bench:standings:${process.pid}`;
  await createBenchDatabase(PG_BASE, dbName);
  let app: Awaited<ReturnType<typeof createApi>> | null = null;
  const agent = new http.Agent({ keepAlive: true, maxSockets: Math.max(...LEVELS) });
  try {
    log(`migrating ${dbName} …`);
    await migrateDatabase(dbUrl);

    const vapid = generateVAPIDKeys(); // production requires push keys (any pair: nothing is pushed here)
    const config = loadConfig({ VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, NODE_ENV: 'production', DATABASE_URL: dbUrl, REDIS_URL, QUEUE_PREFIX: prefix, LOG_LEVEL: 'silent', JWT_SECRET: `bench-${prefix}-0123456789abcdef0123456789`, API_PORT: '0' });
    app = await createApi(config);
    await app.listen(0, '127.0.0.1');
    const port = (app.getHttpServer().address() as AddressInfo).port;

    log(`seeding ${PLAYERS} players …`);
    const { city, season, writes } = await seedStandingsSeason(dbUrl, app.get(PrismaService), PLAYERS);

    // Requests: first page, deep pages, name searches.
    const pages = Math.ceil(PLAYERS / PAGE_SIZE);
    let seed = 12345;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return seed % n;
    };
    const kinds = ['first page', 'deep page', 'search'] as const;
    const urlFor = (kind: (typeof kinds)[number]): string => {
      const base = `/api/cities/${city}/seasons/${season}/standings`;
      if (kind === 'first page') return `${base}?pageSize=${PAGE_SIZE}`;
      if (kind === 'deep page') return `${base}?page=${1 + Math.floor(pages / 2) + rand(Math.ceil(pages / 2))}&pageSize=${PAGE_SIZE}`;
      const q = rand(2) === 0 ? `${FIRST[rand(FIRST.length)]} ${LAST[rand(LAST.length)]}` : `${LAST[rand(LAST.length)].slice(0, 4)}`;
      return `${base}?search=${encodeURIComponent(q)}&pageSize=${PAGE_SIZE}`;
    };
    let latencies = new Map<string, number[]>();
    let errors = 0;
    const run = async (count: number, concurrency: number, record: boolean): Promise<number> => {
      let next = 0;
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < count) {
            const kind = kinds[next++ % kinds.length];
            const t = performance.now();
            const res = await get(agent, port, urlFor(kind));
            const ms = performance.now() - t;
            if (res.status !== 200) errors++;
            if (record) latencies.get(kind)!.push(ms);
          }
        }),
      );
      return performance.now() - t0;
    };
    log('warming up …');
    await run(Math.min(300, REQUESTS), 4, false);
    const line = (name: string, xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      return `${name.padEnd(24)}${String(s.length).padStart(7)}${percentile(s, 50).toFixed(1).padStart(9)}${percentile(s, 95).toFixed(1).padStart(9)}${percentile(s, 99).toFixed(1).padStart(9)}`;
    };
    const out: string[] = [];
    out.push(`GET standings, ${PLAYERS} stored rows, page size ${PAGE_SIZE} (keep-alive HTTP, API in-process; target p99 < 20 ms)`);
    out.push(`${'in flight / kind'.padEnd(24)}${'count'.padStart(7)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'req/s'.padStart(9)}`);
    for (const level of LEVELS) {
      latencies = new Map(kinds.map((k) => [k, []]));
      errors = 0;
      log(`${REQUESTS} requests, ${level} in flight …`);
      const wall = await run(REQUESTS, level, true);
      for (const k of kinds) out.push(line(`${level} · ${k}`, latencies.get(k)!));
      const all = [...latencies.values()].flat();
      out.push(`${line(`${level} · all`, all)}${((all.length / wall) * 1000).toFixed(0).padStart(9)}${errors ? `  ${errors} errors` : ''}`);
    }
    // The first page with and without a warm cache.
    const first = urlFor('first page');
    const etag = (await get(agent, port, first)).etag;
    if (!etag) throw new Error('the first page answered without an ETag');
    const cache = await startSharedCache(port);
    try {
      const modes: { name: string; port: number; headers: http.OutgoingHttpHeaders; expect: number }[] = [
        { name: 'no cache (200 + body)', port, headers: {}, expect: 200 },
        { name: 'client ETag (304)', port, headers: { 'if-none-match': etag }, expect: 304 },
        { name: 'warm shared cache', port: cache.port, headers: {}, expect: 200 },
      ];
      await get(agent, cache.port, first); // warms the shared cache
      out.push(`first page, ${CACHE_CLIENTS} clients in flight, ${REQUESTS} requests a mode`);
      for (const mode of modes) {
        log(`first page: ${mode.name} …`);
        const xs: number[] = [];
        let wrong = 0;
        let next = 0;
        const t0 = performance.now();
        await Promise.all(
          Array.from({ length: CACHE_CLIENTS }, async () => {
            while (next++ < REQUESTS) {
              const t = performance.now();
              const res = await get(agent, mode.port, first, mode.headers);
              xs.push(performance.now() - t);
              if (res.status !== mode.expect) wrong++;
            }
          }),
        );
        const wall = performance.now() - t0;
        out.push(`${line(`${CACHE_CLIENTS} · ${mode.name}`, xs)}${((xs.length / wall) * 1000).toFixed(0).padStart(9)}${wrong ? `  ${wrong} not ${mode.expect}` : ''}`);
      }
      out.push(`shared cache: ${cache.stats.hits} fresh hits, ${cache.stats.stale} stale hits, ${cache.stats.misses} misses`);
    } finally {
      await cache.close();
    }
    out.push(`store write of ${PLAYERS} rows in one transaction: first ${writes[0].toFixed(0)} ms, rewrite ${writes[1].toFixed(0)} ms`);
    console.log(out.join('\n'));
  } finally {
    agent.destroy();
    await app?.close().catch(() => undefined);
    await dropBenchEnv({ pgBase: PG_BASE, dbName, redisUrl: REDIS_URL, prefix, keepDatabase: keep });
    if (keep) log(`kept database ${dbName}`);
  }
}

runBench(main);
