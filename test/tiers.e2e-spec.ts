import { PrismaService } from '@dcs/common';
import { createWorker } from '../apps/worker/src/setup';
import { ScheduleService } from '../apps/worker/src/schedule/schedule.service';
import { startApi, TestApi } from './support/api';
import { createTestEnv, TestEnv } from './support/test-env';

describe('tier prize splits (SPEC 3.6: 50/30/10/10 by default, configurable per tier)', () => {
  let env: TestEnv;
  let api: TestApi;
  beforeAll(async () => {
    env = await createTestEnv('tiers');
    api = await startApi(env);
  });
  afterAll(async () => {
    await api.close();
    await env.drop();
  });

  it('shows every tier\'s pool and default split to anyone', async () => {
    const res = await api.http().get('/api/tiers');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { tier: 'T1', prizePoolCents: 50_000, prizeSplit: { first: 5000, second: 3000, thirdFourthEach: 1000 }, prizesCents: { first: 25_000, second: 15_000, thirdFourthEach: 5_000 }, isDefault: true },
      { tier: 'T2', prizePoolCents: 100_000, prizeSplit: { first: 5000, second: 3000, thirdFourthEach: 1000 }, prizesCents: { first: 50_000, second: 30_000, thirdFourthEach: 10_000 }, isDefault: true },
      { tier: 'T3', prizePoolCents: 200_000, prizeSplit: { first: 5000, second: 3000, thirdFourthEach: 1000 }, prizesCents: { first: 100_000, second: 60_000, thirdFourthEach: 20_000 }, isDefault: true },
    ]);
  });

  it('lets only an admin change a split, refuses one that does not total 100 %, and audits the change', async () => {
    const admin = await api.user({ roles: ['admin'] });
    const director = await api.user({ roles: ['director'] });
    const body = { first: 6000, second: 2000, thirdFourthEach: 1000, reason: 'sponsor wants a bigger top prize' };
    expect((await api.http().put('/api/admin/tiers/T3/prize-split').set('Authorization', `Bearer ${director.token}`).send(body)).status).toBe(403);
    const bad = await api.http().put('/api/admin/tiers/T3/prize-split').set('Authorization', `Bearer ${admin.token}`).send({ ...body, second: 3000 });
    expect([bad.status, bad.body.code]).toEqual([400, 'INVALID_PRIZE_SPLIT']);
    const unknown = await api.http().put('/api/admin/tiers/T9/prize-split').set('Authorization', `Bearer ${admin.token}`).send(body);
    expect(unknown.status).toBe(400);
    expect(await env.sql('SELECT * FROM tier_settings')).toEqual([]);

    const ok = await api.http().put('/api/admin/tiers/T3/prize-split').set('Authorization', `Bearer ${admin.token}`).send(body);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ tier: 'T3', prizesCents: { first: 120_000, second: 40_000, thirdFourthEach: 20_000 }, isDefault: false });
    const audit = await env.sql<{ actor_id: string; reason: string }>(`SELECT actor_id, reason FROM audit_log WHERE action = 'tier.prize-split.set'`);
    expect(audit).toEqual([{ actor_id: admin.id, reason: 'sponsor wants a bigger top prize' }]);

    // Challenges created afterwards carry the new split.
    const prisma = api.app.get(PrismaService);
    await prisma.city.create({ data: { name: 'Big City', slug: 'big-city', timeZone: 'Europe/London', region: 'north', tier: 'T3' } });
    const worker = await createWorker(env.config());
    try {
      await worker.get(ScheduleService).sweep(new Date());
    } finally {
      await worker.close();
    }
    const challenges = await prisma.challenge.findMany({ where: { city: { slug: 'big-city' } } });
    expect(challenges.length).toBe(2);
    expect(challenges.map((c) => [c.prizePoolCents, c.prizeSplit])).toEqual([
      [200_000, { first: 6000, second: 2000, thirdFourthEach: 1000 }],
      [200_000, { first: 6000, second: 2000, thirdFourthEach: 1000 }],
    ]);
  });
});
