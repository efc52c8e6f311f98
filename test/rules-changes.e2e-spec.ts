import { PrismaService } from '@dcs/common';
import { startApi, TestApi } from './support/api';
import { createTestEnv, TestEnv } from './support/test-env';

const DAY = 86_400_000;

/** SPEC 6 "Rules changes": published, told to every player, accepted before registering or sitting at a table. */
describe('rules changes', () => {
  let env: TestEnv;
  let api: TestApi;
  let prisma: PrismaService;
  let admin: { id: string; token: string };
  let director: { id: string; token: string };
  let challengeId: string;

  beforeAll(async () => {
    env = await createTestEnv('rules_changes');
    api = await startApi(env);
    prisma = api.app.get(PrismaService);
    admin = await api.user({ roles: ['admin'] });
    director = await api.user({ roles: ['director'] });
    const city = await prisma.city.create({ data: { name: 'Rules City', slug: 'rules-city', timeZone: 'America/New_York', region: 'south', tier: 'T1' } });
    const t = Date.now();
    challengeId = (
      await prisma.challenge.create({
        data: { cityId: city.id, localDate: '2027-01-09', startsAt: new Date(t + 5 * DAY), registrationOpensAt: new Date(t - DAY), checkInOpensAt: new Date(t + 4 * DAY), checkInClosesAt: new Date(t + 4.9 * DAY), status: 'registration_open', prizePoolCents: 50_000, prizeSplit: { first: 5000, second: 3000, thirdFourthEach: 1000 } },
      })
    ).id;
  });
  afterAll(async () => {
    await api.close();
    await env.drop();
  });

  const auth = (u: { token: string }) => ({ Authorization: `Bearer ${u.token}` });
  const register = (u: { token: string }) => api.http().post(`/api/challenges/${challengeId}/registration`).set(auth(u));
  const openTable = (u: { token: string }) => api.http().post('/api/house/tables').set(auth(u)).send({ ruleset: 'citizen', seats: 2, purpose: 'friendly' });
  const publish = (u: { token: string }, summary: string) => api.http().post('/api/admin/rules').set(auth(u)).send({ summary });
  const mine = async (u: { token: string }) => (await api.http().get('/api/me/rules').set(auth(u)).expect(200)).body;

  it('with no rules published nobody is held back, and there is nothing to accept', async () => {
    const p = await api.user();
    expect((await api.http().get('/api/rules').expect(200)).body).toEqual({ current: null });
    expect(await mine(p)).toEqual({ current: null, upToDate: true, acceptedAt: null, lastAccepted: null });
    const accept = await api.http().post('/api/me/rules/acceptances').set(auth(p)).send({ version: 1 });
    expect([accept.status, accept.body.code]).toEqual([409, 'RULES_VERSION_NOT_CURRENT']);
    expect((await register(p)).status).toBe(201);
  });

  it('only an admin publishes, with a summary; bad input is refused and nothing is published', async () => {
    const p = await api.user();
    expect((await publish(p, 'A competitor may not publish rules.')).status).toBe(403);
    expect((await publish(director, 'A director may not publish rules.')).status).toBe(403);
    for (const body of [{}, { summary: 'short' }, { summary: 'x'.repeat(4001) }, { summary: 42 }, { summary: null }]) {
      const res = await api.http().post('/api/admin/rules').set(auth(admin)).send(body);
      expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect(await prisma.rulesVersion.count()).toBe(0);
    expect(await prisma.auditLog.count({ where: { action: 'rules.publish' } })).toBe(0);
  });

  it('a published change tells every player in the app and by e-mail, and holds each back until they accept it', async () => {
    const before = await api.user();
    const banned = await api.user();
    await prisma.user.update({ where: { id: banned.id }, data: { status: 'banned' } });
    const spanish = await api.user();
    await prisma.user.update({ where: { id: spanish.id }, data: { locale: 'es' } });
    const res = await publish(admin, 'A knock while holding a playable tile now costs a ticket.');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ version: 1, summary: 'A knock while holding a playable tile now costs a ticket.' });
    const players = await prisma.user.count({ where: { status: { not: 'banned' } } });
    expect(res.body.notified).toBe(players);

    // Told in the app (the inbox), with an e-mail delivery queued; a banned account is not told.
    const inbox = (await api.http().get('/api/me/notifications').set(auth(before)).expect(200)).body.items as { kind: string; title: string; body: string }[];
    const notice = inbox.find((n) => n.kind === 'rules.changed');
    expect(notice?.title).toBe('The rules have changed (version 1)');
    expect(notice?.body).toContain('A knock while holding a playable tile now costs a ticket.');
    // Issue 24: an account in Spanish reads the same notice in Spanish (the summary as the admin wrote it).
    const hers = (await api.http().get('/api/me/notifications').set(auth(spanish)).expect(200)).body.items as { kind: string; title: string; body: string }[];
    const aviso = hers.find((x) => x.kind === 'rules.changed');
    expect(aviso?.title).toBe('Las reglas han cambiado (versión 1)');
    expect(aviso?.body).toContain('Qué cambió: A knock while holding a playable tile now costs a ticket.');
    const n = await prisma.notification.findFirstOrThrow({ where: { userId: before.id, kind: 'rules.changed' }, include: { deliveries: true } });
    expect(n.deliveries.map((d) => d.channel).sort()).toEqual(['email', 'push']);
    expect(await prisma.notification.count({ where: { userId: banned.id, kind: 'rules.changed' } })).toBe(0);
    expect(await prisma.auditLog.count({ where: { action: 'rules.publish', actorId: admin.id } })).toBe(1);

    // Held back: register, check in, open a table — each refused with the summary, nothing written.
    expect(await mine(before)).toMatchObject({ current: { version: 1 }, upToDate: false, acceptedAt: null });
    const refused = await register(before);
    expect([refused.status, refused.body.code]).toEqual([403, 'RULES_NOT_ACCEPTED']);
    expect(refused.body.details).toEqual({ version: 1, summary: 'A knock while holding a playable tile now costs a ticket.' });
    expect(await prisma.registration.count({ where: { userId: before.id } })).toBe(0);
    const table = await openTable(before);
    expect([table.status, table.body.code]).toEqual([403, 'RULES_NOT_ACCEPTED']);
    expect(await prisma.houseTable.count({ where: { hostId: before.id } })).toBe(0);
    const checkIn = await api.http().post(`/api/challenges/${challengeId}/check-in`).set(auth(before));
    expect([checkIn.status, checkIn.body.code]).toEqual([403, 'RULES_NOT_ACCEPTED']);
    // Reading stays open to them.
    expect((await api.http().get(`/api/challenges/${challengeId}`).set(auth(before))).status).toBe(200);

    // A new account is held back too (the rules in force apply to everyone who has not accepted them).
    const after = await api.user();
    expect((await register(after)).body.code).toBe('RULES_NOT_ACCEPTED');

    // Accepting: a stale or unknown version is refused; the one in force is recorded once.
    const wrong = await api.http().post('/api/me/rules/acceptances').set(auth(before)).send({ version: 2 });
    expect([wrong.status, wrong.body.code, wrong.body.details]).toEqual([409, 'RULES_VERSION_NOT_CURRENT', { current: 1 }]);
    for (const body of [{}, { version: 'one' }, { version: 0 }, { version: 1.5 }, { version: null }]) {
      const bad = await api.http().post('/api/me/rules/acceptances').set(auth(before)).send(body);
      expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    const ok = await api.http().post('/api/me/rules/acceptances').set(auth(before)).send({ version: 1 }).expect(200);
    const again = await api.http().post('/api/me/rules/acceptances').set(auth(before)).send({ version: 1 }).expect(200);
    expect(again.body).toEqual(ok.body);
    expect(await prisma.rulesAcceptance.count({ where: { userId: before.id } })).toBe(1);
    expect(await mine(before)).toMatchObject({ upToDate: true, lastAccepted: 1, acceptedAt: ok.body.acceptedAt });
    expect((await register(before)).status).toBe(201);
    expect((await openTable(before)).status).toBe(201);
  });

  it('staff see each version with its acceptances; a newer version holds back those who accepted the older one', async () => {
    const p = await api.user();
    await api.http().post('/api/me/rules/acceptances').set(auth(p)).send({ version: 1 }).expect(200);
    const v2 = await publish(admin, 'The 6-4/5-5 draw window is now 10 seconds.');
    expect(v2.body.version).toBe(2);
    expect((await register(p)).body.code).toBe('RULES_NOT_ACCEPTED');
    expect(await mine(p)).toMatchObject({ current: { version: 2 }, upToDate: false, lastAccepted: 1 });
    // Accepting the version the player read before the new one came out is refused: read the new one first.
    expect((await api.http().post('/api/me/rules/acceptances').set(auth(p)).send({ version: 1 })).body.code).toBe('RULES_VERSION_NOT_CURRENT');
    await api.http().post('/api/me/rules/acceptances').set(auth(p)).send({ version: 2 }).expect(200);
    expect((await register(p)).status).toBe(201);

    const list = (await api.http().get('/api/admin/rules').set(auth(director)).expect(200)).body;
    expect(list.versions.map((v: { version: number; accepted: number }) => [v.version, v.accepted])).toEqual([
      [2, 1],
      [1, 2],
    ]);
    expect(list.players).toBe(await prisma.user.count({ where: { status: { not: 'banned' } } }));
    const page1 = (await api.http().get('/api/admin/rules/1/acceptances?limit=1').set(auth(director)).expect(200)).body;
    expect(page1.items).toHaveLength(1);
    expect(page1.items[0].userId).toBe(p.id);
    const page2 = (await api.http().get(`/api/admin/rules/1/acceptances?limit=1&after=${page1.next}`).set(auth(director)).expect(200)).body;
    expect(page2.items).toHaveLength(1);
    expect(page2.next).toBeNull();
    expect(new Set([...page1.items, ...page2.items].map((a: { userId: string }) => a.userId)).size).toBe(2);
    // Players do not see the staff lists; odd versions and cursors get clear codes.
    expect((await api.http().get('/api/admin/rules').set(auth(p))).status).toBe(403);
    expect((await api.http().get('/api/admin/rules/99/acceptances').set(auth(director))).body.code).toBe('NOT_FOUND');
    expect((await api.http().get('/api/admin/rules/abc/acceptances').set(auth(director))).body.code).toBe('VALIDATION_FAILED');
    expect((await api.http().get('/api/admin/rules/99999999999/acceptances').set(auth(director))).body.code).toBe('VALIDATION_FAILED');
    expect((await api.http().get(`/api/admin/rules/2/acceptances?after=${director.id}`).set(auth(director))).body.code).toBe('INVALID_CURSOR');
    // Everyone can read the rules in force.
    expect((await api.http().get('/api/rules').expect(200)).body.current).toMatchObject({ version: 2, summary: 'The 6-4/5-5 draw window is now 10 seconds.' });
  });
});
