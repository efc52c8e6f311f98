import { PrismaService } from '@dcs/common';
import { startApi, TestApi } from './support/api';
import { directCity, tableWithGame } from './support/fixtures';
import { createTestEnv, TestEnv } from './support/test-env';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Issue 26, second pass: who may act (SPEC 7, its Decisions on conflicts; SPEC 5 appeals). */
describe('security: who may act', () => {
  let env: TestEnv;
  let api: TestApi;
  let prisma: PrismaService;

  beforeAll(async () => {
    env = await createTestEnv('security_authz');
    api = await startApi(env);
    prisma = api.app.get(PrismaService);
  });
  afterAll(async () => {
    await api.close();
    await env.drop();
  });

  const as = (u: { token: string }) => ({ Authorization: `Bearer ${u.token}` });
  const setRoles = (userId: string, roles: string[]) => env.sql(`UPDATE users SET roles = $1::"Role"[] WHERE id = $2`, [['competitor', ...roles], userId]);
  const count = async (table: string, where = 'true', params: unknown[] = []) => Number((await env.sql<{ n: string }>(`SELECT count(*) AS n FROM ${table} WHERE ${where}`, params))[0].n);
  const reason = 'abusive language at the table';
  const challengeOf = async (tableId: string) => (await prisma.challengeTable.findUniqueOrThrow({ where: { id: tableId } })).challengeId;
  const viewOf = async (gameId: string) => (await api.http().get(`/api/games/${gameId}/view`)).body as { view: { version: number; turn: number } };

  describe('1. staff who play file no conduct violation against anyone in their running challenge, however the request names it', () => {
    it('a director seated in a challenge bans the opponent at their own table without naming the challenge or the game: 403 OWN_CHALLENGE, no violation, no audit entry, the opponent plays on', async () => {
      const { tableId, gameId, players } = await tableWithGame(api);
      const challengeId = await challengeOf(tableId);
      const v0 = (await viewOf(gameId)).view;
      const opponent = players[v0.turn];
      const director = players.find((p) => p.id !== opponent.id)!;
      await setRoles(director.id, ['director']);
      await directCity(api, director.id, { challengeId });
      const before = { violations: await count('conduct_violations'), sanctions: await count('conduct_sanctions'), audit: await count('audit_log') };

      for (const sanctions of [[{ kind: 'ban' }], [{ kind: 'suspension', hours: 24 * 7 }], [{ kind: 'chat_restriction' }]]) {
        const res = await api.http().post('/api/conduct/violations').set(as(director)).send({ userId: opponent.id, reason, sanctions });
        expect([res.status, res.body.code, res.body.details]).toEqual([403, 'OWN_CHALLENGE', { challengeId }]);
      }
      expect({ violations: await count('conduct_violations'), sanctions: await count('conduct_sanctions'), audit: await count('audit_log') }).toEqual(before);
      expect((await prisma.user.findUniqueOrThrow({ where: { id: opponent.id } })).status).toBe('active');
      const move = await api.http().post(`/api/games/${gameId}/actions`).set(as(opponent)).send({ type: 'play', tile: '6-6', version: v0.version });
      expect([move.status, move.body.applied]).toEqual([200, true]);
    });

    it('a playing director cannot lift the opponent\'s sanction an independent director imposed without naming the challenge either; players outside the challenge, and the challenge once over, are theirs to sanction', async () => {
      const { tableId, gameId, players } = await tableWithGame(api);
      const challengeId = await challengeOf(tableId);
      const [playing, opponent] = players;
      await setRoles(playing.id, ['director']);
      const cityId = await directCity(api, playing.id, { challengeId });
      const independent = await api.user({ roles: ['director'] });
      await directCity(api, independent.id, { challengeId });
      // Issue 36: a director's sanction is tied to a challenge or game of their city the player takes part in (here the game).
      const filed = await api.http().post('/api/conduct/violations').set(as(independent)).send({ userId: opponent.id, reason, gameId, sanctions: [{ kind: 'chat_restriction', hours: 24 }] });
      expect(filed.status).toBe(201);
      const sanctionId = (filed.body.sanctions as Body[])[0].id as string;
      const revoke = await api.http().post(`/api/conduct/sanctions/${sanctionId}/revoke`).set(as(playing)).send({ reason: 'my opponent did nothing' });
      expect([revoke.status, revoke.body.code, revoke.body.details]).toEqual([403, 'OWN_CHALLENGE', { challengeId }]);
      expect((await prisma.conductSanction.findUniqueOrThrow({ where: { id: sanctionId } })).revokedAt).toBeNull();

      // Players outside the challenge: through another challenge of the director's city that they take part in (issue 36).
      const t = new Date();
      const next = await prisma.challenge.create({
        data: { cityId, localDate: '2027-06-05', startsAt: t, registrationOpensAt: t, checkInOpensAt: t, checkInClosesAt: t, status: 'check_in_closed', prizePoolCents: 50_000, prizeSplit: { first: 5000, second: 3000, thirdFourthEach: 1000 } },
      });
      const outsider = await api.user();
      await prisma.registration.createMany({ data: [{ challengeId: next.id, userId: outsider.id, status: 'registered', position: 1 }, { challengeId: next.id, userId: opponent.id, status: 'registered', position: 2 }] });
      const elsewhere = await api.http().post('/api/conduct/violations').set(as(playing)).send({ userId: outsider.id, reason, challengeId: next.id, sanctions: [{ kind: 'chat_restriction', hours: 24 }] });
      expect(elsewhere.status).toBe(201);
      await prisma.challenge.update({ where: { id: challengeId }, data: { status: 'completed' } });
      const after = await api.http().post('/api/conduct/violations').set(as(playing)).send({ userId: opponent.id, reason, challengeId: next.id, sanctions: [{ kind: 'chat_restriction', hours: 24 }] });
      expect(after.status).toBe(201);
    });
  });

  describe('2. directors act only in the cities an admin assigned them', () => {
    const otherCity = async () => {
      const fx = await tableWithGame(api);
      const challengeId = await challengeOf(fx.tableId);
      const cityId = (await prisma.challenge.findUniqueOrThrow({ where: { id: challengeId } })).cityId;
      const upcoming = await prisma.challenge.create({
        data: {
          cityId,
          localDate: '2027-06-05',
          startsAt: new Date(Date.now() + 30 * 86_400_000),
          registrationOpensAt: new Date(Date.now() + 20 * 86_400_000),
          checkInOpensAt: new Date(Date.now() + 29 * 86_400_000),
          checkInClosesAt: new Date(Date.now() + 29.5 * 86_400_000),
          status: 'scheduled',
          prizePoolCents: 50_000,
          prizeSplit: { first: 5000, second: 3000, thirdFourthEach: 1000 },
        },
      });
      return { ...fx, challengeId, cityId, upcomingId: upcoming.id };
    };
    const homeDirector = async () => {
      const director = await api.user({ roles: ['director'] });
      const home = await prisma.city.create({ data: { name: 'Home City', slug: `home-${Math.random().toString(36).slice(2, 10)}`, timeZone: 'America/Chicago', region: 'south', tier: 'T1' } });
      await directCity(api, director.id, { cityId: home.id });
      return { director, homeId: home.id };
    };

    it('a director of another city changes neither the prize pool (PATCH) nor a running game (void): 403 NOT_YOUR_CITY, nothing changed; once assigned, both go through', async () => {
      const fx = await otherCity();
      const { director } = await homeDirector();
      const auditBefore = await count('audit_log');
      const patch = await api.http().patch(`/api/challenges/${fx.upcomingId}`).set(as(director)).send({ prizePoolCents: 1, reason: 'my friend plays there' });
      expect([patch.status, patch.body.code, patch.body.details]).toEqual([403, 'NOT_YOUR_CITY', { cityId: fx.cityId }]);
      const game0 = await prisma.game.findUniqueOrThrow({ where: { id: fx.gameId }, select: { status: true, version: true } });
      const voided = await api.http().post(`/api/tables/${fx.tableId}/void`).set(as(director)).send({ reason: 'replay it' });
      expect([voided.status, voided.body.code, voided.body.details]).toEqual([403, 'NOT_YOUR_CITY', { cityId: fx.cityId }]);
      expect((await prisma.challenge.findUniqueOrThrow({ where: { id: fx.upcomingId } })).prizePoolCents).toBe(50_000);
      expect(await prisma.game.findUniqueOrThrow({ where: { id: fx.gameId }, select: { status: true, version: true } })).toEqual(game0);
      expect(await prisma.game.count({ where: { tableId: fx.tableId } })).toBe(1);
      expect(await count('audit_log')).toBe(auditBefore);

      const admin = await api.user({ roles: ['admin'] });
      expect((await api.http().put(`/api/admin/directors/${director.id}/cities/${fx.cityId}`).set(as(admin)).send({ reason: 'covers this city now' })).status).toBe(200);
      const ok = await api.http().patch(`/api/challenges/${fx.upcomingId}`).set(as(director)).send({ prizePoolCents: 60_000, reason: 'sponsor' });
      expect([ok.status, ok.body.prizePoolCents]).toEqual([200, 60_000]);
      expect((await api.http().post(`/api/tables/${fx.tableId}/void`).set(as(director)).send({ reason: 'replay it' })).status).toBe(200);
    });

    it('every other director act in another city is 403 NOT_YOUR_CITY and changes nothing; an admin acts everywhere', async () => {
      const fx = await otherCity();
      const { director } = await homeDirector();
      const seats = await prisma.tableSeat.findMany({ where: { tableId: fx.tableId }, orderBy: { seat: 'asc' } });
      const filed = await api.http().post('/api/conduct/violations').set(as(await api.user({ roles: ['admin'] }))).send({ userId: fx.players[2].id, reason, challengeId: fx.challengeId, sanctions: [{ kind: 'chat_restriction', hours: 24 }] });
      expect(filed.status).toBe(201);
      const acts: [string, 'post' | 'patch', string, Body][] = [
        ['create a challenge', 'post', `/api/cities/${fx.cityId}/challenges`, { localDate: '2027-06-12' }],
        ['change the tier', 'patch', `/api/challenges/${fx.upcomingId}`, { tier: 'T3', reason: 'upgrade' }],
        ['change the city', 'patch', `/api/cities/${fx.cityId}`, { tier: 'T2', reason: 'upgrade' }],
        ['start a season', 'post', `/api/cities/${fx.cityId}/seasons`, { startDate: '2027-01-09' }],
        ['cancel', 'post', `/api/challenges/${fx.challengeId}/cancel`, { reason }],
        ['disqualify', 'post', `/api/challenges/${fx.challengeId}/disqualifications`, { userId: fx.players[1].id, reason }],
        ['correct', 'post', `/api/tables/${fx.tableId}/result`, { order: seats.map((s) => s.userId), reason }],
        ['conduct at the challenge', 'post', '/api/conduct/violations', { userId: fx.players[1].id, reason, challengeId: fx.challengeId, sanctions: [{ kind: 'suspension', hours: 24 }] }],
        ['conduct about its game', 'post', '/api/conduct/violations', { userId: fx.players[1].id, reason, gameId: fx.gameId, sanctions: [{ kind: 'chat_restriction', hours: 24 }] }],
        ['revoke a sanction there', 'post', `/api/conduct/sanctions/${(filed.body.sanctions as Body[])[0].id}/revoke`, { reason: 'lift it' }],
      ];
      const snapshot = async () => ({
        challenges: await prisma.challenge.findMany({ where: { cityId: fx.cityId }, select: { id: true, status: true, tier: true, prizePoolCents: true }, orderBy: { id: 'asc' } }),
        city: await prisma.city.findUniqueOrThrow({ where: { id: fx.cityId }, select: { tier: true } }),
        seasons: await prisma.season.count({ where: { cityId: fx.cityId } }),
        table: await prisma.challengeTable.findUniqueOrThrow({ where: { id: fx.tableId }, select: { status: true, result: true } }),
        registrations: await prisma.registration.count({ where: { disqualifiedAt: { not: null } } }),
        violations: await count('conduct_violations'),
        sanctions: await prisma.conductSanction.findMany({ select: { id: true, revokedAt: true }, orderBy: { id: 'asc' } }),
        audit: await count('audit_log'),
      });
      const before = await snapshot();
      for (const [what, method, url, body] of acts) {
        const res = await api.http()[method](url).set(as(director)).send(body);
        expect([what, res.status, res.body.code]).toEqual([what, 403, 'NOT_YOUR_CITY']);
      }
      expect(await snapshot()).toEqual(before);
      const admin = await api.user({ roles: ['admin'] });
      expect((await api.http().post(`/api/tables/${fx.tableId}/void`).set(as(admin)).send({ reason: 'replay it' })).status).toBe(200);
    });

    it('the audit log: a director reads their cities\' entries only; another city\'s challenge is 403 NOT_YOUR_CITY', async () => {
      const fx = await otherCity();
      const { director, homeId } = await homeDirector();
      const admin = await api.user({ roles: ['admin'] });
      await api.http().patch(`/api/challenges/${fx.upcomingId}`).set(as(admin)).send({ prizePoolCents: 70_000, reason: 'sponsor' }).expect(200);
      await api.http().patch(`/api/cities/${homeId}`).set(as(director)).send({ tier: 'T2', reason: 'sponsor' }).expect(200);
      const other = await api.http().get('/api/admin/audit-log').query({ entityType: 'challenge', entityId: fx.upcomingId }).set(as(director));
      expect([other.status, other.body.code]).toEqual([403, 'NOT_YOUR_CITY']);
      const all = await api.http().get('/api/admin/audit-log').query({ limit: 200 }).set(as(director));
      expect(all.status).toBe(200);
      const ids = (all.body as Body[]).map((e) => e.entityId as string);
      expect(ids).toContain(homeId);
      expect(ids).not.toContain(fx.upcomingId);
      expect(ids).not.toContain(fx.cityId);
      const adminRead = await api.http().get('/api/admin/audit-log').query({ entityType: 'challenge', entityId: fx.upcomingId }).set(as(admin));
      expect((adminRead.body as Body[]).map((e) => e.action)).toContain('challenge.updated');
    });

    it('an admin assigns and unassigns a director\'s city, each audited once; GET /api/me tells the director their cities; a non-admin cannot assign (403)', async () => {
      const admin = await api.user({ roles: ['admin'] });
      const director = await api.user({ roles: ['director'] });
      const competitor = await api.user();
      const city = await prisma.city.create({ data: { name: 'Assigned City', slug: `assigned-${Math.random().toString(36).slice(2, 10)}`, timeZone: 'America/Chicago', region: 'south', tier: 'T1' } });
      const url = `/api/admin/directors/${director.id}/cities/${city.id}`;
      const entries = () => env.sql<{ action: string; actor_id: string; reason: string | null; data: Body }>(`SELECT action, actor_id, reason, data FROM audit_log WHERE entity_type = 'user' AND entity_id = $1 ORDER BY created_at, id`, [director.id]);

      for (const who of [director, competitor]) {
        const res = await api.http().put(url).set(as(who)).send({ reason: 'let me in' });
        expect([res.status, res.body.code]).toEqual([403, 'FORBIDDEN']);
      }
      expect(await count('director_cities', 'user_id = $1', [director.id])).toBe(0);
      expect(await entries()).toEqual([]);

      const notDirector = await api.http().put(`/api/admin/directors/${competitor.id}/cities/${city.id}`).set(as(admin)).send({});
      expect([notDirector.status, notDirector.body.code]).toEqual([409, 'NOT_A_DIRECTOR']);

      const assigned = await api.http().put(url).set(as(admin)).send({ reason: 'runs Saturdays there' });
      expect(assigned.status).toBe(200);
      expect(assigned.body).toEqual([expect.objectContaining({ cityId: city.id, name: 'Assigned City', assignedById: admin.id })]);
      await api.http().put(url).set(as(admin)).send({}).expect(200);
      expect(await entries()).toEqual([{ action: 'director.city.assigned', actor_id: admin.id, reason: 'runs Saturdays there', data: { cityId: city.id } }]);
      const me = await api.http().get('/api/me').set(as(director));
      expect(me.body.directorCities).toEqual([{ id: city.id, name: 'Assigned City' }]);
      const listed = await api.http().get('/api/admin/directors').set(as(admin));
      expect((listed.body as Body[]).find((d) => d.userId === director.id)?.cities.map((c: Body) => c.cityId)).toEqual([city.id]);

      const removed = await api.http().delete(url).set(as(admin)).send({ reason: 'moved away' });
      expect([removed.status, removed.body]).toEqual([200, []]);
      expect((await entries()).map((e) => e.action)).toEqual(['director.city.assigned', 'director.city.unassigned']);
      expect((await api.http().get('/api/me').set(as(director))).body.directorCities).toEqual([]);
    });
  });

  describe('3. the review board is independent of its own cases', () => {
    /** A case about `subject` with a game; returns the people in each conflict. */
    const caseWithConflicts = async () => {
      const { gameId, players } = await tableWithGame(api);
      const [subject, , played] = players;
      const reporter = await api.user({ roles: ['reviewer'] });
      // The subject is a reviewer: only an admin decides a case or an appeal about staff (issue 36), so the
      // board members who do are admins on the board.
      const board = await api.user({ roles: ['reviewer', 'admin'] });
      const other = await api.user({ roles: ['reviewer', 'admin'] });
      await setRoles(subject.id, ['reviewer']);
      await setRoles(played.id, ['reviewer']);
      const reported = await api.http().post('/api/reports').set(as(reporter)).send({ subjectId: subject.id, category: 'cheating', description: 'always knows what I hold' });
      expect(reported.status).toBe(201);
      const caseId = (await prisma.integrityReport.findUniqueOrThrow({ where: { id: reported.body.id } })).caseId!;
      // The game the case is about, added as the board would (evidence naming it).
      await api.http().post(`/api/integrity/cases/${caseId}/evidence`).set(as(board)).send({ kind: 'video_request', gameId, description: 'the table camera, round 1' }).expect(201);
      return { caseId, gameId, subject, reporter, played, board, other };
    };
    const written = async (caseId: string) => ({
      notes: await prisma.integrityCaseNote.count({ where: { caseId } }),
      evidence: await prisma.integrityEvidence.count({ where: { caseId } }),
      decisions: await prisma.integrityDecision.count({ where: { caseId } }),
      participants: await prisma.integrityCaseParticipant.count({ where: { caseId } }),
      case: await prisma.integrityCase.findUniqueOrThrow({ where: { id: caseId }, select: { assignedToId: true, status: true } }),
      audit: await count('audit_log'),
    });

    it.each([
      ['the subject of the case', 'subject', 'party'],
      ['the reviewer whose report opened it', 'reporter', 'reporter'],
      ['a reviewer who played in its game', 'played', 'played'],
    ] as const)('%s: reading it as the board, noting, adding evidence, assigning, being assigned and deciding are 403 NOT_INDEPENDENT, nothing written', async (_who, key, reasonCode) => {
      const fx = await caseWithConflicts();
      const me = fx[key];
      const before = await written(fx.caseId);
      const acts: [string, () => Promise<{ status: number; body: Body }>][] = [
        ['read detail', () => api.http().get(`/api/integrity/cases/${fx.caseId}`).set(as(me))],
        ['note', () => api.http().post(`/api/integrity/cases/${fx.caseId}/notes`).set(as(me)).send({ body: 'nothing to see here' })],
        ['evidence', () => api.http().post(`/api/integrity/cases/${fx.caseId}/evidence`).set(as(me)).send({ kind: 'video_request', description: 'someone else\'s camera' })],
        ['assign another', () => api.http().post(`/api/integrity/cases/${fx.caseId}/assign`).set(as(me)).send({ reviewerId: fx.other.id })],
        ['be assigned', () => api.http().post(`/api/integrity/cases/${fx.caseId}/assign`).set(as(fx.board)).send({ reviewerId: me.id })],
        ['decide', () => api.http().post(`/api/integrity/cases/${fx.caseId}/decisions`).set(as(me)).send({ userId: fx.subject.id, finding: key === 'subject' ? 'no_violation' : 'minor', reason: 'my call' })],
      ];
      for (const [what, act] of acts) {
        const res = await act();
        expect([what, res.status, res.body.code]).toEqual([what, 403, 'NOT_INDEPENDENT']);
        expect([what, res.body.details.reasons]).toEqual([what, expect.arrayContaining([reasonCode])]);
        expect(JSON.stringify(res.body)).not.toContain('video_request');
      }
      expect(await written(fx.caseId)).toEqual(before);
      // The board itself goes on: an independent reviewer reads and decides.
      expect((await api.http().get(`/api/integrity/cases/${fx.caseId}`).set(as(fx.other))).status).toBe(200);
    });

    it('the subject who is a reviewer sees their case only as a player: not in the queue, not its reports; /me/cases without notes or evidence', async () => {
      const fx = await caseWithConflicts();
      await api.http().post(`/api/integrity/cases/${fx.caseId}/notes`).set(as(fx.board)).send({ body: 'secret: compare with the reporter\'s seat' }).expect(201);
      const queue = await api.http().get('/api/integrity/cases').query({ limit: 200 }).set(as(fx.subject));
      expect(queue.status).toBe(200);
      expect((queue.body as Body[]).map((c) => c.id)).not.toContain(fx.caseId);
      const reports = await api.http().get('/api/integrity/reports').query({ subjectId: fx.subject.id }).set(as(fx.subject));
      expect([reports.status, reports.body]).toEqual([200, []]);
      const mine = await api.http().get('/api/me/cases').set(as(fx.subject));
      expect((mine.body as Body[]).map((c) => c.id)).toContain(fx.caseId);
      expect(JSON.stringify(mine.body)).not.toMatch(/secret|video_request|linked/);
    });

    it('the reviewer who decided a case cannot decide its appeal, nor can its reporter or subject: 403 NOT_INDEPENDENT, the appeal stays pending', async () => {
      const fx = await caseWithConflicts();
      const decided = await api.http().post(`/api/integrity/cases/${fx.caseId}/decisions`).set(as(fx.board)).send({ userId: fx.subject.id, finding: 'minor', reason: 'agreement with hidden information' });
      expect(decided.status).toBe(201);
      const appeal = await api.http().post('/api/appeals').set(as(fx.subject)).send({ decisionId: decided.body.id, statement: 'I count the tiles played.' });
      expect(appeal.status).toBe(201);
      for (const [who, code] of [[fx.board, 'decided'], [fx.reporter, 'reporter'], [fx.subject, 'party'], [fx.played, 'played']] as const) {
        const res = await api.http().post(`/api/integrity/appeals/${appeal.body.id}/decision`).set(as(who)).send({ outcome: 'overturned', reason: 'I know best' });
        expect([code, res.status, res.body.code]).toEqual([code, 403, 'NOT_INDEPENDENT']);
        expect(res.body.details.reasons).toContain(code);
      }
      expect((await prisma.integrityAppeal.findUniqueOrThrow({ where: { id: appeal.body.id } })).status).toBe('pending');
      expect((await prisma.user.findUniqueOrThrow({ where: { id: fx.subject.id } })).status).toBe('suspended');
      const ok = await api.http().post(`/api/integrity/appeals/${appeal.body.id}/decision`).set(as(fx.other)).send({ outcome: 'upheld', reason: 'the evidence stands' });
      expect(ok.status).toBe(200);
    });
  });
});
