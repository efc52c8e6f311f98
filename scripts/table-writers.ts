/**
 * Who writes each table: every Prisma delegate write (`.<model>.create|createMany|createManyAndReturn|
 * update|updateMany|updateManyAndReturn|upsert|delete|deleteMany(`, whatever the client is called:
 * `this.prisma`, `tx`, `db`) and every raw SQL write (`INSERT INTO`, `UPDATE`, `DELETE FROM`,
 * `TRUNCATE` naming a table of prisma/schema.prisma), found in the source of apps/ and libs/ (not specs).
 *
 *   npx tsx scripts/table-writers.ts          prints the table → writer files map, and exits 1 when a
 *                                             table has more than one writer file
 *   npx tsx scripts/table-writers.ts --write  also rewrites the map in docs/scaling.md
 *
 * The rule (docs/scaling.md, "Who writes which table"): every table has ONE writer file, its owner
 * repository; any other code calls the owner's methods, passing its transaction client. The games and
 * game_actions rows are written only by the one game store. test/unit/table-writers.spec.ts holds the
 * source to it.
 *
 * Nested writes (`{ seats: { create: … } }` inside another model's create) count for the model written
 * at the top only: such data is built by the owner of the parent row.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** A table whose writer must be this one file, whatever else holds. */
export const FIXED_WRITERS: Readonly<Record<string, string>> = {
  games: 'libs/tournament/src/games/game.store.ts',
  game_actions: 'libs/tournament/src/games/game.store.ts',
};

const PRISMA_WRITES = ['create', 'createMany', 'createManyAndReturn', 'update', 'updateMany', 'updateManyAndReturn', 'upsert', 'delete', 'deleteMany'];

export interface SchemaTables {
  /** Prisma delegate name (camelCase model) → table */
  byDelegate: Map<string, string>;
  tables: Set<string>;
}

/** The models of a Prisma schema and their tables (`@@map`, else the model's name). */
export function readSchema(schemaText: string): SchemaTables {
  const byDelegate = new Map<string, string>();
  for (const m of schemaText.matchAll(/^model\s+(\w+)\s*\{([\s\S]*?)^\}/gm)) {
    const model = m[1];
    const table = /@@map\(\s*"([^"]+)"\s*\)/.exec(m[2])?.[1] ?? model;
    byDelegate.set(model[0].toLowerCase() + model.slice(1), table);
  }
  return { byDelegate, tables: new Set(byDelegate.values()) };
}

function sourceFiles(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'generated' || e.name === 'dist' ? [] : sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.(spec|e2e-spec)\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** The text without its comments (a block comment, or a line comment on a line of its own or after code). */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** The tables one source text writes. */
export function tablesWrittenBy(text: string, schema: SchemaTables): Set<string> {
  const code = withoutComments(text);
  const written = new Set<string>();
  const delegates = [...schema.byDelegate.keys()].join('|');
  const prisma = new RegExp(`\\.\\s*(${delegates})\\s*\\??\\.\\s*(?:${PRISMA_WRITES.join('|')})\\s*[(<]`, 'g');
  for (const m of code.matchAll(prisma)) written.add(schema.byDelegate.get(m[1])!);
  const sql = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM|TRUNCATE(?:\s+TABLE)?)\s+(?:ONLY\s+)?(?:public\.)?"?([A-Za-z_][A-Za-z0-9_]*)"?/gi;
  for (const m of code.matchAll(sql)) if (schema.tables.has(m[1])) written.add(m[1]);
  return written;
}

/** Table → the repository-relative files that write it (sorted), for every table some file writes. */
export function collectTableWriters(root: string, schemaPath = join(root, 'prisma', 'schema.prisma')): Map<string, string[]> {
  const schema = readSchema(readFileSync(schemaPath, 'utf8'));
  const writers = new Map<string, string[]>();
  const files = [...sourceFiles(join(root, 'apps')), ...sourceFiles(join(root, 'libs'))].sort();
  for (const abs of files) {
    const file = relative(root, abs).split('\\').join('/');
    for (const table of tablesWrittenBy(readFileSync(abs, 'utf8'), schema)) writers.set(table, [...(writers.get(table) ?? []), file]);
  }
  return new Map([...writers].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** What breaks the rule: a table with more than one writer file, or a fixed table written elsewhere. */
export function writerProblems(writers: ReadonlyMap<string, readonly string[]>): string[] {
  const problems: string[] = [];
  for (const [table, files] of writers) {
    if (files.length > 1) problems.push(`${table} is written by ${files.length} files (one owner only): ${files.join(', ')}`);
    const fixed = FIXED_WRITERS[table];
    if (fixed && files.some((f) => f !== fixed)) problems.push(`${table} may be written only by ${fixed}: ${files.filter((f) => f !== fixed).join(', ')}`);
  }
  return problems;
}

export function renderWriters(writers: ReadonlyMap<string, readonly string[]>): string {
  const width = Math.max(...[...writers.keys()].map((t) => t.length));
  return [...writers].map(([table, files]) => `${table.padEnd(width)}  ${files.join(', ')}`).join('\n') + '\n';
}

/** Where the map is kept in the docs, between two markers. */
export const WRITERS_DOC = { file: 'docs/scaling.md', begin: '<!-- table-writers:begin -->', end: '<!-- table-writers:end -->' } as const;

/** The docs text with the map between its markers replaced by `writers`. */
export function withWritersInDoc(doc: string, writers: ReadonlyMap<string, readonly string[]>): string {
  const from = doc.indexOf(WRITERS_DOC.begin);
  const to = doc.indexOf(WRITERS_DOC.end);
  if (from < 0 || to < from) throw new Error(`${WRITERS_DOC.file} has no ${WRITERS_DOC.begin} … ${WRITERS_DOC.end} markers`);
  const table = ['| table | written only by |', '|---|---|', ...[...writers].map(([t, files]) => `| \`${t}\` | ${files.map((f) => `\`${f}\``).join(', ')} |`)].join('\n');
  return `${doc.slice(0, from + WRITERS_DOC.begin.length)}\n${table}\n${doc.slice(to)}`;
}

function main(): void {
  const root = join(__dirname, '..');
  const writers = collectTableWriters(root);
  process.stdout.write(renderWriters(writers));
  if (process.argv.includes('--write')) {
    const doc = join(root, WRITERS_DOC.file);
    writeFileSync(doc, withWritersInDoc(readFileSync(doc, 'utf8'), writers));
  }
  const problems = writerProblems(writers);
  for (const p of problems) process.stderr.write(`${p}\n`);
  // The exit status is the check's verdict (CI and `--write` runs read it); set, not forced, so the output above is flushed first.
  process.exitCode = problems.length ? 1 : 0;
}

if (require.main === module) main();
