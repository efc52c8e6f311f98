import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { Client } from 'pg';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Migrates one template database per run; every e2e suite then copies it
 * (CREATE DATABASE … TEMPLATE) into a database of its own.
 */
export default async function globalSetup(): Promise<void> {
  process.env.DCS_TEST_RUN = `r${process.pid}`;
  const { TEMPLATE_DB, TEST_PG_BASE } = await import('../support/env');
  const admin = new Client({ connectionString: `${TEST_PG_BASE}/postgres` });
  await admin.connect();
  try {
    // Leftovers of interrupted runs (their process is gone).
    const stale = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'dcs_test_%'");
    for (const { datname } of stale.rows) {
      const m = /^dcs_test_r(\d+)_/.exec(datname);
      if (!m || !alive(Number(m[1]))) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
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
