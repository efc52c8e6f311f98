import { PrismaService } from '@dcs/common';
import type { PrismaClient } from '@dcs/db';
import { DEMO_PASSWORD, seed } from '../prisma/seed';
import { startApi, TestApi } from './support/api';
import { createTestEnv, TestEnv } from './support/test-env';

/** The demo seed works out of the box for the whole review-board journey, an appeal included. */
describe('the demo seed', () => {
  let env: TestEnv;
  let api: TestApi;
  let prisma: PrismaService;

  beforeAll(async () => {
    env = await createTestEnv('seed');
    api = await startApi(env);
    prisma = api.app.get(PrismaService);
    await seed(prisma as unknown as PrismaClient);
  });
  afterAll(async () => {
    await api.close();
    await env.drop();
  });

  const login = async (email: string) => {
    const res = await api.http().post('/api/auth/login').send({ email, password: DEMO_PASSWORD });
    expect([email, res.status]).toEqual([email, 200]);
    return { token: res.body.accessToken as string, id: res.body.user.id as string };
  };
  const auth = (u: { token: string }) => ({ Authorization: `Bearer ${u.token}` });

  it('has two reviewers, so an appeal of reviewer@demo.dcs\'s decision is decided by reviewer2@demo.dcs, who is independent of the case', async () => {
    const reviewer = await login('reviewer@demo.dcs');
    const reviewer2 = await login('reviewer2@demo.dcs');
    const player = await login('player07@demo.dcs');
    const opened = await api.http().post('/api/integrity/cases').set(auth(reviewer)).send({ subjectIds: [player.id], summary: 'seen peeking at a final table' });
    expect(opened.status).toBe(201);
    const decided = await api.http().post(`/api/integrity/cases/${opened.body.id}/decisions`).set(auth(reviewer)).send({ userId: player.id, finding: 'minor', reason: 'the board reviewed the games and replays' });
    expect(decided.status).toBe(201);
    const appeal = await api.http().post('/api/appeals').set(auth(player)).send({ decisionId: decided.body.id, statement: 'I only ever looked at my own tiles' });
    expect(appeal.status).toBe(201);

    const notIndependent = await api.http().post(`/api/integrity/appeals/${appeal.body.id}/decision`).set(auth(reviewer)).send({ outcome: 'upheld', reason: 'my own case' });
    expect([notIndependent.status, notIndependent.body.code]).toEqual([403, 'NOT_INDEPENDENT']);
    const upheld = await api.http().post(`/api/integrity/appeals/${appeal.body.id}/decision`).set(auth(reviewer2)).send({ outcome: 'upheld', reason: 'the replays show the same pattern' });
    expect(upheld.status).toBe(200);
    expect(upheld.body).toMatchObject({ status: 'upheld', decidedById: reviewer2.id });
  });

  it('funds the demo accounts with the welcome grant once, however often it runs (SPEC 7: a real account earns it by playing)', async () => {
    const player = await login('player03@demo.dcs');
    await seed(prisma as unknown as PrismaClient);
    const w = (await api.http().get('/api/me/wallet').set(auth(player)).expect(200)).body as { balances: { currency: string; balance: number }[]; welcomeGrant: { status: string } };
    expect(w.balances.map((b) => [b.currency, b.balance])).toEqual([
      ['DD', 10_000],
      ['soups', 100],
    ]);
    expect(w.welcomeGrant.status).toBe('granted');
  });

  it('is idempotent: seeding again adds no account', async () => {
    const before = await prisma.user.count();
    const again = await seed(prisma as unknown as PrismaClient);
    expect(again.users).toBe(36);
    expect(await prisma.user.count()).toBe(before);
  });
});
