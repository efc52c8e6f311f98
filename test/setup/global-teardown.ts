import { Client } from 'pg';
import { DB_PREFIX, TEST_PG_BASE } from '../support/env';

export default async function globalTeardown(): Promise<void> {
  const admin = new Client({ connectionString: `${TEST_PG_BASE}/postgres` });
  await admin.connect();
  try {
    const dbs = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [DB_PREFIX]);
    for (const { datname } of dbs.rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
