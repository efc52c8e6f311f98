import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { Client } from 'pg';
import { TEMPLATE_DB, TEST_PG_BASE } from '../support/env';

/**
 * Migrates one template database once per run; every e2e suite then copies it
 * (CREATE DATABASE … TEMPLATE) into a database of its own.
 */
export default async function globalSetup(): Promise<void> {
  const admin = new Client({ connectionString: `${TEST_PG_BASE}/postgres` });
  await admin.connect();
  try {
    // Leftovers of an interrupted run.
    const stale = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'dcs_test_%'");
    for (const { datname } of stale.rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${TEMPLATE_DB}"`);
  } finally {
    await admin.end();
  }
  const root = path.resolve(__dirname, '../..');
  execFileSync(path.join(root, 'node_modules/.bin/prisma'), ['migrate', 'deploy'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: `${TEST_PG_BASE}/${TEMPLATE_DB}` },
    stdio: 'pipe',
  });
}
