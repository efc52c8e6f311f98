/**
 * Checks docs/configuration.md against the settings of AppConfig (libs/common/src/config/app-config.ts and the
 * LiveSettings it extends): every setting has a row in the table, and where a row's default column gives one
 * `value` per variable, each is the setting's default. `npx tsx scripts/config-doc.ts` prints what is missing
 * or different (exit 1); test/unit/config-doc.spec.ts fails on the same.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppConfig } from '../libs/common/src/config/app-config';

export const CONFIG_DOC = 'docs/configuration.md';

/** Every setting's name and default, as a fresh AppConfig holds them (its property initialisers). */
export function settingDefaults(): Map<string, unknown> {
  return new Map(Object.entries(new AppConfig()));
}

interface DocRow {
  names: string[];
  defaults: string[];
}

/** The settings table's rows: the variables of the first column and the backticked values of the second. */
export function documentedRows(markdown: string): DocRow[] {
  const ticked = (cell: string) => [...cell.matchAll(/`([^`]*)`/g)].map((m) => m[1]);
  return markdown
    .split('\n')
    .filter((line) => /^\| `[A-Z][A-Z0-9_]*`/.test(line))
    .map((line) => {
      const [, names, defaults] = line.split('|').map((c) => c.trim());
      return { names: ticked(names), defaults: ticked(defaults) };
    });
}

/** What the document gets wrong: settings with no row, and defaults that differ from the code's. */
export function configDocProblems(markdown: string, defaults = settingDefaults()): string[] {
  const rows = documentedRows(markdown);
  const documented = new Set(rows.flatMap((r) => r.names));
  const problems = [...defaults.keys()].filter((name) => !documented.has(name)).map((name) => `${name} is not in ${CONFIG_DOC}`);
  for (const row of rows) {
    for (const name of row.names.filter((n) => !defaults.has(n))) problems.push(`${name} is in ${CONFIG_DOC} but not a setting of AppConfig`);
    if (row.names.length !== row.defaults.length) continue;
    row.names.forEach((name, i) => {
      const value = defaults.get(name);
      if (value === undefined || value === '') return;
      if (String(value) !== row.defaults[i]) problems.push(`${name}: ${CONFIG_DOC} gives the default \`${row.defaults[i]}\`, AppConfig \`${String(value)}\``);
    });
  }
  return problems;
}

function main(): void {
  const problems = configDocProblems(readFileSync(join(__dirname, '..', CONFIG_DOC), 'utf8'));
  for (const p of problems) process.stderr.write(`${p}\n`);
  if (problems.length === 0) process.stdout.write(`${settingDefaults().size} settings, all in ${CONFIG_DOC}\n`);
  process.exit(problems.length ? 1 : 0);
}

if (require.main === module) main();
