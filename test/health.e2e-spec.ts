import { startApi, TestApi } from './support/api';
import { eventually, TempRedis } from './support/temp-redis';
import { createTestEnv, TestEnv } from './support/test-env';

describe('GET /health', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv('health');
  });
  afterAll(async () => env.drop());

  it('answers 200 with both services up', async () => {
    const api = await startApi(env);
    try {
      const res = await api.http().get('/health');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'ok', services: { database: 'up', redis: 'up' } });
    } finally {
      await api.close();
    }
  });

  it('starts while Redis is down, answers 503 naming redis, and recovers when it comes back', async () => {
    const redis = new TempRedis(await TempRedis.freePort());
    let api: TestApi | null = null;
    try {
      api = await startApi(env, env.config({ REDIS_URL: redis.url }));
      const down = await api.http().get('/health');
      expect(down.status).toBe(503);
      expect(down.body).toEqual({ code: 'UNHEALTHY', message: 'redis is down', details: { services: { database: 'up', redis: 'down' } } });

      await redis.start();
      const a = api;
      await eventually(async () => (await a.http().get('/health')).status === 200, 10_000, '/health to recover');
    } finally {
      await api?.close();
      await redis.stop();
    }
  });

  it('answers 503 naming the database when PostgreSQL cannot be reached', async () => {
    const api = await startApi(env, env.config({ DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/dcs_test_does_not_exist' }));
    try {
      const res = await api.http().get('/health');
      expect(res.status).toBe(503);
      expect(res.body.details.services).toEqual({ database: 'down', redis: 'up' });
      expect(res.body.message).toBe('database is down');
    } finally {
      await api.close();
    }
  });
});
