import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

interface LintResult {
  filePath: string;
  messages: { ruleId: string | null; message: string }[];
}

/**
 * Writes each probe file (path relative to `root` → source), lints them all in one ESLint run, removes
 * them, and returns each probe's messages of the rule `ruleId`.
 */
export function lintProbes(root: string, probes: Record<string, string>, ruleId: string): Record<string, string[]> {
  for (const [file, code] of Object.entries(probes)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), code);
  }
  try {
    const run = spawnSync(path.join(root, 'node_modules/.bin/eslint'), ['--format', 'json', ...Object.keys(probes)], { cwd: root, encoding: 'utf8', timeout: 120_000 });
    const parsed = JSON.parse(run.stdout) as LintResult[];
    return Object.fromEntries(parsed.map((r) => [path.relative(root, r.filePath), r.messages.filter((m) => m.ruleId === ruleId).map((m) => m.message)]));
  } finally {
    for (const file of Object.keys(probes)) rmSync(path.join(root, file), { force: true });
  }
}
