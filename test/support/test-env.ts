import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { AppConfig, loadConfig } from '@dcs/common';
import { DB_PREFIX, TEMPLATE_DB, TEST_PG_BASE, TEST_REDIS_URL } from './env';

export interface TestEnv {
  name: string;
  databaseUrl: string;
  queuePrefix: string;
  config(overrides?: Record<string, string>): AppConfig;
  /** A direct connection to the suite's database, for asserting what is stored. */
  sql<T extends Record<string, unknown> = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

/** Gives a suite its own database (copied from the migrated template) and its own queue prefix. */
export async function createTestEnv(suite: string): Promise<TestEnv> {
  const name = `${DB_PREFIX}${suite.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${randomBytes(3).toString('hex')}`;
  const admin = new Client({ connectionString: `${TEST_PG_BASE}/postgres` });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${TEMPLATE_DB}"`);
  } finally {
    await admin.end();
  }
  const databaseUrl = `${TEST_PG_BASE}/${name}`;
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const queuePrefix = `test:${name}`;
  return {
    name,
    databaseUrl,
    queuePrefix,
    config: (overrides = {}) =>
      loadConfig({
        NODE_ENV: 'test',
        DATABASE_URL: databaseUrl,
        REDIS_URL: TEST_REDIS_URL,
        QUEUE_PREFIX: queuePrefix,
        LOG_LEVEL: 'silent',
        JWT_SECRET: `test-secret-${name}-0123456789abcdef0123456789`,
        API_PORT: '0',
        // Suites register their players from 127.0.0.1; the registration limits have their own suite (security-signup).
        REGISTER_RATE_LIMIT_PER_ADDRESS: '100000',
        REGISTER_RATE_LIMIT_PER_NETWORK: '100000',
        // The post-game analysis (a second or two of CPU a game) runs in the worker, which these suites start in
        // their own process beside the API: judging every finished game would slow the suites' clocks and 5-second
        // draw windows. Its scan runs at start and then hourly; its own suite (game-review) sets it to a second.
        REVIEW_SCAN_INTERVAL_MS: '3600000',
        // Deals no one can steer (issue 24): the suites that play games deal at once (no contribution window);
        // the fair-deal suite sets its own window.
        CONTRIBUTION_WINDOW_MS: '0',
        ...overrides,
      }),
    sql: async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as T[],
    drop: async () => {
      await client.end();
      const a = new Client({ connectionString: `${TEST_PG_BASE}/postgres` });
      await a.connect();
      try {
        await a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await a.end();
      }
    },
  };
}
