import { randomUUID } from 'node:crypto';
import { PrismaService } from '@dcs/common';
import { storedGame, TestApi } from './support/api';
import { directCity, grantRoles, tableWithGame } from './support/fixtures';
import { apiSuite } from './support/suite';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Person = { id: string; token: string; email?: string; password?: string };

/** Issue 36, third pass: who may sanction whom, a director's own city and prize pools, own challenges, director calls, own wallets, a case's subject. */
describe('security: who may sanction whom, and the director\'s other reach', () => {
  const suite = apiSuite('security_sanctions');
  let api: TestApi;
  let prisma: PrismaService;
  beforeAll(() => {
    ({ api, prisma } = suite);
  });

  const as = (u: { token: string }) => ({ Authorization: `Bearer ${u.token}` });
  const reason = 'abusive language at the table';
  const prizeSplit = { first: 5000, second: 3000, thirdFourthEach: 1000 };
  const DAY = 86_400_000;

  /** A city's running challenge (one table, its game, every seated player registered), with a director of it; plus a challenge of the city not started yet. */
  const city = async () => {
    const fx = await tableWithGame(api);
    const { challengeId } = await prisma.challengeTable.findUniqueOrThrow({ where: { id: fx.tableId } });
    const { cityId } = await prisma.challenge.findUniqueOrThrow({ where: { id: challengeId } });
    await prisma.registration.createMany({ data: fx.players.map((p, i) => ({ challengeId, userId: p.id, status: 'registered' as const, position: i + 1, checkedInAt: new Date() })) });
    const upcoming = await prisma.challenge.create({
      data: {
        cityId,
        localDate: '2027-06-05',
        startsAt: new Date(Date.now() + 30 * DAY),
        registrationOpensAt: new Date(Date.now() - DAY),
        checkInOpensAt: new Date(Date.now() + 29 * DAY),
        checkInClosesAt: new Date(Date.now() + 29.5 * DAY),
        status: 'registration_open',
        prizePoolCents: 50_000,
        prizeSplit,
      },
    });
    const director = await api.user({ roles: ['director'] });
    await directCity(api, director.id, { cityId });
    return { ...fx, challengeId, cityId, upcomingId: upcoming.id, director };
  };
  /** Everything a refused sanction must leave as it was. */
  const ledger = async (userIds: string[]) => ({
    violations: await prisma.conductViolation.count(),
    sanctions: await prisma.conductSanction.findMany({ select: { id: true, revokedAt: true }, orderBy: { id: 'asc' } }),
    decisions: await prisma.integrityDecision.findMany({ select: { id: true, status: true }, orderBy: { id: 'asc' } }),
    users: await prisma.user.findMany({ where: { id: { in: userIds } }, select: { id: true, status: true, suspendedUntil: true, tokenVersion: true }, orderBy: { id: 'asc' } }),
    registrations: await prisma.registration.findMany({ where: { userId: { in: userIds } }, select: { id: true, status: true, disqualifiedAt: true }, orderBy: { id: 'asc' } }),
    audit: await prisma.auditLog.count(),
  });
  const refused = (res: { status: number; body: Body }, why: string) => expect([res.status, res.body.code, res.body.details?.reason]).toEqual([403, 'SANCTION_NOT_ALLOWED', why]);
  const signsIn = async (u: { email: string; password: string }) => (await api.http().post('/api/auth/login').send({ email: u.email, password: u.password })).status;

  describe('1. any director bans or suspends anyone', () => {
    it('a director of Atlanta bans an admin, with or without naming a challenge: 403 SANCTION_NOT_ALLOWED (admin); nothing written, the admin still signs in', async () => {
      const atl = await city();
      const admin = await api.user({ roles: ['admin'] });
      const before = await ledger([admin.id]);
      for (const extra of [{}, { challengeId: atl.challengeId }, { gameId: atl.gameId }]) {
        const res = await api.http().post('/api/conduct/violations').set(as(atl.director)).send({ userId: admin.id, reason, ...extra, sanctions: [{ kind: 'ban' }] });
        refused(res, 'admin');
        expect(res.body.details.userId).toBe(admin.id);
      }
      expect(await ledger([admin.id])).toEqual(before);
      expect(await signsIn(admin)).toBe(200);
      expect((await api.http().get('/api/me').set(as(admin))).status).toBe(200);
    });

    it('a director bans a reviewer — even one seated at their own city\'s table — and suspends a director: 403 SANCTION_NOT_ALLOWED (staff), nothing written', async () => {
      const atl = await city();
      const seatedReviewer = atl.players[1];
      await grantRoles(api, seatedReviewer.id, ['reviewer']);
      const reviewer = await api.user({ roles: ['reviewer'] });
      const otherDirector = await api.user({ roles: ['director'] });
      const before = await ledger([seatedReviewer.id, reviewer.id, otherDirector.id]);
      const tries: [string, Body][] = [
        [reviewer.id, { sanctions: [{ kind: 'ban' }] }],
        [seatedReviewer.id, { gameId: atl.gameId, sanctions: [{ kind: 'ban' }] }],
        [seatedReviewer.id, { sanctions: [{ kind: 'tournament_disqualification', challengeId: atl.challengeId }] }],
        [otherDirector.id, { challengeId: atl.challengeId, sanctions: [{ kind: 'suspension', hours: 24 * 30 }] }],
      ];
      for (const [userId, body] of tries) refused(await api.http().post('/api/conduct/violations').set(as(atl.director)).send({ userId, reason, ...body }), 'staff');
      expect(await ledger([seatedReviewer.id, reviewer.id, otherDirector.id])).toEqual(before);
      expect(await signsIn(reviewer)).toBe(200);
    });

    it('a director suspends a player of another city: 403 (no_challenge without a tie, not_in_challenge through their own challenge, NOT_YOUR_CITY through the other city\'s); the player\'s registration elsewhere still stands', async () => {
      const atl = await city();
      const dal = await city();
      const player = dal.players[0];
      // The player's place in Dallas's next challenge: what a suspension would withdraw.
      await prisma.registration.create({ data: { challengeId: dal.upcomingId, userId: player.id, status: 'registered', position: 1 } });
      const before = await ledger([player.id]);
      const file = (extra: Body) => api.http().post('/api/conduct/violations').set(as(atl.director)).send({ userId: player.id, reason, ...extra, sanctions: [{ kind: 'suspension', hours: 24 * 7 }] });
      refused(await file({}), 'no_challenge');
      refused(await file({ challengeId: atl.challengeId }), 'not_in_challenge');
      refused(await file({ gameId: atl.gameId }), 'not_in_challenge');
      const elsewhere = await file({ challengeId: dal.challengeId });
      expect([elsewhere.status, elsewhere.body.code, elsewhere.body.details]).toEqual([403, 'NOT_YOUR_CITY', { cityId: dal.cityId }]);
      // A season of another city is another city too.
      const season = await prisma.season.create({ data: { cityId: dal.cityId, number: 1, startDate: '2027-01-02' } });
      const atlSeat = atl.players[0];
      const lossOfSix = await api.http().post('/api/conduct/violations').set(as(atl.director)).send({ userId: atlSeat.id, reason, challengeId: atl.challengeId, sanctions: [{ kind: 'elite_six_disqualification', seasonId: season.id }] });
      expect([lossOfSix.status, lossOfSix.body.code]).toEqual([403, 'NOT_YOUR_CITY']);
      expect(await ledger([player.id])).toEqual(before);
      expect(await prisma.registration.findUniqueOrThrow({ where: { challengeId_userId: { challengeId: dal.upcomingId, userId: player.id } } })).toMatchObject({ status: 'registered', withdrawnAt: null });
      expect((await prisma.user.findUniqueOrThrow({ where: { id: player.id } })).status).toBe('active');
      // The director's own player, through the director's own challenge, is theirs to sanction.
      const own = await api.http().post('/api/conduct/violations').set(as(atl.director)).send({ userId: atlSeat.id, reason, challengeId: atl.challengeId, sanctions: [{ kind: 'chat_restriction', hours: 24 }] });
      expect(own.status).toBe(201);
    });

    it('nobody sanctions themselves: a director of the city, an admin neither', async () => {
      const atl = await city();
      const admin = await api.user({ roles: ['admin'] });
      refused(await api.http().post('/api/conduct/violations').set(as(atl.director)).send({ userId: atl.director.id, reason, challengeId: atl.challengeId, sanctions: [{ kind: 'chat_restriction', hours: 1 }] }), 'self');
      refused(await api.http().post('/api/conduct/violations').set(as(admin)).send({ userId: admin.id, reason, sanctions: [{ kind: 'chat_restriction', hours: 1 }] }), 'self');
      expect(await prisma.conductViolation.count({ where: { userId: { in: [atl.director.id, admin.id] } } })).toBe(0);
    });

    it('an admin sanctions another admin: 201, audited with both; the sanctioned admin cannot lift it (self), a director cannot (admin), the other admin can', async () => {
      const [a, b] = [await api.user({ roles: ['admin'] }), await api.user({ roles: ['admin'] })];
      const atl = await city();
      const filed = await api.http().post('/api/conduct/violations').set(as(a)).send({ userId: b.id, reason: 'abused the outbox', sanctions: [{ kind: 'suspension', hours: 48 }] });
      expect(filed.status).toBe(201);
      expect((await prisma.user.findUniqueOrThrow({ where: { id: b.id } })).status).toBe('suspended');
      const audit = await prisma.auditLog.findMany({ where: { entityType: 'user', entityId: b.id }, orderBy: { createdAt: 'asc' } });
      expect(audit.map((e) => [e.action, e.actorId])).toEqual(expect.arrayContaining([['conduct.violation.filed', a.id], ['conduct.sanction.suspension', a.id]]));
      const sanctionId = (filed.body.sanctions as Body[])[0].id as string;
      const revoke = (who: Person) => api.http().post(`/api/conduct/sanctions/${sanctionId}/revoke`).set(as(who)).send({ reason: 'lift it' });
      refused(await revoke(b), 'self');
      refused(await revoke(atl.director), 'admin');
      expect((await prisma.conductSanction.findUniqueOrThrow({ where: { id: sanctionId } })).revokedAt).toBeNull();
      expect((await revoke(a)).status).toBe(200);
      expect((await prisma.user.findUniqueOrThrow({ where: { id: b.id } })).status).toBe('active');
    });

    it('revoking follows the same rule: a director lifts neither a reviewer\'s sanction nor one of a player met nowhere in their cities', async () => {
      const atl = await city();
      const admin = await api.user({ roles: ['admin'] });
      const reviewer = await api.user({ roles: ['reviewer'] });
      const stranger = await api.user();
      const ids: string[] = [];
      for (const userId of [reviewer.id, stranger.id]) {
        const filed = await api.http().post('/api/conduct/violations').set(as(admin)).send({ userId, reason, sanctions: [{ kind: 'suspension', hours: 72 }] });
        expect(filed.status).toBe(201);
        ids.push((filed.body.sanctions as Body[])[0].id as string);
      }
      const before = await ledger([reviewer.id, stranger.id]);
      refused(await api.http().post(`/api/conduct/sanctions/${ids[0]}/revoke`).set(as(atl.director)).send({ reason: 'my friend' }), 'staff');
      refused(await api.http().post(`/api/conduct/sanctions/${ids[1]}/revoke`).set(as(atl.director)).send({ reason: 'my friend' }), 'no_challenge');
      expect(await ledger([reviewer.id, stranger.id])).toEqual(before);
      expect((await prisma.user.findMany({ where: { id: { in: [reviewer.id, stranger.id] } } })).map((u) => u.status)).toEqual(['suspended', 'suspended']);
    });

    it('a director disqualifies staff from their own challenge (its endpoint, or a director call\'s resolution): 403 SANCTION_NOT_ALLOWED, the registration stands, the call still waits', async () => {
      const atl = await city();
      const [caller, reviewerSeat, adminSeat] = atl.players;
      await grantRoles(api, reviewerSeat.id, ['reviewer']);
      await grantRoles(api, adminSeat.id, ['admin']);
      const call = await api.http().post(`/api/tables/${atl.tableId}/director-calls`).set(as(caller)).send({ reason: 'misconduct', message: 'Seat 1 insults everyone' });
      expect(call.status).toBe(201);
      const before = await ledger([reviewerSeat.id, adminSeat.id]);
      for (const [who, why] of [[reviewerSeat, 'staff'], [adminSeat, 'admin']] as const) {
        refused(await api.http().post(`/api/challenges/${atl.challengeId}/disqualifications`).set(as(atl.director)).send({ userId: who.id, reason }), why);
      }
      const resolved = await api.http().post(`/api/director-calls/${call.body.id}/resolve`).set(as(atl.director)).send({ note: 'Disqualified for abuse', act: 'disqualify', userId: reviewerSeat.id });
      refused(resolved, 'staff');
      expect(await ledger([reviewerSeat.id, adminSeat.id])).toEqual(before);
      expect((await prisma.directorCall.findUniqueOrThrow({ where: { id: call.body.id } })).status).toBe('open');
      expect((await storedGame(api.app, atl.gameId)).state.forfeited).toEqual([false, false, false, false]);
    });

    it('the review board: a reviewer decides no case of a director or an admin, nor their appeal (403 SANCTION_NOT_ALLOWED); an admin on the board does, audited', async () => {
      const { players } = await tableWithGame(api);
      const [directorSubject, adminSubject] = players;
      await grantRoles(api, directorSubject.id, ['director']);
      await grantRoles(api, adminSubject.id, ['admin']);
      const reviewer = await api.user({ roles: ['reviewer'] });
      const boardAdmin = await api.user({ roles: ['reviewer', 'admin'] });
      const appealsAdmin = await api.user({ roles: ['admin'] });
      const open = async (subject: Person) => (await api.http().post('/api/integrity/cases').set(as(reviewer)).send({ subjectIds: [subject.id], summary: 'agrees with hidden information' }).expect(201)).body.id as string;
      const [directorCase, adminCase] = [await open(directorSubject), await open(adminSubject)];
      const before = await ledger([directorSubject.id, adminSubject.id]);
      const decide = (who: Person, caseId: string, userId: string) => api.http().post(`/api/integrity/cases/${caseId}/decisions`).set(as(who)).send({ userId, finding: 'minor', reason: 'agreement with hidden information' });
      refused(await decide(reviewer, directorCase, directorSubject.id), 'staff');
      refused(await decide(reviewer, adminCase, adminSubject.id), 'admin');
      expect(await ledger([directorSubject.id, adminSubject.id])).toEqual(before);

      const decided = await decide(boardAdmin, directorCase, directorSubject.id);
      expect(decided.status).toBe(201);
      expect((await prisma.user.findUniqueOrThrow({ where: { id: directorSubject.id } })).status).toBe('suspended');
      expect(await prisma.auditLog.count({ where: { action: 'integrity.case.decided', actorId: boardAdmin.id, entityId: directorCase } })).toBe(1);
      const appeal = await api.http().post('/api/appeals').set(as(directorSubject)).send({ decisionId: decided.body.id, statement: 'I count the tiles played.' });
      expect(appeal.status).toBe(201);
      const byReviewer = await api.http().post(`/api/integrity/appeals/${appeal.body.id}/decision`).set(as(await api.user({ roles: ['reviewer'] }))).send({ outcome: 'overturned', reason: 'a colleague' });
      refused(byReviewer, 'staff');
      expect((await prisma.integrityAppeal.findUniqueOrThrow({ where: { id: appeal.body.id } })).status).toBe('pending');
      expect((await prisma.user.findUniqueOrThrow({ where: { id: directorSubject.id } })).status).toBe('suspended');
      const byAdmin = await api.http().post(`/api/integrity/appeals/${appeal.body.id}/decision`).set(as(appealsAdmin)).send({ outcome: 'overturned', reason: 'the replay shows nothing' });
      expect([byAdmin.status, byAdmin.body.status]).toEqual([200, 'overturned']);
    });
  });

  describe('2. a director\'s own city and prize pools', () => {
    it('creating a city is an admin\'s: a director gets 403 FORBIDDEN and nothing is written; an admin\'s new city is directed by nobody until assigned', async () => {
      const director = await api.user({ roles: ['director'] });
      const admin = await api.user({ roles: ['admin'] });
      const body = () => ({ name: 'Mine', slug: `mine-${Math.random().toString(36).slice(2, 10)}`, timeZone: 'America/New_York', region: 'south', tier: 'T3' });
      const [cities, assigned, audit] = [await prisma.city.count(), await prisma.directorCity.count(), await prisma.auditLog.count()];
      const res = await api.http().post('/api/cities').set(as(director)).send(body());
      expect([res.status, res.body.code]).toEqual([403, 'FORBIDDEN']);
      expect([await prisma.city.count(), await prisma.directorCity.count(), await prisma.auditLog.count()]).toEqual([cities, assigned, audit]);
      const ok = await api.http().post('/api/cities').set(as(admin)).send(body());
      expect(ok.status).toBe(201);
      expect(await prisma.directorCity.count({ where: { cityId: ok.body.id } })).toBe(0);
    });

    it('a director gives a prize pool up to the ceiling ($10,000), never above (403 PRIZE_POOL_ABOVE_CEILING, nothing written); an admin may, audited', async () => {
      const atl = await city();
      const admin = await api.user({ roles: ['admin'] });
      const million = 100_000_000;
      const patch = (who: Person, prizePoolCents: number) => api.http().patch(`/api/challenges/${atl.upcomingId}`).set(as(who)).send({ prizePoolCents, reason: 'sponsor' });
      const audit0 = await prisma.auditLog.count();
      const above = await patch(atl.director, million);
      expect([above.status, above.body.code, above.body.details]).toEqual([403, 'PRIZE_POOL_ABOVE_CEILING', { prizePoolCents: million, ceilingCents: 1_000_000 }]);
      expect(above.body.message).toMatch(/\$10,000\.00/);
      const created = await api.http().post(`/api/cities/${atl.cityId}/challenges`).set(as(atl.director)).send({ localDate: '2027-10-05', startTime: '15:00', prizePoolCents: million, reason: 'a special' });
      expect([created.status, created.body.code]).toEqual([403, 'PRIZE_POOL_ABOVE_CEILING']);
      const regional = await api.http().post('/api/regionals').set(as(atl.director)).send({ region: 'south', year: 2031, prizePoolCents: million });
      expect([regional.status, regional.body.code]).toEqual([403, 'PRIZE_POOL_ABOVE_CEILING']);
      expect((await prisma.challenge.findUniqueOrThrow({ where: { id: atl.upcomingId } })).prizePoolCents).toBe(50_000);
      expect(await prisma.challenge.count({ where: { cityId: atl.cityId } })).toBe(2);
      expect(await prisma.auditLog.count()).toBe(audit0);

      expect((await patch(atl.director, 1_000_000)).body.prizePoolCents).toBe(1_000_000);
      const byAdmin = await patch(admin, million);
      expect([byAdmin.status, byAdmin.body.prizePoolCents]).toEqual([200, million]);
      const entry = await prisma.auditLog.findFirstOrThrow({ where: { action: 'challenge.updated', entityId: atl.upcomingId, actorId: admin.id } });
      expect(entry.data).toMatchObject({ before: { prizePoolCents: 1_000_000 }, after: { prizePoolCents: million } });
    });
  });

  describe('3. a director registered in their own challenge', () => {
    it.each([['registered'], ['waitlisted']] as const)('a director %s in a challenge changes neither its tier nor its prize pool: 403 OWN_CHALLENGE, unchanged', async (status) => {
      const atl = await city();
      await prisma.registration.create({ data: { challengeId: atl.upcomingId, userId: atl.director.id, status, position: 1 } });
      const before = await prisma.challenge.findUniqueOrThrow({ where: { id: atl.upcomingId }, select: { tier: true, prizePoolCents: true, prizeSplit: true } });
      const audit0 = await prisma.auditLog.count();
      for (const body of [{ tier: 'T3', prizePoolCents: 900_000, reason: 'my big day' }, { tier: 'T3', reason: 'my big day' }, { prizePoolCents: 900_000, reason: 'my big day' }]) {
        const res = await api.http().patch(`/api/challenges/${atl.upcomingId}`).set(as(atl.director)).send(body);
        expect([res.status, res.body.code, res.body.details]).toEqual([403, 'OWN_CHALLENGE', { challengeId: atl.upcomingId }]);
      }
      expect(await prisma.challenge.findUniqueOrThrow({ where: { id: atl.upcomingId }, select: { tier: true, prizePoolCents: true, prizeSplit: true } })).toEqual(before);
      expect(await prisma.auditLog.count()).toBe(audit0);
    });

    it('a director seated at a table of a running challenge is refused its PATCH as OWN_CHALLENGE; one entered in a challenge of a season does not close the season (which would cancel it)', async () => {
      const atl = await city();
      const seated = atl.players[0];
      await grantRoles(api, seated.id, ['director']);
      await directCity(api, seated.id, { cityId: atl.cityId });
      const res = await api.http().patch(`/api/challenges/${atl.challengeId}`).set(as(seated)).send({ tier: 'T3', reason: 'my big day' });
      expect([res.status, res.body.code, res.body.details]).toEqual([403, 'OWN_CHALLENGE', { challengeId: atl.challengeId }]);

      const season = await prisma.season.create({ data: { cityId: atl.cityId, number: 1, startDate: '2027-01-02', status: 'active' } });
      await prisma.challenge.update({ where: { id: atl.upcomingId }, data: { seasonId: season.id, week: 2 } });
      await prisma.registration.create({ data: { challengeId: atl.upcomingId, userId: atl.director.id, status: 'registered', position: 1 } });
      const close = await api.http().post(`/api/cities/${atl.cityId}/seasons/${season.id}/close`).set(as(atl.director)).send({ reason: 'closing early' });
      expect([close.status, close.body.code, close.body.details]).toEqual([403, 'OWN_CHALLENGE', { challengeId: atl.upcomingId }]);
      expect((await prisma.season.findUniqueOrThrow({ where: { id: season.id } })).status).toBe('active');
      expect((await prisma.challenge.findUniqueOrThrow({ where: { id: atl.upcomingId } })).status).toBe('registration_open');
    });
  });

  describe('4. director calls', () => {
    it('a signed-in stranger calls the director to a table: 403 NOT_SEATED, no call; a member of staff watching may (as a spectator)', async () => {
      const atl = await city();
      const stranger = await api.user();
      const res = await api.http().post(`/api/tables/${atl.tableId}/director-calls`).set(as(stranger)).send({ reason: 'misconduct', message: 'They are cheating' });
      expect([res.status, res.body.code]).toEqual([403, 'NOT_SEATED']);
      expect(await prisma.directorCall.count({ where: { tableId: atl.tableId } })).toBe(0);
      const staff = await api.user({ roles: ['reviewer'] });
      const watched = await api.http().post(`/api/tables/${atl.tableId}/director-calls`).set(as(staff)).send({ reason: 'misconduct', message: 'Seat 2 shows his tiles' });
      expect([watched.status, watched.body.callerRole]).toEqual([201, 'spectator']);
    });

    it('a call\'s resolution disqualifies only a player seated at the call\'s table: another table\'s player is 422 NOT_AT_CALL_TABLE, nothing changes; one of its own is disqualified', async () => {
      const atl = await city();
      const table = await prisma.challengeTable.findUniqueOrThrow({ where: { id: atl.tableId } });
      const other = await api.user();
      const otherTable = await prisma.challengeTable.create({ data: { challengeId: atl.challengeId, roundId: table.roundId, index: 1, status: 'playing' } });
      await prisma.tableSeat.create({ data: { tableId: otherTable.id, seat: 0, userId: other.id, seed: 5 } });
      await prisma.registration.create({ data: { challengeId: atl.challengeId, userId: other.id, status: 'registered', position: 5, checkedInAt: new Date() } });
      const call = await api.http().post(`/api/tables/${atl.tableId}/director-calls`).set(as(atl.players[0])).send({ reason: 'misconduct', message: 'Seat 3 insults everyone' });
      expect(call.status).toBe(201);
      const audit0 = await prisma.auditLog.count();
      const wrong = await api.http().post(`/api/director-calls/${call.body.id}/resolve`).set(as(atl.director)).send({ note: 'Disqualified', act: 'disqualify', userId: other.id });
      expect([wrong.status, wrong.body.code, wrong.body.details]).toEqual([422, 'NOT_AT_CALL_TABLE', { userId: other.id, tableId: atl.tableId }]);
      expect((await prisma.registration.findUniqueOrThrow({ where: { challengeId_userId: { challengeId: atl.challengeId, userId: other.id } } })).disqualifiedAt).toBeNull();
      expect((await prisma.directorCall.findUniqueOrThrow({ where: { id: call.body.id } })).status).toBe('open');
      expect(await prisma.auditLog.count()).toBe(audit0);
      const right = await api.http().post(`/api/director-calls/${call.body.id}/resolve`).set(as(atl.director)).send({ note: 'Disqualified', act: 'disqualify', userId: atl.players[3].id });
      expect([right.status, right.body.resolutionAct]).toEqual([200, 'disqualify']);
    });
  });

  describe('5. own wallet', () => {
    it('an admin corrects their own wallet: 403 OWN_WALLET, nothing applied; another admin may', async () => {
      const [admin, second] = [await api.user({ roles: ['admin'] }), await api.user({ roles: ['admin'] })];
      const body = { currency: 'DD', amount: 1_000_000, reason: 'bonus for me', requestId: randomUUID() };
      const before = await prisma.walletEntry.findMany({ where: { userId: admin.id }, select: { id: true } });
      const own = await api.http().post(`/api/users/${admin.id}/wallet/corrections`).set(as(admin)).send(body);
      expect([own.status, own.body.code]).toEqual([403, 'OWN_WALLET']);
      expect(await prisma.walletEntry.findMany({ where: { userId: admin.id }, select: { id: true } })).toEqual(before);
      expect(await prisma.auditLog.count({ where: { action: 'wallet.correction', entityId: admin.id } })).toBe(0);
      const other = await api.http().post(`/api/users/${admin.id}/wallet/corrections`).set(as(second)).send({ ...body, reason: 'a refund' });
      expect(other.status).toBe(200);
    });
  });

  describe('6. the subject of a case', () => {
    it('reads the category and general terms of the case, never the reporter\'s words nor who reported', async () => {
      const { gameId, players } = await tableWithGame(api);
      const [subject, reporter] = players;
      const words = 'p12 cheats, says reviewer: he peeks at my hand';
      const reported = await api.http().post('/api/reports').set(as(reporter)).send({ subjectId: subject.id, gameId, category: 'cheating', description: words });
      expect(reported.status).toBe(201);
      const mine = await api.http().get('/api/me/cases').set(as(subject));
      expect(mine.status).toBe(200);
      const [theCase] = mine.body as Body[];
      expect(theCase).toMatchObject({ source: 'report', categories: ['cheating'] });
      expect(theCase.summary).toMatch(/community report/i);
      expect(theCase.summary).toMatch(/cheating/);
      const text = JSON.stringify(mine.body);
      const { displayName } = await prisma.user.findUniqueOrThrow({ where: { id: reporter.id } });
      for (const leak of ['p12 cheats', 'peeks at my hand', reporter.id, displayName]) expect(text).not.toContain(leak);
      // The board still reads the reporter's words.
      const board = await api.user({ roles: ['reviewer'] });
      const detail = await api.http().get(`/api/integrity/cases/${theCase.id}`).set(as(board));
      expect(JSON.stringify(detail.body)).toContain('p12 cheats');
    });
  });
});
