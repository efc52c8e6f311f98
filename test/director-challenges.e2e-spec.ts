import { Job, Queue } from 'bullmq';
import { bullConnection, JOBS, jobIds, PrismaService, QUEUES } from '@dcs/common';
import { eventTimes, saturdayNoon, upcomingSaturdays } from '@dcs/schedule';
import { startApi, TestApi } from './support/api';
import { directCity, tableWithGame } from './support/fixtures';
import { createTestEnv, TestEnv } from './support/test-env';

/** SPEC 7: directors create and run cities' challenges — creating one, a new city's Saturdays, changing tier and pool. */
describe('directors create challenges', () => {
  let env: TestEnv;
  let api: TestApi;
  let prisma: PrismaService;
  let scheduleQueue: Queue;
  let challengeQueue: Queue;
  let director: { id: string; token: string };
  let competitor: { id: string; token: string };

  beforeAll(async () => {
    env = await createTestEnv('director_challenges');
    const config = env.config();
    api = await startApi(env, config);
    prisma = api.app.get(PrismaService);
    const opts = { connection: bullConnection(config.REDIS_URL), prefix: config.QUEUE_PREFIX };
    scheduleQueue = new Queue(QUEUES.schedule, opts);
    challengeQueue = new Queue(QUEUES.effects, opts);
    director = await api.user({ roles: ['director'] });
    competitor = await api.user();
  });
  afterAll(async () => {
    await scheduleQueue?.obliterate({ force: true });
    await challengeQueue?.obliterate({ force: true });
    await scheduleQueue?.close();
    await challengeQueue?.close();
    await api.close();
    await env.drop();
  });

  const as = (u: { token: string }) => ({ Authorization: `Bearer ${u.token}` });
  let n = 0;
  /** A city inserted directly: no challenge yet (as if the worker had not swept); the director directs it (SPEC 7). */
  const bareCity = async (timeZone = 'America/Chicago', tier: 'T1' | 'T2' | 'T3' = 'T1') => {
    n += 1;
    const city = await prisma.city.create({ data: { name: `Bare ${n}`, slug: `bare-${n}-${Date.now().toString(36)}`, timeZone, region: 'west', tier } });
    await directCity(api, director.id, { cityId: city.id });
    return city;
  };
  const create = (cityId: string, body: object, who = director) => api.http().post(`/api/cities/${cityId}/challenges`).set(as(who)).send(body);
  const count = async (sql: string, params: unknown[] = []) => Number((await env.sql<{ n: string }>(sql, params))[0].n);

  /** The three transitions and the start of a challenge are queued under their ids, due at the stored times. */
  async function expectTimers(c: { id: string; registrationOpensAt: string; checkInOpensAt: string; checkInClosesAt: string; startsAt: string }) {
    const due = (job: Job | undefined) => (job ? job.timestamp + (job.delay ?? 0) : null);
    const near = (job: Job | undefined, at: string) => Math.abs((due(job) ?? 0) - new Date(at).getTime()) < 5000;
    const reg = await scheduleQueue.getJob(jobIds.transition(c.id, 'registration_open'));
    const ciOpen = await scheduleQueue.getJob(jobIds.transition(c.id, 'check_in_open'));
    const ciClosed = await scheduleQueue.getJob(jobIds.transition(c.id, 'check_in_closed'));
    const start = await challengeQueue.getJob(jobIds.start(c.id));
    expect([reg?.name, ciOpen?.name, ciClosed?.name, start?.name]).toEqual([JOBS.challengeTransition, JOBS.challengeTransition, JOBS.challengeTransition, JOBS.challengeStart]);
    expect(start?.data).toEqual({ challengeId: c.id });
    // An opening already past is due at once (delay 0), as the sweep queues it.
    const pastOrNear = (job: Job | undefined, at: string) => new Date(at).getTime() <= Date.now() ? job?.delay === 0 : near(job, at);
    expect([pastOrNear(reg, c.registrationOpensAt), near(ciOpen, c.checkInOpensAt), near(ciClosed, c.checkInClosesAt), near(start, c.startsAt)]).toEqual([true, true, true, true]);
  }

  it('a city created by an admin has its next two Saturdays at once, at 12:00 local, with their timers queued and audited', async () => {
    // Creating a city is an admin's (issue 36); its director is assigned afterwards.
    const admin = await api.user({ roles: ['admin'] });
    const res = await api.http().post('/api/cities').set(as(admin)).send({ name: 'Denver', slug: 'denver', timeZone: 'America/Denver', region: 'west', tier: 'T2' });
    expect(res.status).toBe(201);
    await directCity(api, director.id, { cityId: res.body.id });
    expect(res.body.prizePoolCents).toBe(100_000);
    const list = await api.http().get(`/api/cities/${res.body.id}/challenges`);
    expect(list.status).toBe(200);
    const dates = upcomingSaturdays('America/Denver', new Date(), 2);
    expect(list.body.map((c: { localDate: string; kind: string; tier: string; prizePoolCents: number; startsAt: string }) => [c.localDate, c.kind, c.tier, c.prizePoolCents, c.startsAt])).toEqual(
      dates.map((d) => [d, 'weekly', 'T2', 100_000, saturdayNoon('America/Denver', d).toISOString()]),
    );
    for (const c of list.body) await expectTimers(c);
    expect(await count(`SELECT count(*) n FROM audit_log WHERE action = 'challenge.created' AND actor_id = $1`, [admin.id])).toBe(2);

    // The default ("the next Saturday") is then already there: a clear 409 naming it, nothing written.
    const again = await create(res.body.id, {});
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'CHALLENGE_EXISTS', details: { challengeId: list.body[0].id } });
    expect(await count(`SELECT count(*) n FROM challenges WHERE city_id = $1`, [res.body.id])).toBe(2);
  });

  it('by default creates the city\'s next Saturday at 12:00 local (season week attached), once; a later Saturday likewise', async () => {
    const city = await bareCity('America/Chicago', 'T3');
    const [next, later] = [upcomingSaturdays('America/Chicago', new Date(), 1)[0], upcomingSaturdays('America/Chicago', new Date(), 4)[3]];
    const season = await prisma.season.create({ data: { cityId: city.id, number: 1, startDate: next } });
    const res = await create(city.id, {});
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ cityId: city.id, kind: 'weekly', localDate: next, tier: 'T3', prizePoolCents: 200_000, status: 'scheduled', seasonId: season.id, week: 1 });
    expect(res.body.startsAt).toBe(saturdayNoon('America/Chicago', next).toISOString());
    await expectTimers(res.body);
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { action: 'challenge.created', entityId: res.body.id } });
    expect(audit.actorId).toBe(director.id);

    const dup = await create(city.id, { localDate: next });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'CHALLENGE_EXISTS', details: { challengeId: res.body.id } });

    const fourth = await create(city.id, { localDate: later, startTime: '12:00' });
    expect(fourth.status).toBe(201);
    expect(fourth.body).toMatchObject({ kind: 'weekly', localDate: later, seasonId: season.id, week: 4 });
    expect(await count(`SELECT count(*) n FROM challenges WHERE city_id = $1`, [city.id])).toBe(2);
  });

  it('a special event at another date or time needs a reason; its windows are counted back from its own start', async () => {
    const city = await bareCity('Europe/Paris');
    const saturday = upcomingSaturdays('Europe/Paris', new Date(), 2)[1];
    const date = new Date(Date.parse(`${saturday}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10); // the Sunday after
    const noReason = await create(city.id, { localDate: date, startTime: '18:30' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.code).toBe('REASON_REQUIRED');
    expect(await count(`SELECT count(*) n FROM challenges WHERE city_id = $1`, [city.id])).toBe(0);

    const res = await create(city.id, { localDate: date, startTime: '18:30', reason: 'charity evening at the town hall' });
    expect(res.status).toBe(201);
    const t = eventTimes('Europe/Paris', date, '18:30');
    expect(res.body).toMatchObject({
      kind: 'special',
      localDate: date,
      seasonId: null,
      week: null,
      startsAt: t.startsAt.toISOString(),
      registrationOpensAt: t.registrationOpensAt.toISOString(),
      checkInOpensAt: t.checkInOpensAt.toISOString(),
      checkInClosesAt: t.checkInClosesAt.toISOString(),
    });
    await expectTimers(res.body);
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { action: 'challenge.created', entityId: res.body.id } });
    expect(audit).toMatchObject({ actorId: director.id, reason: 'charity evening at the town hall' });
    expect(audit.data).toMatchObject({ kind: 'special', localDate: date, startsAt: t.startsAt.toISOString() });

    const dup = await create(city.id, { localDate: date, startTime: '20:00', reason: 'another one' });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'CHALLENGE_EXISTS', details: { challengeId: res.body.id } });
  });

  it('refuses bad input with clear codes and writes nothing', async () => {
    const city = await bareCity();
    const cases: [object, number, string][] = [
      [{ localDate: '2027-3-6' }, 400, 'VALIDATION_FAILED'],
      [{ localDate: '2027-02-30', reason: 'no such day' }, 400, 'INVALID_DATE'],
      [{ startTime: '24:00', reason: 'late' }, 400, 'VALIDATION_FAILED'],
      [{ startTime: '7:30', reason: 'early' }, 400, 'VALIDATION_FAILED'],
      [{ localDate: '2020-01-04' }, 400, 'START_IN_PAST'],
      [{ localDate: '2099-01-03' }, 400, 'TOO_FAR_AHEAD'],
      [{ tier: 'T9' }, 400, 'VALIDATION_FAILED'],
      [{ tier: 'T3' }, 400, 'REASON_REQUIRED'],
      [{ prizePoolCents: 1 }, 400, 'REASON_REQUIRED'],
      [{ prizePoolCents: -5, reason: 'negative' }, 400, 'VALIDATION_FAILED'],
      [{ prizePoolCents: 12.5, reason: 'fractional' }, 400, 'VALIDATION_FAILED'],
      [{ reason: 'x' }, 400, 'VALIDATION_FAILED'],
      [{ cityId: city.id }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [body, status, code] of cases) {
      const res = await create(city.id, body);
      expect([JSON.stringify(body), res.status, res.body.code]).toEqual([JSON.stringify(body), status, code]);
    }
    // A start whose check-in has already closed (today, in a few minutes) could seat nobody.
    const now = new Date();
    const inThree = new Date(now.getTime() + 3 * 60_000);
    const hhmm = `${String(inThree.getUTCHours()).padStart(2, '0')}:${String(inThree.getUTCMinutes()).padStart(2, '0')}`;
    const utc = await bareCity('UTC');
    if (inThree.getUTCDate() === now.getUTCDate()) {
      const late = await create(utc.id, { localDate: inThree.toISOString().slice(0, 10), startTime: hhmm, reason: 'pop-up' });
      expect([late.status, late.body.code]).toEqual([400, 'TOO_LATE']);
    }
    expect((await create(city.id, {}, competitor)).status).toBe(403);
    expect((await api.http().post(`/api/cities/${city.id}/challenges`).send({})).status).toBe(401);
    expect((await create('00000000-0000-4000-8000-000000000000', {})).body.code).toBe('NOT_FOUND');
    expect(await count(`SELECT count(*) n FROM challenges WHERE city_id IN ($1, $2)`, [city.id, utc.id])).toBe(0);
  });

  it('a tier or prize pool other than the city\'s at creation is taken, with the reason', async () => {
    const city = await bareCity('America/New_York', 'T1');
    const res = await create(city.id, { tier: 'T3', reason: 'anniversary week' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ tier: 'T3', prizePoolCents: 200_000 });
    const pool = await create(city.id, { localDate: upcomingSaturdays('America/New_York', new Date(), 2)[1], prizePoolCents: 75_000, reason: 'sponsor adds $250' });
    expect(pool.body).toMatchObject({ tier: 'T1', prizePoolCents: 75_000 });
  });

  describe('changing a challenge before it starts', () => {
    it('a new tier brings its pool and split; a pool alone is set; each change audited with its reason and both versions', async () => {
      const city = await bareCity('America/New_York', 'T1');
      await prisma.tierSetting.upsert({ where: { tier: 'T2' }, create: { tier: 'T2', prizeSplit: { first: 6000, second: 2000, thirdFourthEach: 1000 } }, update: {} });
      const c = (await create(city.id, {})).body;
      const patch = (body: object, who = director) => api.http().patch(`/api/challenges/${c.id}`).set(as(who)).send(body);

      const tier = await patch({ tier: 'T2', reason: 'the city grew' });
      expect(tier.status).toBe(200);
      expect(tier.body).toMatchObject({ id: c.id, tier: 'T2', prizePoolCents: 100_000 });
      expect((await api.http().get(`/api/challenges/${c.id}`)).body.prizeSplit).toEqual({ first: 6000, second: 2000, thirdFourthEach: 1000 });

      const pool = await patch({ prizePoolCents: 123_400, reason: 'sponsor top-up' });
      expect(pool.body).toMatchObject({ tier: 'T2', prizePoolCents: 123_400 });
      const audit = await prisma.auditLog.findMany({ where: { action: 'challenge.updated', entityId: c.id }, orderBy: { createdAt: 'asc' } });
      expect(audit.map((a) => [a.actorId, a.reason])).toEqual([
        [director.id, 'the city grew'],
        [director.id, 'sponsor top-up'],
      ]);
      expect(audit[1].data).toMatchObject({ before: { tier: 'T2', prizePoolCents: 100_000 }, after: { tier: 'T2', prizePoolCents: 123_400 } });

      for (const [body, status, code] of [
        [{ tier: 'T3' }, 400, 'VALIDATION_FAILED'],
        [{ reason: 'nothing at all' }, 400, 'NOTHING_TO_CHANGE'],
        [{ prizePoolCents: 'lots', reason: 'string pool' }, 400, 'VALIDATION_FAILED'],
      ] as [object, number, string][]) {
        const res = await patch(body);
        expect([res.status, res.body.code]).toEqual([status, code]);
      }
      expect((await patch({ tier: 'T3', reason: 'not mine' }, competitor)).status).toBe(403);

      // From 12:00 on nothing changes any more.
      await env.sql(`UPDATE challenges SET status = 'running' WHERE id = $1`, [c.id]);
      const late = await patch({ tier: 'T3', reason: 'too late' });
      expect(late.status).toBe(409);
      expect(late.body).toMatchObject({ code: 'CHALLENGE_STARTED', details: { status: 'running' } });
      const stored = await prisma.challenge.findUniqueOrThrow({ where: { id: c.id } });
      expect([stored.tier, stored.prizePoolCents]).toEqual(['T2', 123_400]);
      expect(await prisma.auditLog.count({ where: { action: 'challenge.updated', entityId: c.id } })).toBe(2);
      expect((await api.http().patch('/api/challenges/00000000-0000-4000-8000-000000000000').set(as(director)).send({ tier: 'T1', reason: 'ghost' })).status).toBe(404);
    });
  });

  describe('the audit log', () => {
    it('a director reads the entries of challenges, their tables and game endings, cities, seasons and tiers — never the review board\'s', async () => {
      const city = await bareCity();
      const c = (await create(city.id, {})).body;
      await api.http().patch(`/api/challenges/${c.id}`).set(as(director)).send({ prizePoolCents: 60_000, reason: 'local sponsor' }).expect(200);
      // A game of a challenge of the director's (another city of theirs), and one of no city's challenge.
      const { tableId, gameId } = await tableWithGame(api);
      await directCity(api, director.id, { tableId });
      await prisma.auditLog.createMany({
        data: [
          { action: 'integrity.case.opened', entityType: 'integrity_case', entityId: 'case-1', data: {} },
          { action: 'anticheat.game.analysed', entityType: 'game', entityId: gameId, data: {} },
          { action: 'game.hard-stop', entityType: 'game', entityId: gameId, reason: '30-minute round limit', data: {} },
          { action: 'game.hard-stop', entityType: 'game', entityId: 'game-1', reason: '30-minute round limit', data: {} },
          { action: 'user.banned', entityType: 'user', entityId: competitor.id, data: {} },
        ],
      });
      const read = (query: string, who: { token: string } = director) => api.http().get(`/api/admin/audit-log${query}`).set(as(who));

      const mine = await read(`?entityType=challenge&entityId=${c.id}`);
      expect(mine.status).toBe(200);
      expect(mine.body.map((e: { action: string; reason: string | null }) => [e.action, e.reason])).toEqual([
        ['challenge.updated', 'local sponsor'],
        ['challenge.created', null],
      ]);
      const all = await read('?limit=200');
      expect(all.status).toBe(200);
      const actions = new Set(all.body.map((e: { action: string }) => e.action));
      expect([...actions].sort()).toEqual(expect.arrayContaining(['challenge.created', 'challenge.updated', 'game.hard-stop']));
      for (const hidden of ['integrity.case.opened', 'anticheat.game.analysed', 'user.banned']) expect(actions.has(hidden)).toBe(false);
      const games = await read(`?entityType=game&entityId=${gameId}`);
      expect(games.body.map((e: { action: string }) => e.action)).toEqual(['game.hard-stop']);
      expect((await read('?entityType=game&entityId=game-1')).body).toEqual([]);

      for (const entityType of ['integrity_case', 'user', 'anticheat_signal']) {
        const res = await read(`?entityType=${entityType}`);
        expect([res.status, res.body.code]).toEqual([403, 'FORBIDDEN']);
      }
      expect((await read('', competitor)).status).toBe(403);
      // The review board still reads everything.
      const reviewer = await api.user({ roles: ['reviewer'] });
      const board = await read('?limit=200', reviewer);
      expect(board.body.map((e: { action: string }) => e.action)).toEqual(expect.arrayContaining(['integrity.case.opened', 'anticheat.game.analysed', 'user.banned', 'challenge.created']));
    });
  });
});
