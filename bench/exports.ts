/**
 * `npm run bench:exports [-- --quick] [-- --players N] [-- --runs N] [-- --keep]`
 *
 * The season standings export (GET /api/exports/cities/:id/seasons/:seasonId/standings) at city-season
 * size: a throwaway database (`dcs_bench_exports_<pid>`, copied from the migrated template, dropped at
 * the end) and its own queue prefix in Redis; the API started in-process (createApi) on a real port;
 * 50,000 players (5,000 with --quick) with one stored standings row each (bench/lib/standings-seed.ts).
 *
 * Measured, for CSV and JSON, `--runs` times each (3 by default; median and spread):
 * - rows/s: rows received by a client that reads the body as it comes (counting records, keeping none)
 *   over the wall time of the request;
 * - peak RSS of the process (the API and the client) sampled every 5 ms during the export, and its rise
 *   over the RSS just before; and, in a pass of its own (a full collection before every 50 ms sample),
 *   the rise of the JS heap that stays alive during the export: a streamed export's rise stays flat
 *   whatever the season's size (compare --quick with the full run), where an export built in memory
 *   would grow with the rows (the body alone is ~130 bytes a row in CSV, ~340 in JSON).
 * Prints a table; asserts nothing.
 */
import 'reflect-metadata';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import { createMigratedDatabase, dropBenchEnv, runBench } from '../scripts/lib/throwaway-env';
import { seedStandingsSeason } from './lib/standings-seed';
import { loadConfig, PrismaService } from '@dcs/common';
import { createApi } from '../apps/api/src/setup';
import { generateVAPIDKeys } from 'web-push';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const keep = args.includes('--keep');
const num = (name: string, fallback: number): number => {
  const i = args.indexOf(`--${name}`);
  const v = i >= 0 ? Number(args[i + 1]) : fallback;
  if (!Number.isInteger(v) || v <= 0) throw new Error(`--${name} must be a positive whole number`);
  return v;
};
const PLAYERS = num('players', quick ? 5_000 : 50_000);
const RUNS = num('runs', 3);
const PG_BASE = process.env.BENCH_PG_BASE ?? 'postgresql://postgres@127.0.0.1:5432';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const log = (line: string) => process.stderr.write(`${line}\n`);
const MB = 1024 * 1024;

// A full collection on demand, for the retained-memory pass (what stays alive, not garbage V8 has not collected yet).
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

interface Run {
  rows: number;
  bytes: number;
  ms: number;
  rssBefore: number;
  rssPeak: number;
  heapBefore: number;
  heapPeak: number;
}

