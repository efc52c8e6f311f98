import { Client } from 'pg';
import type { TestEnv } from './test-env';

/**
 * Race tests played deterministically: a raw transaction holds a row (or table) lock that one side
 * needs in the middle of its transaction, the test waits until the sides are seen waiting in
 * pg_stat_activity, then releases the lock and checks what both did.
 */

/** Sessions of the suite's database waiting on a lock right now. */
export async function lockWaiters(env: TestEnv): Promise<number> {
  const [row] = await env.sql<{ n: string }>(`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
  return Number(row.n);
}

/** A promise's outcome as a value (never rejects), so both sides of a race can be awaited together. */
export function settle<T>(p: PromiseLike<T>): Promise<{ value: T; error?: undefined } | { value?: undefined; error: unknown }> {
  return Promise.resolve(p).then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

/**
 * Runs `body` while a raw transaction holds what `lockSql` locks; `release` commits it (else it is
 * rolled back at the end). `raw` is that transaction's connection, for a side played by hand.
 */
export async function holding<T>(
  env: TestEnv,
  lockSql: string,
  params: unknown[],
  body: (release: () => Promise<void>, raw: Client) => Promise<T>,
): Promise<T> {
  const raw = new Client({ connectionString: env.databaseUrl });
  await raw.connect();
  try {
    await raw.query('BEGIN');
    await raw.query(lockSql, params);
    return await body(async () => {
      await raw.query('COMMIT');
    }, raw);
  } finally {
    await raw.query('ROLLBACK').catch(() => undefined);
    await raw.end();
  }
}
