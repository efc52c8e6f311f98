/**
 * The restore drill (docs/operations.md, "Backups"): `pg_dump -Fc` of a running platform's database,
 * `pg_restore` into a new database, and a comparison of what must survive a restore exactly: the season
 * standings, the brackets (rounds, tables, their results, placements), the wallets (every ledger's sum
 * per account and currency, against the balances) and the audit log. Each side is summarised by one
 * digest per part, computed by PostgreSQL over the rows in a fixed order, so the comparison reads
 * every row without moving them to the client. Each step is timed.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';

const run = promisify(execFile);

/** What is compared: a name, and a query answering one row `{ n, digest }`. */
export const DRILL_PARTS: { name: string; sql: string }[] = [
  { name: 'season standings', sql: `SELECT count(*) AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM season_standings t` },
  { name: 'brackets: rounds', sql: `SELECT count(*) AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM rounds t` },
  { name: 'brackets: tables and results', sql: `SELECT count(*) AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM challenge_tables t` },
  { name: 'placements', sql: `SELECT count(*) AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM placements t` },
  {
    name: 'wallet ledger sums',
    sql: `SELECT count(*) AS n, md5(coalesce(string_agg(s::text, '|' ORDER BY s::text), '')) AS digest
          FROM (SELECT user_id, currency, sum(amount) AS total, sum(owed_change) AS owed, count(*) AS entries, max(seq) AS last FROM wallet_entries GROUP BY user_id, currency) s`,
  },
  { name: 'wallets', sql: `SELECT count(*) AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM wallets t` },
  { name: 'audit log', sql: `SELECT count(*) AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM audit_log t` },
];

export interface DrillPart {
  name: string;
  rows: number;
  source: string;
  restored: string;
  identical: boolean;
}

export interface DrillResult {
  dumpMs: number;
  dumpBytes: number;
  restoreMs: number;
  checkMs: number;
  parts: DrillPart[];
  identical: boolean;
  restoredDatabase: string;
}

export async function drillDigests(url: string): Promise<Map<string, { n: number; digest: string }>> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    // One snapshot for every part (a running platform keeps writing while the source is read).
    await c.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const out = new Map<string, { n: number; digest: string }>();
    for (const p of DRILL_PARTS) {
      const { rows } = await c.query<{ n: string; digest: string }>(p.sql);
      out.set(p.name, { n: Number(rows[0].n), digest: rows[0].digest });
    }
    await c.query('COMMIT');
    return out;
  } finally {
    await c.end();
  }
}

const withDb = (url: string, db: string) => {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
};

/**
 * Dumps `sourceUrl`'s database while it runs, restores it as `targetDb` on the same server, and compares.
 * The platform keeps writing meanwhile, so the source side is read in the very snapshot the dump is taken
 * in: this process exports a snapshot (`pg_export_snapshot()`), holds it open, gives it to pg_dump
 * (`--snapshot`) and computes the source digests in it; the restored database must match it exactly.
 */
export async function restoreDrill(sourceUrl: string, targetDb: string, log: (line: string) => void = () => undefined): Promise<DrillResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'dcs-drill-'));
  const file = path.join(dir, 'platform.dump');
  const holder = new Client({ connectionString: sourceUrl });
  await holder.connect();
  try {
    // A snapshot of the running database, shared by pg_dump and the source side of the comparison.
    await holder.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows } = await holder.query<{ s: string }>('SELECT pg_export_snapshot() AS s');
    const snapshot = rows[0].s;
    const t0 = Date.now();
    await run('pg_dump', ['-Fc', '--no-owner', '--snapshot', snapshot, '-f', file, sourceUrl]);
    const dumpMs = Date.now() - t0;
    const dumpBytes = statSync(file).size;
    log(`pg_dump -Fc: ${dumpMs} ms, ${(dumpBytes / 1024).toFixed(0)} KiB`);
    const source = new Map<string, { n: number; digest: string }>();
    for (const p of DRILL_PARTS) {
      const r = await holder.query<{ n: string; digest: string }>(p.sql);
      source.set(p.name, { n: Number(r.rows[0].n), digest: r.rows[0].digest });
    }
    await holder.query('COMMIT');

    const admin = new Client({ connectionString: withDb(sourceUrl, 'postgres') });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE "${targetDb}"`);
    } finally {
      await admin.end();
    }
    const t1 = Date.now();
    await run('pg_restore', ['--no-owner', '--exit-on-error', '-d', withDb(sourceUrl, targetDb), file]);
    const restoreMs = Date.now() - t1;
    log(`pg_restore into ${targetDb}: ${restoreMs} ms`);

    const t2 = Date.now();
    const restored = await drillDigests(withDb(sourceUrl, targetDb));
    const parts = DRILL_PARTS.map((p) => {
      const a = source.get(p.name)!;
      const b = restored.get(p.name)!;
      return { name: p.name, rows: a.n, source: a.digest, restored: b.digest, identical: a.n === b.n && a.digest === b.digest };
    });
    const checkMs = Date.now() - t2;
    log(`checked in ${checkMs} ms: ${parts.map((p) => `${p.name} ${p.rows} rows ${p.identical ? 'identical' : 'DIFFERENT'}`).join('; ')}`);
    return { dumpMs, dumpBytes, restoreMs, checkMs, parts, identical: parts.every((p) => p.identical), restoredDatabase: targetDb };
  } finally {
    await holder.end().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}
