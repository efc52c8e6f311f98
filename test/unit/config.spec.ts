import { generateVAPIDKeys } from 'web-push';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { AppConfig, ConfigError, corsOrigins, DEV_JWT_SECRET, loadConfig, trustProxySetting } from '@dcs/common';

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

  describe('TRUST_PROXY', () => {
    it('is off by default: X-Forwarded-For is believed from no one', () => {
      expect(trustProxySetting(loadConfig({}))).toBe(false);
      expect(trustProxySetting(loadConfig({ TRUST_PROXY: 'false' }))).toBe(false);
    });

    it.each([
      ['loopback', ['loopback']],
      ['10.0.0.0/8, 192.168.1.1', ['10.0.0.0/8', '192.168.1.1']],
      ['uniquelocal,fd00::/8,172.16.0.0/255.240.0.0', ['uniquelocal', 'fd00::/8', '172.16.0.0/255.240.0.0']],
      ['2', 2],
      ['true', true],
    ])('accepts what Express accepts: %s', (value, expected) => {
      expect(trustProxySetting(loadConfig({ TRUST_PROXY: value }))).toEqual(expected);
    });

    it.each(['everyone', '10.0.0.0/33', 'loopback,300.1.1.1', '1.2.3.4/8/9'])('refuses %s, naming the bad entry', (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: must be empty\/false, true, a hop count, or a comma-separated list/);
    });
  });

  describe('CORS_ORIGINS', () => {
    it('is empty by default: no other origin', () => {
      expect(corsOrigins(loadConfig({}))).toEqual([]);
    });

    it('reads exact origins, comma-separated', () => {
      expect(corsOrigins(loadConfig({ CORS_ORIGINS: 'https://app.example.org, http://localhost:5173' }))).toEqual(['https://app.example.org', 'http://localhost:5173']);
    });

    it.each(['app.example.org', 'https://app.example.org/path', '*', 'https://a.example,ftp://b.example'])('refuses %s', (value) => {
      expect(() => loadConfig({ CORS_ORIGINS: value })).toThrow(/CORS_ORIGINS must be comma-separated origins/);
    });

    it('refuses what only looks like an origin', () => {
      expect(() => loadConfig({ CORS_ORIGINS: 'https://[' })).toThrow(/CORS_ORIGINS: not an origin: "https:\/\/\["/);
    });
  });

  describe('in production', () => {
    const prod = (env: Record<string, string>) => () => loadConfig({ NODE_ENV: 'production', ...env });
    const problemsOf = (fn: () => unknown): string => {
      try {
        fn();
      } catch (e) {
        if (e instanceof ConfigError) return e.problems.join('\n');
        throw e;
      }
      return '';
    };

    it('refuses to start without JWT_SECRET, saying why and how to make one', () => {
      const problems = problemsOf(prod({}));
      expect(problems).toMatch(/JWT_SECRET: must be set in production/);
      expect(problems).toContain('openssl rand -base64 48');
    });

    it.each([
      ['the built-in development value', DEV_JWT_SECRET],
      ["docker-compose's old placeholder", 'change-me-to-a-long-random-secret-of-32-chars'],
      ['a long placeholder', 'please-change-me-before-going-live-0123456789'],
    ])('refuses %s as JWT_SECRET', (_name, secret) => {
      const problems = problemsOf(prod({ JWT_SECRET: secret }));
      expect(problems).toMatch(/JWT_SECRET: is a publicly known default or placeholder/);
      expect(problems).not.toContain(secret);
    });

    it('refuses a short JWT_SECRET without echoing it', () => {
      const problems = problemsOf(prod({ JWT_SECRET: 'hunter2-short' }));
      expect(problems).toContain('JWT_SECRET must be at least 32 characters (got 13 characters)');
      expect(problems).not.toContain('hunter2');
    });

    it('accepts a long random secret with a VAPID pair', () => {
      const vapid = generateVAPIDKeys();
      expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: randomBytes(48).toString('base64'), VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey }).NODE_ENV).toBe('production');
    });

    it('refuses to start without a VAPID pair (no push could be sent), saying how to make one', () => {
      const problems = problemsOf(prod({ JWT_SECRET: randomBytes(48).toString('base64') }));
      expect(problems).toMatch(/VAPID_PUBLIC_KEY: must be set in production/);
      expect(problems).toMatch(/VAPID_PRIVATE_KEY: must be set in production/);
      expect(problems).toContain('npx web-push generate-vapid-keys');
    });

    it('refuses TURN_URLS without a TURN_SECRET (coturn could not check the credentials), and takes both together', () => {
      const vapid = generateVAPIDKeys();
      const base = { NODE_ENV: 'production', JWT_SECRET: randomBytes(48).toString('base64'), VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, TURN_URLS: 'turn:turn.example.org:3478' };
      expect(problemsOf(() => loadConfig(base))).toMatch(/TURN_SECRET: must be set in production when TURN_URLS is/);
      expect(loadConfig({ ...base, TURN_SECRET: randomBytes(32).toString('hex') }).TURN_URLS).toBe('turn:turn.example.org:3478');
      expect(() => loadConfig({ TURN_URLS: 'http://turn.example.org' })).toThrow(/TURN_URLS must be comma-separated turn:, turns: or stun: URLs/);
    });

    it('refuses an SMTP_URL that is not smtp(s)://', () => {
      expect(() => loadConfig({ SMTP_URL: 'http://mail.example.org' })).toThrow(/SMTP_URL must be empty or an smtp/);
    });

    it('keeps the development default outside production', () => {
      expect(loadConfig({ NODE_ENV: 'development' }).JWT_SECRET).toBe(DEV_JWT_SECRET);
      expect(loadConfig({ NODE_ENV: 'test' }).JWT_SECRET).toBe(DEV_JWT_SECRET);
    });
  });

  it.each([
    ['API', 'apps/api/src/main.ts'],
    ['worker', 'apps/worker/src/main.ts'],
  ])('makes the %s exit 78 in production with the public development secret', (_name, main) => {
    const root = path.resolve(__dirname, '../..');
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', JWT_SECRET: DEV_JWT_SECRET };
    const run = spawnSync(path.join(root, 'node_modules/.bin/tsx'), [main], { cwd: root, env, encoding: 'utf8', timeout: 30_000 });
    expect(run.status).toBe(78);
    expect(run.stderr).toContain('JWT_SECRET: is a publicly known default or placeholder');
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
