/**
 * The catalogue of error codes: every `code` the API can answer (HTTP error bodies and socket
 * acknowledgements), collected from the source of apps/ and libs/ — `new AppError('CODE', …)`, the
 * exception filter's literal bodies and status table, and the engine's, the tiebreak draw's and the
 * calendar's code unions, which the edge forwards as they are — each with its HTTP status from the
 * one table at the edge, apps/api/src/common/error-status.ts.
 *
 *   npx tsx scripts/error-codes.ts          writes docs/error-codes.md and libs/common/src/errors/error-codes.ts
 *   npx tsx scripts/error-codes.ts --check  exits 1 when either file is stale
 *
 * test/unit/error-codes.spec.ts fails when the committed files differ from what this produces.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { STATUS_CODES } from 'node:http';
import { ERROR_STATUS } from '../apps/api/src/common/error-status';

export interface CatalogueEntry {
  code: string;
  statuses: number[];
  /** repository-relative files that throw it */
  sources: string[];
}

const HTTP_STATUS: Record<string, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_ENTITY: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};

const FILTER = 'apps/api/src/common/all-exceptions.filter.ts';
const STATUS_TABLE = 'apps/api/src/common/error-status.ts';

/**
 * Code unions the edge forwards as they are, without naming each code: the engine's (a move), the
 * tiebreak draw's (a pick) and the calendar's (libs/schedule ScheduleInputError).
 */
const FORWARDED: { file: string; type: string }[] = [
  { file: 'libs/engine/src/types.ts', type: 'ErrorCode' },
  { file: 'libs/engine/src/tiebreak.ts', type: 'TiebreakErrorCode' },
  { file: 'libs/schedule/src/schedule.ts', type: 'ScheduleErrorCode' },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'generated' ? [] : sourceFiles(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.spec.ts') && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

function statusOf(token: string): number | undefined {
  if (/^\d{3}$/.test(token)) return Number(token);
  return HTTP_STATUS[token.replace(/^HttpStatus\./, '')];
}

/**
 * Every code the source can answer, with its status from the one table (ERROR_STATUS, apps/api's edge).
 * Fails on a code thrown but missing from the table, on a table entry nothing throws, and on a code the
 * exception filter answers itself with another status than the table's.
 */
export function collectErrorCodes(root: string, statusTable: Readonly<Record<string, number>> = ERROR_STATUS): CatalogueEntry[] {
  const found = new Map<string, Set<string>>();
  const problems: string[] = [];
  const add = (code: string, file: string) => found.set(code, (found.get(code) ?? new Set()).add(file));
  const files = [...sourceFiles(join(root, 'apps')), ...sourceFiles(join(root, 'libs'))].sort();
  for (const abs of files) {
    const file = relative(root, abs).split('\\').join('/');
    const text = readFileSync(abs, 'utf8');
    for (const m of text.matchAll(/new AppError\(\s*'([A-Z][A-Z0-9_]+)'/g)) add(m[1], file);
    if (file === FILTER) {
      const own = (code: string, status: number | undefined) => {
        add(code, file);
        if (status !== undefined && statusTable[code] !== undefined && statusTable[code] !== status) problems.push(`${code}: the exception filter answers ${status}, ERROR_STATUS says ${statusTable[code]}`);
      };
      for (const m of text.matchAll(/^\s*(\d{3}): '([A-Z_]+)'/gm)) own(m[2], Number(m[1]));
      for (const m of text.matchAll(/code: '([A-Z_]+)'/g)) {
        const before = text.slice(Math.max(0, m.index - 160), m.index);
        const statuses = [...before.matchAll(/status(?:\(|: )(\d{3}|HttpStatus\.[A-Z_]+)/g)];
        own(m[1], statuses.length ? statusOf(statuses[statuses.length - 1][1]) : undefined);
      }
    }
  }
  for (const f of FORWARDED) {
    const text = readFileSync(join(root, f.file), 'utf8');
    const union = new RegExp(`export type ${f.type} =([^;]*);`).exec(text);
    if (!union) throw new Error(`${f.file}: type ${f.type} not found`);
    for (const m of union[1].matchAll(/'([A-Z][A-Z0-9_]+)'/g)) add(m[1], f.file);
  }
  for (const code of found.keys()) if (statusTable[code] === undefined) problems.push(`${code} is answered (${[...found.get(code)!].join(', ')}) but has no HTTP status: add it to ${STATUS_TABLE}`);
  for (const code of Object.keys(statusTable)) if (!found.has(code)) problems.push(`${code} is in ${STATUS_TABLE} but nothing answers it: remove it`);
  if (problems.length) throw new Error(`the error catalogue is inconsistent:\n  ${problems.join('\n  ')}`);
  return [...found.entries()]
    .map(([code, sources]) => ({ code, statuses: [statusTable[code]], sources: [...sources].sort() }))
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}

export function renderMarkdown(entries: CatalogueEntry[]): string {
  const rows = entries.map((e) => `| \`${e.code}\` | ${e.statuses.map((s) => `${s} ${STATUS_CODES[s] ?? ''}`.trim()).join(', ')} | ${e.sources.map((s) => `\`${s}\``).join(', ')} |`);
  return [
    '# Error codes',
    '',
    'Every error the API answers is `{ "code", "message", "details"? }` (HTTP bodies and socket.io acknowledgements alike).',
    'These are all the codes, collected from the source by `npm run errors:catalogue` (do not edit by hand; a unit test fails when this file is stale).',
    'Each operation of the OpenAPI document (`/docs-json`) lists the codes it can answer per status; `libs/common/src/errors/error-codes.ts` holds the same catalogue as a TypeScript constant.',
    '',
    '| code | HTTP status | thrown in |',
    '|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

export function renderTs(entries: CatalogueEntry[]): string {
  const lines = entries.map((e) => `  ${e.code}: [${e.statuses.join(', ')}],`);
  return [
    '// Generated by scripts/error-codes.ts from the source of apps/ and libs/: do not edit by hand.',
    '// test/unit/error-codes.spec.ts fails when this file is stale.',
    '',
    '/** Every error code the API answers, with the HTTP status(es) it is answered with. */',
    'export const ERROR_CODES = {',
    ...lines,
    '} as const satisfies Record<string, readonly number[]>;',
    '',
    'export type ApiErrorCode = keyof typeof ERROR_CODES;',
    '',
  ].join('\n');
}

export const CATALOGUE_FILES = { markdown: 'docs/error-codes.md', ts: 'libs/common/src/errors/error-codes.ts' } as const;

function main(): void {
  const root = join(__dirname, '..');
  const entries = collectErrorCodes(root);
  const outputs: [string, string][] = [
    [CATALOGUE_FILES.markdown, renderMarkdown(entries)],
    [CATALOGUE_FILES.ts, renderTs(entries)],
  ];
  if (process.argv.includes('--check')) {
    const stale = outputs.filter(([f, text]) => {
      try {
        return readFileSync(join(root, f), 'utf8') !== text;
      } catch {
        return true;
      }
    });
    for (const [f] of stale) process.stderr.write(`${f} is stale: run npm run errors:catalogue\n`);
    process.exit(stale.length ? 1 : 0);
  }
  for (const [f, text] of outputs) writeFileSync(join(root, f), text);
  process.stdout.write(`${entries.length} error codes written to ${outputs.map(([f]) => f).join(' and ')}\n`);
}

if (require.main === module) main();
