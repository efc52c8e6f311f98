/**
 * `npm run db:migration -- <name>`: writes prisma/migrations/<timestamp>_<name>/migration.sql
 * from the difference between the schema as of the last migration (the snapshot kept
 * beside it) and prisma/schema.prisma. Works offline: no database introspection
 * (see docs/adr/0001-prisma-offline.md).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, copyFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const name = process.argv[2];
if (!name || !/^[a-z][a-z0-9_]*$/.test(name)) {
  console.error('usage: npm run db:migration -- <verb_object> (lower case, digits and underscores), e.g. add_challenges');
  process.exit(2);
}
const root = path.resolve(__dirname, '..');
const migrationsDir = path.join(root, 'prisma', 'migrations');
const schema = path.join(root, 'prisma', 'schema.prisma');
mkdirSync(migrationsDir, { recursive: true });

const previous = readdirSync(migrationsDir)
  .filter((d) => /^\d{14}_/.test(d))
  .sort()
  .pop();
const from = previous ? ['--from-schema-datamodel', path.join(migrationsDir, previous, 'schema.snapshot')] : ['--from-empty'];
if (previous && !existsSync(path.join(migrationsDir, previous, 'schema.snapshot'))) {
  console.error(`the last migration ${previous} has no schema.snapshot beside it`);
  process.exit(1);
}
const sql = execFileSync(
  path.join(root, 'node_modules', '.bin', 'prisma'),
  ['migrate', 'diff', ...from, '--to-schema-datamodel', schema, '--script'],
  { cwd: root, encoding: 'utf8' },
);
if (/^-- This is an empty migration\.\s*$/m.test(sql) || sql.trim() === '') {
  console.error('schema.prisma has not changed since the last migration: nothing to write');
  process.exit(1);
}
const d = new Date();
const pad = (n: number) => String(n).padStart(2, '0');
const stamp = `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
const dir = path.join(migrationsDir, `${stamp}_${name}`);
mkdirSync(dir);
writeFileSync(path.join(dir, 'migration.sql'), sql);
copyFileSync(schema, path.join(dir, 'schema.snapshot'));
console.log(`wrote ${path.relative(root, dir)}/migration.sql (review it, add hand-written SQL such as triggers, then npm run db:migrate)`);
