/**
 * A bench's own PostgreSQL database and Redis key prefix, created for one run and removed after
 * it, so a bench never touches the dev database or another run's queues.
 */
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
