/**
 * A tool's own PostgreSQL database and Redis key prefix, created for one run and removed after
 * it, so a simulation or a bench never touches the platform's database or queues (its cities
 * would show in `GET /api/cities`, its challenges would be run by the platform's worker).
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return errCode(err) === 'EPERM';
  }
}

/** The code of a failed query (PostgreSQL's SQLSTATE) or system call (undefined for anything else). */
const errCode = (err: unknown): string | undefined => (err as { code?: string }).code;

/**
 * A short digest of the committed migrations (every file under prisma/migrations, path and
 * content): two checkouts with the same migrations share one migrated template, a changed or
 * added migration gets a template of its own.
 */
export function migrationsDigest(root = repoRoot()): string {
  const dir = path.join(root, 'prisma/migrations');
  const hash = createHash('sha256');
  const walk = (rel: string) => {
    for (const e of readdirSync(path.join(dir, rel), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const r = path.join(rel, e.name);
      if (e.isDirectory()) walk(r);
      else hash.update(`${r}\0`).update(readFileSync(path.join(dir, r))).update('\0');
    }
  };
  walk('');
  return hash.digest('hex').slice(0, 16);
}

/** The prefix of the tools' migrated templates (never a `dcs_test_…` name: the test runs clean those up as theirs). */
export const TEMPLATE_PREFIX = 'dcs_tools_tpl_';
/** A template not built again for this long is dropped when another one is built (old migrations of old checkouts). */
const TEMPLATE_KEEP_MS = 7 * 86_400_000;

/**
 * The migrated template of the current migrations (`dcs_tools_tpl_<digest>`), built once with
 * `prisma migrate deploy` and then copied by every run (`CREATE DATABASE … TEMPLATE`, a file copy
 * in PostgreSQL: a fraction of a second where migrating an empty database takes 5-15 s). Nothing
 * connects to the template once it is built, so copies (any number at once) are not refused.
 * Built under a name of its own and renamed when complete: a build that fails or is interrupted
 * never leaves a half-migrated template under the real name, and two runs building at once both
 * succeed (the second rename finds the name taken and drops its own build).
 */
export async function migratedTemplate(pgBase: string, log: (line: string) => void = () => undefined): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${migrationsDigest()}`;
  const a = new Client({ connectionString: `${pgBase}/postgres` });
  await a.connect();
  try {
    if ((await a.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount) return name;
    const build = `${name}_b${process.pid}_${randomBytes(2).toString('hex')}`;
    log(`building the migrated template ${name} (once for these migrations)`);
    await a.query(`CREATE DATABASE "${build}"`);
    try {
      await migrateDatabase(`${pgBase}/${build}`);
      await a.query(`COMMENT ON DATABASE "${build}" IS 'dcs tools template, built ${new Date().toISOString()}'`);
      await a.query(`ALTER DATABASE "${build}" RENAME TO "${name}"`);
    } catch (err) {
      await a.query(`DROP DATABASE IF EXISTS "${build}" WITH (FORCE)`);
      if (errCode(err) !== '42P04') throw err; // 42P04: another run built it meanwhile
      return name;
    }
    // Templates of other migrations not built again for a week, and builds left by killed runs.
    const others = await a.query<{ datname: string; note: string | null }>(
      `SELECT datname, shobj_description(oid, 'pg_database') AS note FROM pg_database WHERE starts_with(datname, $1) AND datname <> $2`,
      [TEMPLATE_PREFIX, name],
    );
    for (const { datname, note } of others.rows) {
      const builder = /_b(\d+)_[0-9a-f]{4}$/.exec(datname);
      // A template's comment says when it was built; one without (or unreadable) counts as old.
      const builtAt = Date.parse(note?.replace(/^.*built /, '') ?? '');
      const stale = builder ? !alive(Number(builder[1])) : !(Date.now() - builtAt < TEMPLATE_KEEP_MS);
      if (stale) await a.query(`DROP DATABASE IF EXISTS "${datname}"`).catch(() => undefined); // in use: next time
    }
    return name;
  } finally {
    await a.end();
  }
}

/** Creates `dbName` as a copy of the migrated template (built first when these migrations have none yet). */
export async function createMigratedDatabase(pgBase: string, dbName: string, log: (line: string) => void = () => undefined): Promise<void> {
  let template = await migratedTemplate(pgBase, log);
  for (let attempt = 1; ; attempt++) {
    try {
      return await admin(pgBase, `CREATE DATABASE "${dbName}" TEMPLATE "${template}"`);
    } catch (err) {
      // 55006: someone is connected to the template (a person looking into it): wait a little;
      // 3D000: it was dropped meanwhile (a run of other migrations cleaning up): build it again.
      if (attempt >= 20 || (errCode(err) !== '55006' && errCode(err) !== '3D000')) throw err;
      if (errCode(err) === '3D000') template = await migratedTemplate(pgBase, log);
      else await new Promise((r) => setTimeout(r, 50 * attempt));
    }
  }
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
 * Runs `run` against a database of its own on the platform's PostgreSQL server (a copy of the
 * migrated template, see `migratedTemplate`, named `dcs_<label>_<pid>_<hex>`) and a queue prefix of its own (`<label>:<pid>-<hex>`),
 * and removes both afterwards: when `run` ends, when it fails, and on Ctrl-C or SIGTERM (then the
 * process exits 130/143 once the database is dropped). `DATABASE_URL` and `REDIS_URL` only say
 * where the servers are; the platform's database itself is never opened.
 */
export async function withThrowawayEnv<T>(label: string, run: (env: ThrowawayEnv) => Promise<T>, from: NodeJS.ProcessEnv = process.env, log: (line: string) => void = () => undefined): Promise<T> {
  const server = new URL(from.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/dcs');
  // Connection options (`?host=/var/run/postgresql`: the server's Unix socket) go with the throwaway database's URL.
  const options = server.search;
  server.pathname = '';
  server.search = '';
  const pgBase = server.toString().replace(/\/$/, '');
  const tag = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const env: ThrowawayEnv = {
    dbName: `dcs_${label}_${tag}`,
    databaseUrl: `${pgBase}/dcs_${label}_${tag}${options}`,
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
    log(`database ${env.dbName}, queue prefix ${env.queuePrefix}: migrating (a copy of the migrated template; both are removed at the end)`);
    await createMigratedDatabase(pgBase, env.dbName, log);
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
