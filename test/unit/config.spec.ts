import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { AppConfig, ConfigError, loadConfig } from '@dcs/common';

describe('configuration', () => {
  it('has defaults that work on a developer machine', () => {
    const c = loadConfig({});
    expect(c).toBeInstanceOf(AppConfig);
    expect(c.DATABASE_URL).toBe('postgresql://postgres@127.0.0.1:5432/dcs');
    expect(c.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(c.API_PORT).toBe(3000);
    expect(c.LOGIN_RATE_LIMIT).toBe(10);
  });

  it('reads numbers from strings', () => {
    expect(loadConfig({ API_PORT: '8080', JWT_TTL_SECONDS: '600' })).toMatchObject({ API_PORT: 8080, JWT_TTL_SECONDS: 600 });
  });

  it('names every bad setting at once', () => {
    let error: unknown;
    try {
      loadConfig({ DATABASE_URL: 'mysql://x', API_PORT: 'eighty', JWT_SECRET: 'short' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('DATABASE_URL must be a postgresql:// URL');
    expect(problems).toMatch(/API_PORT: .*"eighty"/);
    expect(problems).toContain('JWT_SECRET must be at least 32 characters');
  });

  it('makes the API exit non-zero with a readable message when a setting is wrong', () => {
    const root = path.resolve(__dirname, '../..');
    const run = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['apps/api/src/main.ts'], {
      cwd: root,
      env: { ...process.env, REDIS_URL: 'http://nope', JWT_SECRET: 'short' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(78);
    expect(run.stderr).toContain('Invalid configuration');
    expect(run.stderr).toContain('REDIS_URL must be a redis:// URL');
    expect(run.stderr).toContain('JWT_SECRET must be at least 32 characters');
  });
});
