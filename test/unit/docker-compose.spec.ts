import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { generateVAPIDKeys } from 'web-push';
import { CONFIG_KEYS, loadConfig } from '@dcs/common';

interface Service {
  image?: string;
  build?: string | { context: string; dockerfile: string };
  deploy?: { replicas?: number };
  command?: string[];
  ports?: string[];
  environment?: Record<string, string>;
  env_file?: { path: string; required: boolean }[];
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
}

describe('docker-compose.yml', () => {
  const root = path.resolve(__dirname, '../..');
  const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, Service>; volumes: Record<string, unknown> };
  const s = compose.services;

  it('has postgres, redis, a migration step, the api, the proxy in front of it and the worker', () => {
    expect(Object.keys(s).sort()).toEqual(['api', 'migrate', 'postgres', 'proxy', 'redis', 'worker']);
  });

  it('gives every long-running service a health check', () => {
    for (const name of ['postgres', 'redis', 'api', 'worker']) expect(s[name].healthcheck?.test.length).toBeGreaterThan(1);
    expect(s.api.healthcheck?.test.join(' ')).toContain('/health');
  });

  it('runs several API replicas reached only through the proxy, which publishes HTTP and HTTPS, and keeps data in volumes', () => {
    expect(s.api.deploy?.replicas).toBeGreaterThan(1);
    expect(s.api.ports).toBeUndefined();
    expect(s.api.environment?.TRUST_PROXY).toBe('uniquelocal');
    expect(s.proxy.build).toEqual({ context: '.', dockerfile: 'deploy/proxy.Dockerfile' });
    expect(s.proxy.environment?.DCS_UPSTREAM_HOST).toBe(`api:${s.api.environment?.API_PORT}`);
    expect(s.proxy.ports).toEqual(['80:80', '443:443']);
    expect(s.proxy.depends_on?.api.condition).toBe('service_healthy');
    expect(s.postgres.volumes?.[0]).toMatch(/^pgdata:/);
    expect(s.redis.volumes?.[0]).toMatch(/^redisdata:/);
    expect(Object.keys(compose.volumes).sort()).toEqual(['pgdata', 'redisdata']);
  });

  it('runs the api and the worker after migrations, with the commands the image builds', () => {
    for (const name of ['api', 'worker']) {
      expect(s[name].depends_on?.migrate.condition).toBe('service_completed_successfully');
      expect(s[name].depends_on?.redis.condition).toBe('service_healthy');
    }
    expect(s.api.command).toEqual(['node', 'dist/apps/api/src/main.js']);
    expect(s.worker.command).toEqual(['node', 'dist/apps/worker/src/main.js']);
  });

  it('sets only settings the config module knows, and they pass its validation', () => {
    for (const name of ['migrate', 'api', 'worker']) {
      const env = s[name].environment ?? {};
      const unknown = Object.keys(env).filter((k) => !(CONFIG_KEYS as string[]).includes(k));
      expect(unknown).toEqual([]);
      // ${VAR:-default} is resolved by compose; JWT_SECRET and the VAPID pair come from .env (env_file): generated ones here
      const resolved = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, String(v).replace(/^\$\{[A-Z_]+:-(.*)\}$/, '$1')]));
      const vapid = generateVAPIDKeys();
      expect(() => loadConfig({ ...resolved, JWT_SECRET: randomBytes(48).toString('base64'), VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey })).not.toThrow();
    }
  });

  it('holds no JWT secret: the api and the worker take it from .env only, and refuse to start without one', () => {
    const text = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
    expect(text).not.toMatch(/JWT_SECRET\s*:/);
    for (const name of ['api', 'worker']) {
      expect(s[name].env_file).toEqual([{ path: '.env', required: false }]);
      expect(() => loadConfig(s[name].environment)).toThrow(/JWT_SECRET: must be set in production/);
    }
  });

  it('comes with a .env.example that holds no secret and says how to make one', () => {
    const example = readFileSync(path.join(root, '.env.example'), 'utf8');
    const settings = Object.fromEntries(
      example.split('\n').filter((l) => /^[A-Z_]+=/.test(l)).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    );
    expect(settings).toEqual({ JWT_SECRET: '', VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '' });
    expect(example).toContain('npx web-push generate-vapid-keys');
    expect(example).toContain('openssl rand -base64 48');
    // copied as it is, the production apps refuse it
    expect(() => loadConfig({ ...s.api.environment, ...settings })).toThrow(/JWT_SECRET: must be set in production/);
  });

  it('points the apps at the compose postgres and redis services', () => {
    const env = s.api.environment ?? {};
    expect(new URL(env.DATABASE_URL).hostname).toBe('postgres');
    expect(new URL(env.REDIS_URL).hostname).toBe('redis');
    expect(s.postgres.environment?.POSTGRES_DB).toBe(new URL(env.DATABASE_URL).pathname.slice(1));
  });
});
