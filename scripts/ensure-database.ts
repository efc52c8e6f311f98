/**
 * Creates the database named in DATABASE_URL when it does not exist yet
 * (`prisma migrate deploy` through the driver adapter cannot create it).
 */
import { Client } from 'pg';

export async function ensureDatabase(url: string): Promise<boolean> {
  const target = new URL(url);
  const dbName = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]+$/.test(dbName)) throw new Error(`unsupported database name: ${dbName}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName]);
    if (found.rowCount) return false;
    await client.query(`CREATE DATABASE "${dbName}"`);
    return true;
  } finally {
    await client.end();
  }
}

if (require.main === module) {
  const url = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/dcs';
  ensureDatabase(url)
    .then((created) => console.log(created ? `created database ${new URL(url).pathname.slice(1)}` : 'database exists'))
    .catch((err: Error) => {
      console.error(`cannot reach PostgreSQL at ${new URL(url).host}: ${err.message}`);
      process.exit(1);
    });
}
