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
});