/** One export read as it comes: records counted (CRLF for CSV, one object a line for JSON), nothing kept. */
function exportOnce(port: number, path: string, format: 'csv' | 'json', retained = false): Promise<Run> {
  return new Promise((resolve, reject) => {
    if (retained) gc();
    const rssBefore = process.memoryUsage.rss();
    const heapBefore = process.memoryUsage().heapUsed;
    let rssPeak = rssBefore;
    let heapPeak = heapBefore;
    // the retained pass collects before each sample (every 50 ms): its heap figure is what the export keeps alive
    const sampler = setInterval(
      () => {
        if (retained) gc();
        const m = process.memoryUsage();
        rssPeak = Math.max(rssPeak, m.rss);
        heapPeak = Math.max(heapPeak, m.heapUsed);
      },
      retained ? 50 : 5,
    );
    const t0 = performance.now();
    const req = http.get({ host: '127.0.0.1', port, path: `${path}?format=${format}` }, (res) => {
      if (res.statusCode !== 200) {
        clearInterval(sampler);
        reject(new Error(`export answered ${res.statusCode}`));
        return;
      }
      let records = 0;
      let bytes = 0;
      const marker = format === 'csv' ? 0x0a : 0x7b; // LF ends a CSV record; each JSON row opens one object
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        for (let i = chunk.indexOf(marker); i !== -1; i = chunk.indexOf(marker, i + 1)) records++;
      });
      res.on('end', () => {
        clearInterval(sampler);
        rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
        resolve({ rows: format === 'csv' ? records - 1 : records, bytes, ms: performance.now() - t0, rssBefore, rssPeak, heapBefore, heapPeak });
      });
      res.on('error', reject);
    });
    req.on('error', (err) => {
      clearInterval(sampler);
      reject(err);
    });
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const spread = (xs: number[], digits = 0) => `${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)}`;

async function main(): Promise<void> {
  const dbName = `dcs_bench_exports_${process.pid}`;
  const dbUrl = `${PG_BASE}/${dbName}`;
  const prefix = `bench:exports:${process.pid}`;
  let app: Awaited<ReturnType<typeof createApi>> | null = null;
  try {
    log(`creating ${dbName} …`);
    await createMigratedDatabase(PG_BASE, dbName, log);
    const vapid = generateVAPIDKeys(); // production requires push keys (any pair: nothing is pushed here)
    const config = loadConfig({
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      NODE_ENV: 'production',
      DATABASE_URL: dbUrl,
      REDIS_URL,
      QUEUE_PREFIX: prefix,
      LOG_LEVEL: 'silent',
      JWT_SECRET: `bench-${prefix}-0123456789abcdef0123456789`,
      API_PORT: '0',
      EXPORT_RATE_LIMIT: '1000',
    });
    app = await createApi(config);
    await app.listen(0, '127.0.0.1');
    const port = (app.getHttpServer().address() as AddressInfo).port;
    log(`seeding ${PLAYERS} players …`);
    const { city, season } = await seedStandingsSeason(dbUrl, app.get(PrismaService), PLAYERS);
    const path = `/api/exports/cities/${city}/seasons/${season}/standings`;

    log('warming up …');
    await exportOnce(port, path, 'csv');
    const out: string[] = [];
    out.push(`standings export, ${PLAYERS} stored rows (API in-process, one client reading as it comes; median of ${RUNS}, spread min–max)`);
    out.push(`${'format'.padEnd(8)}${'rows'.padStart(8)}${'MB'.padStart(8)}${'ms'.padStart(9)}${'rows/s'.padStart(10)}${'  rows/s spread'.padEnd(20)}${'RSS before MB'.padStart(14)}${'peak MB'.padStart(9)}${'rise MB'.padStart(9)}${'  rise spread'.padEnd(14)}${'retained heap rise MB'.padStart(22)}`);
    for (const format of ['csv', 'json'] as const) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        log(`${format} run ${i + 1}/${RUNS} …`);
        const r = await exportOnce(port, path, format);
        if (r.rows !== PLAYERS) throw new Error(`${format}: ${r.rows} rows received, ${PLAYERS} expected`);
        runs.push(r);
      }
      const kept: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        log(`${format} retained-memory run ${i + 1}/${RUNS} …`);
        const r = await exportOnce(port, path, format, true);
        kept.push((r.heapPeak - r.heapBefore) / MB);
      }
      const rate = runs.map((r) => (r.rows / r.ms) * 1000);
      const rise = runs.map((r) => (r.rssPeak - r.rssBefore) / MB);
      out.push(
        `${format.padEnd(8)}${String(PLAYERS).padStart(8)}${(median(runs.map((r) => r.bytes)) / MB).toFixed(1).padStart(8)}${median(runs.map((r) => r.ms)).toFixed(0).padStart(9)}${median(rate).toFixed(0).padStart(10)}${`  ${spread(rate)}`.padEnd(20)}${(median(runs.map((r) => r.rssBefore)) / MB).toFixed(0).padStart(14)}${(median(runs.map((r) => r.rssPeak)) / MB).toFixed(0).padStart(9)}${median(rise).toFixed(1).padStart(9)}${`  ${spread(rise, 1)}`.padEnd(14)}${`${median(kept).toFixed(1)} (${spread(kept, 1)})`.padStart(22)}`,
      );
    }
    console.log(out.join('\n'));
  } finally {
    await app?.close().catch(() => undefined);
    await dropBenchEnv({ pgBase: PG_BASE, dbName, redisUrl: REDIS_URL, prefix, keepDatabase: keep });
    if (keep) log(`kept database ${dbName}`);
  }
}

runBench(main);
