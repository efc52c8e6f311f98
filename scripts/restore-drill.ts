/**
 * `npx tsx scripts/restore-drill.ts [--keep]`: the restore drill against the platform's database
 * (DATABASE_URL) while it runs: pg_dump -Fc, pg_restore into `<db>_restore_<time>`, then standings,
 * brackets, placements, wallets (ledger sums) and the audit log compared; prints each step's time. The
 * restored database is dropped afterwards unless --keep. Exits 1 when anything differs.
 */
import { Client } from 'pg';
import { restoreDrill } from './lib/restore-drill';

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/dcs';
  const u = new URL(url);
  const target = `${u.pathname.slice(1)}_restore_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}`;
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const result = await restoreDrill(url, target, log);
  log(`\n| step | time |\n|---|---|\n| pg_dump -Fc (${(result.dumpBytes / 1024 / 1024).toFixed(1)} MiB) | ${(result.dumpMs / 1000).toFixed(1)} s |\n| pg_restore | ${(result.restoreMs / 1000).toFixed(1)} s |\n| checks | ${(result.checkMs / 1000).toFixed(1)} s |`);
  log(result.identical ? 'identical: the restore is good' : 'DIFFERENT: do not rely on this backup');
  if (!process.argv.includes('--keep')) {
    u.pathname = '/postgres';
    const admin = new Client({ connectionString: u.toString() });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${target}" WITH (FORCE)`);
    await admin.end();
  } else log(`kept ${target}`);
  process.exit(result.identical ? 0 : 1);
}

main().catch((err: Error) => {
  console.error(err.stack ?? err.message);
  process.exit(1);
});
