import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Redis from 'ioredis';
import { TEST_REDIS_URL } from './support/env';
import { createTestEnv, TestEnv } from './support/test-env';

const ROOT = path.resolve(__dirname, '..');
const DIST = path.join(ROOT, 'dist');

interface Run {
  child: ChildProcess;
  stdout: string;
  stderr: string;
  exit: Promise<number | null>;
}

/** Starts a command in the checkout with the platform's services pointed at `platform`. */
function run(platform: TestEnv, cmd: string, args: string[]): Run {
  const child = spawn(cmd, args, {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: platform.databaseUrl, REDIS_URL: TEST_REDIS_URL, QUEUE_PREFIX: platform.queuePrefix },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const r: Run = { child, stdout: '', stderr: '', exit: new Promise((resolve) => child.once('exit', (code) => resolve(code))) };
  child.stdout!.on('data', (d: Buffer) => (r.stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (r.stderr += d.toString()));
  return r;
}

/** The throwaway database and queue prefix the run announced on stderr. */
function throwaway(r: Run): { dbName: string; prefix: string } {
  const m = /database (dcs_sim_\w+), queue prefix (sim:\w+): migrating/.exec(r.stderr);
  if (!m) throw new Error(`no throwaway database announced:\n${r.stderr}`);
  return { dbName: m[1], prefix: m[2] };
}

describe('npm run simulate leaves the platform as it found it', () => {
  let platform: TestEnv;
  let redis: Redis;
  const databaseExists = async (name: string) => (await platform.sql('SELECT 1 FROM pg_database WHERE datname = $1', [name])).length > 0;
  const keys = async (prefix: string) => (await redis.keys(`${prefix}*`)).length;
  const platformRows = async () => (await platform.sql<{ cities: number; users: number; challenges: number }>('SELECT (SELECT count(*)::int FROM cities) AS cities, (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM challenges) AS challenges'))[0];

  beforeAll(async () => {
    platform = await createTestEnv('simulate_isolation');
    redis = new Redis(TEST_REDIS_URL);
  });
  afterAll(async () => {
    redis.disconnect();
    await platform.drop();
  });

  it('plays in a throwaway database and queue prefix, drops both, adds no city to the platform and never touches dist/', async () => {
    // A running platform serves from dist/: a file in it must still be there afterwards.
    const sentinel = path.join(DIST, '.simulate-isolation-sentinel');
    const hadDist = existsSync(DIST);
    if (hadDist) writeFileSync(sentinel, 'a running platform serves from here\n');
    try {
      const r = run(platform, 'npm', ['run', '--silent', 'simulate', '--', '--players', '16', '--seed', 'isolation', '--json']);
      const code = await r.exit;
      expect({ code, stderr: code === 0 ? '' : r.stderr }).toEqual({ code: 0, stderr: '' });
      const summary = JSON.parse(r.stdout) as { players: number; placements: unknown[] };
      expect(summary.players).toBe(16);
      expect(summary.placements).toHaveLength(16);

      const { dbName, prefix } = throwaway(r);
      expect(r.stderr).toContain(`database ${dbName} dropped`);
      expect(await databaseExists(dbName)).toBe(false);
      expect(await keys(prefix)).toBe(0);
      expect(await platformRows()).toEqual({ cities: 0, users: 0, challenges: 0 });
      expect(await keys(platform.queuePrefix)).toBe(0);
      expect(existsSync(DIST)).toBe(hadDist);
      if (hadDist) expect(existsSync(sentinel)).toBe(true);
      expect(existsSync(path.join(ROOT, '.build/tools/scripts/simulate.js'))).toBe(true);
    } finally {
      rmSync(sentinel, { force: true });
    }
  }, 600_000);

  it('drops its database and keys when interrupted with Ctrl-C in the middle of the challenge', async () => {
    // Built by the test above (or by an earlier run: the build is incremental).
    const build = run(platform, 'bash', ['scripts/build-tools.sh']);
    expect(await build.exit).toBe(0);
    const r = run(platform, process.execPath, ['.build/tools/scripts/simulate.js', '--players', '20', '--seed', 'interrupted']);
    for (let i = 0; !/round 1\/\d+ done/.test(r.stderr); i++) {
      if (i > 2400 || r.child.exitCode !== null) throw new Error(`the simulation did not get through round 1:\n${r.stderr}`);
      await new Promise((res) => setTimeout(res, 50));
    }
    const { dbName, prefix } = throwaway(r);
    expect(await databaseExists(dbName)).toBe(true);
    r.child.kill('SIGINT');
    expect(await r.exit).toBe(130);
    expect(r.stderr).toContain(`database ${dbName} dropped`);
    expect(await databaseExists(dbName)).toBe(false);
    expect(await keys(prefix)).toBe(0);
    expect(await platformRows()).toEqual({ cities: 0, users: 0, challenges: 0 });
  }, 300_000);
});
