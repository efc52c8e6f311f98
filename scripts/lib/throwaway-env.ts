/**
 * A tool's own PostgreSQL database and Redis key prefix, created for one run and removed after
 * it, so a simulation or a bench never touches the platform's database or queues (its cities
 * would show in `GET /api/cities`, its challenges would be run by the platform's worker).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import Redis from 'ioredis';
import { Client } from 'pg';

async function admin(pgBase: string, sql: string): Promise<void> {
  const a = new Client({ connectionString: `${pgBase}/postgres` });
  await a.connect();
  try {
    await a.query(sql);
  } finally {
    await a.end();
  }
}

export function createBenchDatabase(pgBase: string, dbName: string): Promise<void> {
  return admin(pgBase, `CREATE DATABASE "${dbName}"`);
}

/** The checkout the tool runs from (compiled into .build/tools or run from source). */
function repoRoot(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'prisma/schema.prisma')) && existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}

/** Applies the committed migrations to a database (`prisma migrate deploy`). */
export async function migrateDatabase(dbUrl: string): Promise<void> {
  const root = repoRoot();
  await promisify(execFile)(path.join(root, 'node_modules/.bin/prisma'), ['migrate', 'deploy'], { cwd: root, env: { ...process.env, DATABASE_URL: dbUrl } });
}

/** Deletes every Redis key under the prefix and, unless kept, drops the database. */
export async function dropBenchEnv(opts: { pgBase: string; dbName: string; redisUrl: string; prefix: string; keepDatabase?: boolean }): Promise<void> {
  const redis = new Redis(opts.redisUrl, { maxRetriesPerRequest: 2 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${opts.prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  if (!opts.keepDatabase) await admin(opts.pgBase, `DROP DATABASE IF EXISTS "${opts.dbName}" WITH (FORCE)`);
}

/** Runs a bench's main and exits with its outcome (child processes and pools may still hold the loop). */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (err: Error) => {
      console.error(err.stack ?? err.message);
      process.exit(1);
    },
  );
}

export interface ThrowawayEnv {
  dbName: string;
  databaseUrl: string;
  redisUrl: string;
  /** QUEUE_PREFIX for the run: every BullMQ, rate-limit and socket.io key and channel lives under it. */
  queuePrefix: string;
}

/** The process environment with the run's database and queue prefix in place of the platform's. */
export function throwawayProcessEnv(env: ThrowawayEnv, from: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...from, DATABASE_URL: env.databaseUrl, REDIS_URL: env.redisUrl, QUEUE_PREFIX: env.queuePrefix };
}

/** What an interrupted run closes before its database goes (the apps and workers it started). */
const closers = new Set<() => Promise<unknown>>();

/** Registers what to close if the run is interrupted (Ctrl-C, SIGTERM); returns the unregister. */
export function closeOnInterrupt(close: () => Promise<unknown>): () => void {
  closers.add(close);
  return () => closers.delete(close);
}

const SIGNALS = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;

/**
 * Runs `run` against a database of its own on the platform's PostgreSQL server (created from the
 * migrations, named `dcs_<label>_<pid>_<hex>`) and a queue prefix of its own (`<label>:<pid>-<hex>`),
 * and removes both afterwards: when `run` ends, when it fails, and on Ctrl-C or SIGTERM (then the
 * process exits 130/143 once the database is dropped). `DATABASE_URL` and `REDIS_URL` only say
 * where the servers are; the platform's database itself is never opened.
 */
export async function withThrowawayEnv<T>(label: string, run: (env: ThrowawayEnv) => Promise<T>, from: NodeJS.ProcessEnv = process.env, log: (line: string) => void = () => undefined): Promise<T> {
  const server = new URL(from.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/dcs');
  server.pathname = '';
  server.search = '';
  const pgBase = server.toString().replace(/\/$/, '');
  const tag = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const env: ThrowawayEnv = {
    dbName: `dcs_${label}_${tag}`,
    databaseUrl: `${pgBase}/dcs_${label}_${tag}`,
    redisUrl: from.REDIS_URL ?? 'redis://127.0.0.1:6379',
    queuePrefix: `${label}:${tag}`,
  };
  let cleaning: Promise<void> | null = null;
  const cleanup = () => (cleaning ??= dropBenchEnv({ pgBase, dbName: env.dbName, redisUrl: env.redisUrl, prefix: env.queuePrefix }).then(() => log(`database ${env.dbName} dropped, keys ${env.queuePrefix}* deleted`)));
  let signalled = false;
  /** Never settles: once a signal arrived, the process ends from the handler. */
  const interrupted = new Promise<never>(() => undefined);
  const onSignal = (signal: keyof typeof SIGNALS) => {
    // Listening on (not once): Nest's shutdown hooks close the apps and then raise the signal
    // again, which must not kill the process before the database is dropped.
    if (signalled) return;
    signalled = true;
    log(`${signal}: closing, then dropping ${env.dbName}`);
    const closing = Promise.allSettled([...closers].map((c) => c()));
    // A close that hangs does not keep the database: the drop forces its connections off.
    void Promise.race([closing, new Promise((r) => setTimeout(r, 5_000))])
      .then(cleanup)
      .then(
        () => process.exit(SIGNALS[signal]),
        (err: Error) => {
          console.error(`cleanup failed: ${err.message}`);
          process.exit(SIGNALS[signal]);
        },
      );
  };
  const handlers = Object.keys(SIGNALS).map((s) => {
    const h = () => onSignal(s as keyof typeof SIGNALS);
    process.on(s, h);
    return [s, h] as const;
  });
  let failed = false;
  try {
    await admin(pgBase, `CREATE DATABASE "${env.dbName}"`);
    log(`database ${env.dbName}, queue prefix ${env.queuePrefix}: migrating (both are removed at the end)`);
    await migrateDatabase(env.databaseUrl);
    const result = await run(env);
    if (signalled) await interrupted;
    return result;
  } catch (err) {
    failed = true;
    // Interrupted: the run fails because its apps were closed under it. The signal handler owns
    // the outcome (drop, then exit 130/143); the run's error must not exit 1 first.
    if (signalled) await interrupted;
    throw err;
  } finally {
    // A failed cleanup after a failed run reports the run's error, not the cleanup's.
    await cleanup().catch((err: Error) => {
      if (!failed) throw err;
      console.error(`cleanup of ${env.dbName} failed: ${err.message}`);
    });
    for (const [s, h] of handlers) process.removeListener(s, h);
  }
}
