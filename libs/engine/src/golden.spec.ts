import { spawnSync } from 'child_process';
import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';

const root = join(__dirname, '../../..');
const dir = join(__dirname, '../test/golden');
const names = readdirSync(dir)
  .filter((f) => f.endsWith('.json') && !f.endsWith('.expected.json'))
  .map((f) => f.slice(0, -'.json'.length))
  .sort();

describe('golden records replayed by the CLI (libs/engine/test/golden)', () => {
  // one CLI run for every file keeps this fast; the output is one JSON line per file, in order
  const run = spawnSync('npx', ['tsx', 'libs/engine/src/cli/replay.ts', ...names.map((n) => join(dir, `${n}.json`))], { cwd: root, encoding: 'utf8' });
  const lines = run.stdout.trim().split('\n');

  it('has a dozen complete games for every ruleset', () => {
    for (const ruleset of ['dcs-tournament', 'citizen', 'mook-camp-fitness', 'inmate', 'dcf-inmate-gym']) {
      expect(names.filter((n) => n.startsWith(`${ruleset}-`)).length).toBeGreaterThanOrEqual(12);
    }
  });
  it('prints one line per file and exits 1 because some golden records are invalid on purpose', () => {
    expect(run.stderr).toBe('');
    expect(lines).toHaveLength(names.length);
    expect(run.status).toBe(1);
  });
  it.each(names.map((n, i) => [n, i] as const))('%s replays to its expected result', (name, i) => {
    const expected: unknown = JSON.parse(readFileSync(join(dir, `${name}.expected.json`), 'utf8'));
    expect(JSON.parse(lines[i])).toEqual(expected);
  });
});
