import { PrismaService } from '@dcs/common';
import { startApi, TestApi } from './support/api';
import { eventually } from './support/temp-redis';
import { createTestEnv, TestEnv } from './support/test-env';
import { holding, lockWaiters } from './support/locks';

type Player = { id: string; token: string };

describe('challenge registration, waitlist and check-in over HTTP', () => {
  let env: TestEnv;
  let api: TestApi;
  let prisma: PrismaService;
  let cityId: string;

  beforeAll(async () => {
    env = await createTestEnv('registration');
    api = await startApi(env);
    prisma = api.app.get(PrismaService);
    cityId = (await prisma.city.create({ data: { name: 'Atlanta', slug: 'atlanta', timeZone: 'America/New_York', region: 'south', tier: 'T2' } })).id;
  });
  afterAll(async () => {
    await api.close();
    await env.drop();
  });

  const auth = (p: { token: string }) => ({ Authorization: `Bearer ${p.token}` });
  let dates = 0;
  /** A challenge whose windows are placed in minutes relative to now (registration open by default, check-in not yet). */
  async function challenge(opts: { reg?: number; ciOpen?: number; ciClose?: number; start?: number; capacity?: number; status?: 'scheduled' | 'registration_open' | 'check_in_open' | 'check_in_closed' | 'cancelled' } = {}): Promise<string> {
    const now = Date.now();
    const at = (min: number) => new Date(now + min * 60_000);
    dates += 1;
    const c = await prisma.challenge.create({
      data: {
        cityId,
        localDate: `2031-01-${String(dates).padStart(2, '0')}`,
        registrationOpensAt: at(opts.reg ?? -60),
        checkInOpensAt: at(opts.ciOpen ?? 60),
        checkInClosesAt: at(opts.ciClose ?? 115),
        startsAt: at(opts.start ?? 120),
        capacity: opts.capacity ?? 512,
        status: opts.status ?? 'registration_open',
        prizePoolCents: 100_000,
        prizeSplit: { first: 5000, second: 3000, thirdFourthEach: 1000 },
      },
    });
    return c.id;
  }
  const players = (n: number) => Promise.all(Array.from({ length: n }, () => api.user()));
  const register = (id: string, p: Player) => api.http().post(`/api/challenges/${id}/registration`).set(auth(p));
  const withdraw = (id: string, p: Player) => api.http().delete(`/api/challenges/${id}/registration`).set(auth(p));
  const checkIn = (id: string, p: Player) => api.http().post(`/api/challenges/${id}/check-in`).set(auth(p));
  const rows = (id: string) =>
    env.sql<{ user_id: string; status: string; position: number; checked_in_at: Date | null }>(
      `SELECT user_id, status, position, checked_in_at FROM registrations WHERE challenge_id = $1 ORDER BY position`,
      [id],
    );
  const count = async (table: string) => Number((await env.sql<{ n: string }>(`SELECT count(*) n FROM ${table}`))[0].n);

  describe('registration window', () => {
    it('refuses registration before it opens, after check-in closes, once the worker closed check-in, and for a cancelled challenge — storing nothing', async () => {
      const [p] = await players(1);
      const cases = [
        await challenge({ reg: 10, status: 'scheduled' }),
        await challenge({ reg: -200, ciOpen: -60, ciClose: -1, start: 4, status: 'check_in_open' }),
        await challenge({ status: 'check_in_closed' }),
        await challenge({ status: 'cancelled' }),
      ];
      const before = await count('registrations');
      for (const id of cases) {
        const res = await register(id, p);
        expect(res.status).toBe(409);
        expect(res.body.code).toBe('REGISTRATION_CLOSED');
        expect(res.body.details).toEqual(expect.objectContaining({ registrationOpensAt: expect.any(String), registrationClosesAt: expect.any(String) }));
      }
      expect(await count('registrations')).toBe(before);
    });

    it('is open from its opening time even while the worker has not yet moved the status from "scheduled", and during check-in', async () => {
      const [a, b] = await players(2);
      const late = await challenge({ reg: -1, status: 'scheduled' });
      expect((await register(late, a)).status).toBe(201);
      const duringCheckIn = await challenge({ reg: -200, ciOpen: -10, ciClose: 20, start: 25, status: 'check_in_open' });
      expect((await register(duringCheckIn, b)).body).toMatchObject({ status: 'registered', position: 1 });
    });
  });

  describe('capacity and waitlist', () => {
    it('registers up to the capacity, waitlists the rest in order, and refuses a second registration without changing anything', async () => {
      const id = await challenge({ capacity: 2 });
      const [a, b, c, d] = await players(4);
      const answers = [];
      for (const p of [a, b, c, d]) {
        const res = await register(id, p);
        expect(res.status).toBe(201);
        answers.push(res.body);
      }
      expect(answers.map((r) => [r.status, r.position, r.waitlistPlace])).toEqual([
        ['registered', 1, null],
        ['registered', 2, null],
        ['waitlisted', 3, 1],
        ['waitlisted', 4, 2],
      ]);
      const before = await rows(id);
      const again = await register(id, c);
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'ALREADY_REGISTERED', details: { status: 'waitlisted', position: 3 } });
      expect(await rows(id)).toEqual(before);
    });

    it('a registered player\'s withdrawal promotes the first waitlisted player, who is notified; withdrawing again is NOT_REGISTERED and changes nothing', async () => {
      const id = await challenge({ capacity: 2 });
      const [a, b, c, d] = await players(4);
      for (const p of [a, b, c, d]) expect((await register(id, p)).status).toBe(201);

      const res = await withdraw(id, a);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'withdrawn', position: 1, withdrawnAt: expect.any(String) });
      expect((await rows(id)).map((r) => [r.user_id, r.status])).toEqual([
        [a.id, 'withdrawn'],
        [b.id, 'registered'],
        [c.id, 'registered'],
        [d.id, 'waitlisted'],
      ]);
      expect((await api.http().get(`/api/challenges/${id}/registration`).set(auth(d))).body).toMatchObject({ status: 'waitlisted', waitlistPlace: 1 });

      const inbox = await api.http().get('/api/me/notifications').set(auth(c));
      expect(inbox.status).toBe(200);
      expect(inbox.body.items).toEqual([
        expect.objectContaining({ kind: 'challenge.promoted_from_waitlist', title: 'You are off the waitlist', data: { challengeId: id, position: 3 }, readAt: null }),
      ]);
      expect((await api.http().get('/api/me/notifications').set(auth(d))).body.items).toEqual([]);

      const snapshot = [await rows(id), await count('notifications')];
      const twice = await withdraw(id, a);
      expect(twice.status).toBe(404);
      expect(twice.body.code).toBe('NOT_REGISTERED');
      expect([await rows(id), await count('notifications')]).toEqual(snapshot);
    });

    it('a waitlisted player\'s withdrawal promotes nobody; a withdrawn player who registers again goes to the end of the line', async () => {
      const id = await challenge({ capacity: 1 });
      const [a, b, c] = await players(3);
      for (const p of [a, b, c]) expect((await register(id, p)).status).toBe(201);
      const notes = await count('notifications');
      expect((await withdraw(id, b)).status).toBe(200);
      expect((await rows(id)).map((r) => r.status)).toEqual(['registered', 'withdrawn', 'waitlisted']);
      expect(await count('notifications')).toBe(notes);
      const back = await register(id, b);
      expect(back.status).toBe(201);
      expect(back.body).toMatchObject({ status: 'waitlisted', position: 4, waitlistPlace: 2 });
    });

    it('20 players registering at the same moment for 10 places get distinct positions 1..20: 10 registered, 10 waitlisted', async () => {
      const id = await challenge();
      await env.sql(`UPDATE challenges SET capacity = 10 WHERE id = $1`, [id]);
      const crowd = await players(20);
      const answers = await Promise.all(crowd.map((p) => register(id, p)));
      expect(answers.map((r) => r.status)).toEqual(Array(20).fill(201));
      const stored = await rows(id);
      expect(stored.map((r) => r.position)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(stored.filter((r) => r.status === 'registered')).toHaveLength(10);
      expect(stored.slice(0, 10).every((r) => r.status === 'registered')).toBe(true);
      expect(stored.slice(10).every((r) => r.status === 'waitlisted')).toBe(true);
      const detail = await api.http().get(`/api/challenges/${id}`);
      expect(detail.body.counts).toEqual({ registered: 10, waitlisted: 10, checkedIn: 0 });
    });
  });

  describe('suspended and banned players', () => {
    it('refuses a suspended player (ACCOUNT_SUSPENDED) and a banned one (ACCOUNT_BANNED); a suspension that has ended may register', async () => {
      const id = await challenge();
      const [suspended, banned, ended] = await players(3);
      const until = new Date(Date.now() + 7 * 86_400_000);
      await env.sql(`UPDATE users SET status = 'suspended', suspended_until = $2 WHERE id = $1`, [suspended.id, until]);
      await env.sql(`UPDATE users SET status = 'suspended', suspended_until = now() - interval '1 minute' WHERE id = $1`, [ended.id]);
      await env.sql(`UPDATE users SET status = 'banned' WHERE id = $1`, [banned.id]);
      const before = await count('registrations');

      const s = await register(id, suspended);
      expect(s.status).toBe(403);
      expect(s.body).toEqual({ code: 'ACCOUNT_SUSPENDED', message: expect.stringContaining(until.toISOString()), details: { suspendedUntil: until.toISOString() } });
      const b = await register(id, banned);
      expect(b.status).toBe(403);
      expect(b.body.code).toBe('ACCOUNT_BANNED');
      expect(await count('registrations')).toBe(before);

      expect((await register(id, ended)).status).toBe(201);
    });

    it('a suspension filed while a registration waits on the challenge row is not lost: the player ends up refused or withdrawn, never registered', async () => {
      // An admin's suspension: the player is in no challenge of anyone's city yet, so no director may file it (issue 36).
      const director = await api.user({ roles: ['admin'] });
      const id = await challenge();
      const [p] = await players(1);
      // Another player's registration (or withdrawal) holds the challenge row, as they all do.
      await holding(env, 'SELECT id FROM challenges WHERE id = $1 FOR UPDATE', [id], async (release) => {
        const registering = register(id, p).then((r) => r);
        await eventually(async () => (await lockWaiters(env)) === 1, 15_000, 'the registration waiting on the challenge');
        // Meanwhile the director suspends the player (which withdraws every pending registration of theirs).
        let filed = false;
        const filing = api
          .http()
          .post('/api/conduct/violations')
          .set(auth(director))
          .send({ userId: p.id, reason: 'abusive conduct at the venue', sanctions: [{ kind: 'suspension', hours: 24 }] })
          .then((r) => ((filed = true), r));
        // It either runs through (it has nothing of this challenge to lock yet) or waits on the registration.
        await eventually(async () => filed || (await lockWaiters(env)) === 2, 15_000, 'the filing done, or waiting on the registration');
        await release();
        const [reg, filing2] = await Promise.all([registering, filing]);
        expect([filing2.status, filing2.body.code]).toEqual([201, undefined]);
        expect([201, 403]).toContain(reg.status);
        const stored = await prisma.registration.findUnique({ where: { challengeId_userId: { challengeId: id, userId: p.id } } });
        // Refused (403 ACCOUNT_SUSPENDED), or registered first and then withdrawn by the suspension.
        expect(stored === null || stored.status === 'withdrawn').toBe(true);
      });
    }, 60_000);
  });

  describe('check-in', () => {
    it('is refused before check-in opens and after it closes, with the window in the details; registered and waitlisted players check in during it, once', async () => {
      const id = await challenge({ capacity: 1 });
      const [a, b, outsider] = await players(3);
      expect((await register(id, a)).body.status).toBe('registered');
      expect((await register(id, b)).body.status).toBe('waitlisted');

      const early = await checkIn(id, a);
      expect(early.status).toBe(409);
      const window = (await prisma.challenge.findUniqueOrThrow({ where: { id } }));
      expect(early.body).toEqual({
        code: 'CHECK_IN_NOT_OPEN',
        message: `Check-in has not opened yet: it opens at ${window.checkInOpensAt.toISOString()}`,
        details: { checkInOpensAt: window.checkInOpensAt.toISOString(), checkInClosesAt: window.checkInClosesAt.toISOString(), status: 'registration_open' },
      });
      expect((await rows(id)).every((r) => r.checked_in_at === null)).toBe(true);

      // Check-in opens.
      await env.sql(`UPDATE challenges SET check_in_opens_at = now() - interval '1 minute', status = 'check_in_open' WHERE id = $1`, [id]);
      const first = await checkIn(id, a);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ status: 'registered', checkedInAt: expect.any(String) });
      const second = await checkIn(id, a);
      expect(second.status).toBe(200);
      expect(second.body.checkedInAt).toBe(first.body.checkedInAt);
      expect((await checkIn(id, b)).body).toMatchObject({ status: 'waitlisted', checkedInAt: expect.any(String) });

      const notRegistered = await checkIn(id, outsider);
      expect(notRegistered.status).toBe(404);
      expect(notRegistered.body.code).toBe('NOT_REGISTERED');

      // Check-in closes: a newcomer can neither register nor check in, and nobody can withdraw.
      await env.sql(`UPDATE challenges SET check_in_closes_at = now() - interval '1 second' WHERE id = $1`, [id]);
      const [late] = await players(1);
      expect((await register(id, late)).body.code).toBe('REGISTRATION_CLOSED');
      const before = await rows(id);
      expect((await withdraw(id, b)).body.code).toBe('REGISTRATION_CLOSED');
      await env.sql(`UPDATE registrations SET checked_in_at = NULL WHERE challenge_id = $1 AND user_id = $2`, [id, b.id]);
      const closed = await checkIn(id, b);
      expect(closed.status).toBe(409);
      expect(closed.body).toMatchObject({ code: 'CHECK_IN_CLOSED', message: 'Check-in is closed' });
      expect((await rows(id)).map((r) => r.status)).toEqual(before.map((r) => r.status));
    });

    it('refuses a player suspended after registering', async () => {
      const id = await challenge({ ciOpen: -1 });
      const [p] = await players(1);
      expect((await register(id, p)).status).toBe(201);
      await env.sql(`UPDATE users SET status = 'suspended', suspended_until = NULL WHERE id = $1`, [p.id]);
      const res = await checkIn(id, p);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'ACCOUNT_SUSPENDED', details: { suspendedUntil: null } });
      expect((await rows(id))[0].checked_in_at).toBeNull();
    });

    /**
     * A suspension filed around a check-in that waits on the challenge row (another player's registration
     * or withdrawal holds it FOR UPDATE). The check-in decides on the registration re-read under the
     * challenge's lock, and a penalty withdraws the player's pending registrations under that same lock
     * (PenaltyEffects.lockUser, then withdrawPending): whichever comes first there, the player never ends
     * up checked in with a live registration while suspended.
     */
    describe('a suspension filed while a check-in waits on the challenge row', () => {
      const suspend = (director: Player, p: Player) =>
        api
          .http()
          .post('/api/conduct/violations')
          .set(auth(director))
          .send({ userId: p.id, reason: 'abusive conduct at the venue', sanctions: [{ kind: 'suspension', hours: 24 }] });
      const stored = (id: string, p: Player) => prisma.registration.findUniqueOrThrow({ where: { challengeId_userId: { challengeId: id, userId: p.id } } });

      /** `first` and then `second` wait on the challenge row held by another session; then it commits. */
      function queued<A, B>(id: string, first: () => Promise<A>, second: () => Promise<B>): Promise<[A, B]> {
        return holding(env, 'SELECT id FROM challenges WHERE id = $1 FOR UPDATE', [id], async (release) => {
          const a = first();
          await eventually(async () => (await lockWaiters(env)) === 1, 15_000, 'the first request waiting');
          const b = second();
          await eventually(async () => (await lockWaiters(env)) === 2, 15_000, 'the second request waiting');
          await release();
          return Promise.all([a, b]);
        });
      }

      it('the check-in queued first goes through, then the suspension withdraws the registration: not left checked in', async () => {
        const director = await api.user({ roles: ['admin'] }); // a suspension naming no challenge is an admin's (issue 36)
        const id = await challenge({ ciOpen: -1 });
        const [p] = await players(1);
        expect((await register(id, p)).status).toBe(201);
        const [checked, filed] = await queued(
          id,
          () => checkIn(id, p).then((r) => r),
          () => suspend(director, p).then((r) => r),
        );
        expect([filed.status, filed.body.code]).toEqual([201, undefined]);
        // The check-in was granted the challenge row first: it answered before the suspension existed.
        expect(checked.status).toBe(200);
        expect(checked.body).toMatchObject({ status: 'registered', checkedInAt: expect.any(String) });
        // The suspension then withdrew the registration, check-in and all.
        expect((await stored(id, p)).status).toBe('withdrawn');
        expect(await prisma.user.findUniqueOrThrow({ where: { id: p.id }, select: { status: true } })).toEqual({ status: 'suspended' });
        expect((await api.http().get(`/api/challenges/${id}`)).body.counts).toMatchObject({ registered: 0, checkedIn: 0 });
      }, 60_000);

      it('the suspension queued first wins: the check-in, which read the standing before it, finds the registration withdrawn and is refused', async () => {
        const director = await api.user({ roles: ['admin'] }); // a suspension naming no challenge is an admin's (issue 36)
        const id = await challenge({ ciOpen: -1 });
        const [p] = await players(1);
        expect((await register(id, p)).status).toBe(201);
        const [filed, checked] = await queued(
          id,
          () => suspend(director, p).then((r) => r),
          () => checkIn(id, p).then((r) => r),
        );
        expect([filed.status, filed.body.code]).toEqual([201, undefined]);
        expect([checked.status, checked.body.code]).toEqual([404, 'NOT_REGISTERED']);
        const r = await stored(id, p);
        expect([r.status, r.checkedInAt]).toEqual(['withdrawn', null]);
      }, 60_000);
    });
  });

  describe('public views', () => {
    it('shows a challenge with its times, prize pool and counts, and its registrations in order with display names and check-in, without emails', async () => {
      const id = await challenge({ capacity: 1, ciOpen: -1 });
      const a = await api.user({ displayName: 'Ada' });
      const b = await api.user({ displayName: 'Bo' });
      await register(id, a);
      await register(id, b);
      await checkIn(id, b);

      const detail = await api.http().get(`/api/challenges/${id}`);
      expect(detail.status).toBe(200);
      expect(detail.body).toMatchObject({
        id,
        cityId,
        cityName: 'Atlanta',
        timeZone: 'America/New_York',
        status: 'registration_open',
        capacity: 1,
        prizePoolCents: 100_000,
        prizeSplit: { first: 5000, second: 3000, thirdFourthEach: 1000 },
        counts: { registered: 1, waitlisted: 1, checkedIn: 1 },
      });
      for (const k of ['startsAt', 'registrationOpensAt', 'checkInOpensAt', 'checkInClosesAt']) expect(new Date(detail.body[k]).toISOString()).toBe(detail.body[k]);

      const list = await api.http().get(`/api/challenges/${id}/registrations`);
      expect(list.status).toBe(200);
      expect(list.body).toEqual([
        { position: 1, displayName: 'Ada', status: 'registered', checkedIn: false },
        { position: 2, displayName: 'Bo', status: 'waitlisted', checkedIn: true },
      ]);
      // A competitor's token changes nothing; a director (who disqualifies by id) also gets the ids.
      expect((await api.http().get(`/api/challenges/${id}/registrations`).set(auth(a))).body).toEqual(list.body);
      const director = await api.user({ roles: ['director'] });
      expect((await api.http().get(`/api/challenges/${id}/registrations`).set(auth(director))).body).toEqual([
        { position: 1, displayName: 'Ada', status: 'registered', checkedIn: false, userId: a.id },
        { position: 2, displayName: 'Bo', status: 'waitlisted', checkedIn: true, userId: b.id },
      ]);
      expect(JSON.stringify(list.body)).not.toContain('@');
    });

    it('lists a city\'s upcoming challenges and those of the last weeks, oldest first', async () => {
      const other = (await prisma.city.create({ data: { name: 'Oslo', slug: 'oslo', timeZone: 'Europe/Oslo', region: 'north', tier: 'T1' } })).id;
      const mk = (localDate: string, daysFromNow: number, status: 'completed' | 'scheduled') => {
        const t = new Date(Date.now() + daysFromNow * 86_400_000);
        return prisma.challenge.create({
          data: { cityId: other, localDate, startsAt: t, registrationOpensAt: t, checkInOpensAt: t, checkInClosesAt: t, status, prizePoolCents: 50_000, prizeSplit: {} },
        });
      };
      await mk('2026-01-03', -60, 'completed');
      const recent = await mk('2026-02-28', -6, 'completed');
      const next = await mk('2026-03-07', 1, 'scheduled');
      const after = await mk('2026-03-14', 8, 'scheduled');
      const res = await api.http().get(`/api/cities/${other}/challenges`);
      expect(res.status).toBe(200);
      expect(res.body.map((c: { id: string; status: string }) => [c.id, c.status])).toEqual([
        [recent.id, 'completed'],
        [next.id, 'scheduled'],
        [after.id, 'scheduled'],
      ]);
      expect((await api.http().get(`/api/cities/${other}/challenges?pastWeeks=10`)).body).toHaveLength(4);
      expect((await api.http().get(`/api/cities/${other}/challenges?pastWeeks=0`)).body).toHaveLength(2);
    });
  });

  describe('inputs and errors', () => {
    it('answers bad ids, unknown challenges, missing tokens and bad queries with stable codes', async () => {
      const [p] = await players(1);
      const before = await count('registrations');
      expect((await api.http().get('/api/challenges/not-a-uuid')).body.code).toBe('INVALID_ID');
      expect((await register('00000000-0000-4000-8000-000000000000', p)).body).toMatchObject({ code: 'NOT_FOUND' });
      expect((await api.http().get('/api/challenges/00000000-0000-4000-8000-000000000000')).status).toBe(404);
      expect((await api.http().get('/api/cities/00000000-0000-4000-8000-000000000000/challenges')).body.code).toBe('NOT_FOUND');
      const id = await challenge();
      const anon = await api.http().post(`/api/challenges/${id}/registration`);
      expect([anon.status, anon.body.code]).toEqual([401, 'UNAUTHORIZED']);
      expect((await api.http().get(`/api/cities/${cityId}/challenges?pastWeeks=99`)).body.code).toBe('VALIDATION_FAILED');
      expect((await api.http().get(`/api/cities/${cityId}/challenges?sort=x`)).body.code).toBe('VALIDATION_FAILED');
      expect((await api.http().get('/api/me/notifications?limit=0').set(auth(p))).body.code).toBe('VALIDATION_FAILED');
      expect(await count('registrations')).toBe(before);
    });
  });

  describe('notifications', () => {
    it('lists my notifications newest first, page by page, with the unread count; marking one read keeps the first time; others\' are not found', async () => {
      const [me, other] = await players(2);
      for (let i = 1; i <= 5; i++) {
        await prisma.notification.create({ data: { userId: me.id, kind: 'test', title: `n${i}`, body: 'b', createdAt: new Date(Date.now() - (10 - i) * 1000) } });
      }
      const theirs = await prisma.notification.create({ data: { userId: other.id, kind: 'test', title: 'theirs', body: 'b' } });

      const page1 = await api.http().get('/api/me/notifications?limit=2').set(auth(me));
      expect(page1.status).toBe(200);
      expect(page1.body.items.map((n: { title: string }) => n.title)).toEqual(['n5', 'n4']);
      expect(page1.body.unread).toBe(5);
      const page2 = await api.http().get(`/api/me/notifications?limit=2&after=${page1.body.next}`).set(auth(me));
      expect(page2.body.items.map((n: { title: string }) => n.title)).toEqual(['n3', 'n2']);
      const page3 = await api.http().get(`/api/me/notifications?limit=2&after=${page2.body.next}`).set(auth(me));
      expect(page3.body.items.map((n: { title: string }) => n.title)).toEqual(['n1']);
      expect(page3.body.next).toBeNull();

      const target = page1.body.items[0].id as string;
      const read = await api.http().post(`/api/me/notifications/${target}/read`).set(auth(me));
      expect(read.status).toBe(200);
      expect(read.body.readAt).toEqual(expect.any(String));
      const again = await api.http().post(`/api/me/notifications/${target}/read`).set(auth(me));
      expect(again.body.readAt).toBe(read.body.readAt);
      expect((await api.http().get('/api/me/notifications').set(auth(me))).body.unread).toBe(4);

      const foreign = await api.http().post(`/api/me/notifications/${theirs.id}/read`).set(auth(me));
      expect([foreign.status, foreign.body.code]).toEqual([404, 'NOT_FOUND']);
      expect((await prisma.notification.findUniqueOrThrow({ where: { id: theirs.id } })).readAt).toBeNull();
      expect((await api.http().get(`/api/me/notifications?after=${theirs.id}`).set(auth(me))).body.code).toBe('INVALID_CURSOR');
      expect((await api.http().get('/api/me/notifications')).status).toBe(401);
    });
  });
});
