import { AppConfig } from '@dcs/common';
import { startApi, TestApi } from './support/api';
import { createTestEnv, TestEnv } from './support/test-env';

describe('login rate limit', () => {
  let env: TestEnv;
  let a: TestApi;
  let b: TestApi;

  beforeAll(async () => {
    env = await createTestEnv('ratelimit');
    const config = env.config({ LOGIN_RATE_LIMIT: '5', LOGIN_RATE_WINDOW_SECONDS: '60' });
    // Two API instances on one Redis: the limit is shared between them.
    a = await startApi(env, config);
    b = await startApi(env, config);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await env.drop();
  });

  it('allows 5 attempts per account and address across instances, then answers 429 RATE_LIMITED even with the right password', async () => {
    const u = await a.user({ email: 'target@example.com', password: 'the right password' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const api = i % 2 === 0 ? a : b;
      statuses.push((await api.http().post('/api/auth/login').send({ email: u.email, password: `guess ${i}` })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const blocked = await b.http().post('/api/auth/login').send({ email: u.email, password: u.password });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ code: 'RATE_LIMITED', message: expect.any(String) });
    expect(blocked.headers['retry-after']).toBeDefined();

    // Another account from the same address is not locked out by it.
    const other = await a.user({ email: 'other@example.com', password: 'other password!' });
    const ok = await a.http().post('/api/auth/login').send({ email: other.email, password: other.password });
    expect(ok.status).toBe(200);
  });

  it('still blocks that account when every attempt claims another X-Forwarded-For (not trusted by default)', async () => {
    const u = await a.user({ email: 'spoofed@example.com', password: 'the right password' });
    for (let i = 0; i < 5; i++) {
      const res = await a.http().post('/api/auth/login').set('X-Forwarded-For', `198.51.100.${i + 1}`).send({ email: u.email, password: `guess ${i}` });
      expect(res.status).toBe(401);
    }
    const blocked = await b.http().post('/api/auth/login').set('X-Forwarded-For', '198.51.100.200').send({ email: u.email, password: u.password });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ code: 'RATE_LIMITED', message: expect.any(String) });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('login rate limit per address (password spraying)', () => {
  let env: TestEnv;
  let api: TestApi;

  beforeAll(async () => {
    env = await createTestEnv('spraying');
    // a low per-address limit: argon2 is slow on purpose and every allowed sign-in verifies one hash
    api = await startApi(env, env.config({ LOGIN_RATE_LIMIT_PER_ADDRESS: '5' }));
  });
  afterAll(async () => {
    await api.close();
    await env.drop();
  });

  it('limits one address across accounts: 25 sign-ins to 25 accounts, each claiming another X-Forwarded-For, are cut at the per-address limit', async () => {
    // the default also cuts 25 sign-ins from one address
    expect(new AppConfig().LOGIN_RATE_LIMIT_PER_ADDRESS).toBeLessThan(25);
    const perAddress = 5;
    // 25 accounts with one common password (one registration, its hash copied: argon2 is slow on purpose)
    const first = await api.user({ email: 'spray0@example.com', password: 'Summer2026!!' });
    await env.sql(
      `INSERT INTO users (id, email, password_hash, display_name, updated_at)
       SELECT gen_random_uuid(), 'spray' || n || '@example.com', password_hash, 'Sprayed ' || n, now() FROM users, generate_series(1, 24) n WHERE id = $1`,
      [first.id],
    );
    const users = Array.from({ length: 25 }, (_, i) => ({ email: `spray${i}@example.com` }));
    const statuses: number[] = [];
    let last;
    for (const [i, u] of users.entries()) {
      last = await api.http().post('/api/auth/login').set('X-Forwarded-For', `203.0.113.${i + 1}`).send({ email: u.email, password: 'Summer2026!!' });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array(perAddress).fill(200), ...Array(25 - perAddress).fill(429)]);
    expect(last!.body).toEqual({ code: 'RATE_LIMITED', message: expect.any(String) });
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
  }, 120_000);

  it('records the connection address, not a claimed X-Forwarded-For, when no proxy is trusted', async () => {
    const other = await createTestEnv('spraying_session');
    const fresh = await startApi(other);
    try {
      const u = await fresh.user();
      const res = await fresh.http().post('/api/auth/login').set('X-Forwarded-For', '203.0.113.77').send({ email: u.email, password: u.password });
      expect(res.status).toBe(200);
      const rows = await other.sql<{ ip: string }>('SELECT ip FROM user_sessions WHERE user_id = $1', [u.id]);
      expect(rows.map((r) => r.ip)).toEqual(['127.0.0.1']);
    } finally {
      await fresh.close();
      await other.drop();
    }
  });
});

describe('login rate limits behind a trusted proxy (TRUST_PROXY=loopback)', () => {
  let env: TestEnv;
  let api: TestApi;

  beforeAll(async () => {
    env = await createTestEnv('proxied');
    api = await startApi(env, env.config({ TRUST_PROXY: 'loopback', LOGIN_RATE_LIMIT: '3', LOGIN_RATE_LIMIT_PER_ADDRESS: '3' }));
  });
  afterAll(async () => {
    await api.close();
    await env.drop();
  });

  const login = (xff: string, email: string, password: string) => api.http().post('/api/auth/login').set('X-Forwarded-For', xff).send({ email, password });

  it("takes the client address from the proxy's X-Forwarded-For: each address has its own count", async () => {
    const users = [];
    for (let i = 0; i < 5; i++) users.push(await api.user({ email: `p${i}@example.com` }));
    const fromA = [];
    for (const u of users.slice(0, 4)) fromA.push((await login('192.0.2.10', u.email, u.password)).status);
    expect(fromA).toEqual([200, 200, 200, 429]);
    expect((await login('192.0.2.11', users[4].email, users[4].password)).status).toBe(200);
    const rows = await env.sql<{ ip: string }>('SELECT ip FROM user_sessions WHERE user_id = $1', [users[4].id]);
    expect(rows.map((r) => r.ip)).toEqual(['192.0.2.11']);
  });

  it('limits one account across addresses: a fresh address per guess does not reopen it', async () => {
    const u = await api.user({ email: 'victim@example.com', password: 'the right password' });
    for (let i = 0; i < 3; i++) expect((await login(`192.0.2.${100 + i}`, u.email, `guess ${i}`)).status).toBe(401);
    const blocked = await login('192.0.2.200', u.email, u.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('RATE_LIMITED');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});
