import { PrismaService } from '@dcs/common';
import { startApi, TestApi } from './support/api';
import { directCity, tableWithGame } from './support/fixtures';
import { createTestEnv, TestEnv } from './support/test-env';

/** SPEC 7: a member of staff may compete, but never directs a challenge or reviews a case they play in. */
describe('staff who play: no directing their own challenge, no reviewing their own game', () => {
  let env: TestEnv;
  let api: TestApi;
  let prisma: PrismaService;

  beforeAll(async () => {
    env = await createTestEnv('conflicts');
    api = await startApi(env);
    prisma = api.app.get(PrismaService);
  });
  afterAll(async () => {
    await api.close();
    await env.drop();
  });

  const as = (u: { token: string }) => ({ Authorization: `Bearer ${u.token}` });
  const setRoles = (userId: string, roles: string[]) => env.sql(`UPDATE users SET roles = $1::"Role"[] WHERE id = $2`, [['competitor', ...roles], userId]);
  const reason = 'seen from the next table';

  const notIndependent = (because: string) => (res: { status: number; body: { code?: string; details?: unknown } }) =>
    expect([res.status, res.body.code, res.body.details]).toEqual([403, 'NOT_INDEPENDENT', { reasons: [because] }]);
  /**
   * The case's reviewing, with `conflicted` refused every part of it for only `because`: being assigned the
   * case, deciding it, deciding its appeal (nothing written); the board decides, an independent reviewer the appeal.
   */
  const refusedReviewing = async (caseId: string, subject: { id: string; token: string }, board: { token: string }, conflicted: { id: string; token: string }, because: string) => {
    const refused = notIndependent(because);
    refused(await api.http().post(`/api/integrity/cases/${caseId}/assign`).set(as(board)).send({ reviewerId: conflicted.id }));
    refused(await api.http().post(`/api/integrity/cases/${caseId}/decisions`).set(as(conflicted)).send({ userId: subject.id, finding: 'major', reason: 'my own call' }));
    expect(await prisma.integrityDecision.count({ where: { caseId } })).toBe(0);
    expect((await prisma.integrityCase.findUniqueOrThrow({ where: { id: caseId } })).assignedToId).toBeNull();

    const decided = await api.http().post(`/api/integrity/cases/${caseId}/decisions`).set(as(board)).send({ userId: subject.id, finding: 'minor', reason: 'agreement with hidden information' });
    expect(decided.status).toBe(201);
    const appeal = await api.http().post('/api/appeals').set(as(subject)).send({ decisionId: decided.body.id, statement: 'I simply count the tiles played.' });
    expect(appeal.status).toBe(201);
    refused(await api.http().post(`/api/integrity/appeals/${appeal.body.id}/decision`).set(as(conflicted)).send({ outcome: 'overturned', reason: 'I was there' }));
    expect((await prisma.integrityAppeal.findUniqueOrThrow({ where: { id: appeal.body.id } })).status).toBe('pending');
    const appealsReviewer = await api.user({ roles: ['reviewer'] });
    const ok = await api.http().post(`/api/integrity/appeals/${appeal.body.id}/decision`).set(as(appealsReviewer)).send({ outcome: 'upheld', reason: 'the evidence stands' });
    expect([ok.status, ok.body.status]).toEqual([200, 'upheld']);
  };

  /** Every director act on a challenge and its table, as [what, url, body]. */
  const overrides = async (challengeId: string, tableId: string, gameId: string, other: string) => {
    const seats = await prisma.tableSeat.findMany({ where: { tableId }, orderBy: { seat: 'asc' } });
    return [
      ['cancel', `/api/challenges/${challengeId}/cancel`, { reason }],
      ['disqualify', `/api/challenges/${challengeId}/disqualifications`, { userId: other, reason }],
      ['void', `/api/tables/${tableId}/void`, { reason }],
      ['correct', `/api/tables/${tableId}/result`, { order: seats.map((s) => s.userId), reason }],
      ['conduct: tournament disqualification', '/api/conduct/violations', { userId: other, reason, sanctions: [{ kind: 'tournament_disqualification', challengeId }] }],
      ['conduct: prize forfeiture', '/api/conduct/violations', { userId: other, reason, sanctions: [{ kind: 'prize_forfeiture', challengeId }] }],
      ['conduct: about a game of the challenge', '/api/conduct/violations', { userId: other, reason, gameId, sanctions: [{ kind: 'chat_restriction', hours: 24 }] }],
      ['conduct: naming the challenge', '/api/conduct/violations', { userId: other, reason, challengeId, sanctions: [{ kind: 'suspension', hours: 24 }] }],
    ] as const;
  };
  /** What any of those acts would change. */
  const snapshot = async (challengeId: string, tableId: string, gameId: string) => ({
    challenge: (await prisma.challenge.findUniqueOrThrow({ where: { id: challengeId } })).status,
    table: (await prisma.challengeTable.findUniqueOrThrow({ where: { id: tableId } })).status,
    game: await prisma.game.findUniqueOrThrow({ where: { id: gameId }, select: { status: true, version: true } }),
    games: await prisma.game.count({ where: { tableId } }),
    violations: await prisma.conductViolation.count(),
    sanctions: await prisma.conductSanction.count(),
    audit: await prisma.auditLog.count(),
    users: await prisma.user.findMany({ select: { id: true, status: true, suspendedUntil: true }, orderBy: { id: 'asc' } }),
  });

  it.each([[['director']], [['admin']], [['director', 'reviewer']]])('%j seated at a table of the challenge: every override on it is 403 OWN_CHALLENGE, changing nothing', async (roles) => {
    const { tableId, gameId, players } = await tableWithGame(api);
    const challengeId = (await prisma.challengeTable.findUniqueOrThrow({ where: { id: tableId } })).challengeId;
    const staff = players[0];
    await setRoles(staff.id, roles);
    const before = await snapshot(challengeId, tableId, gameId);
    for (const [what, url, body] of await overrides(challengeId, tableId, gameId, players[1].id)) {
      const res = await api.http().post(url).set(as(staff)).send(body);
      expect([what, res.status, res.body.code, res.body.details]).toEqual([what, 403, 'OWN_CHALLENGE', { challengeId }]);
      expect(res.body.message).toMatch(/you play in this challenge/i);
    }
    expect(await snapshot(challengeId, tableId, gameId)).toEqual(before);
  });

  it('a director registered in a challenge (not yet seated) may not cancel it; a director who does not play may', async () => {
    const { tableId } = await tableWithGame(api);
    const challengeId = (await prisma.challengeTable.findUniqueOrThrow({ where: { id: tableId } })).challengeId;
    const entered = await api.user({ roles: ['director'] });
    const waitlisted = await api.user({ roles: ['admin'] });
    const withdrawn = await api.user({ roles: ['director'] });
    await directCity(api, withdrawn.id, { challengeId });
    await prisma.registration.createMany({
      data: [
        { challengeId, userId: entered.id, status: 'registered', position: 1 },
        { challengeId, userId: waitlisted.id, status: 'waitlisted', position: 2 },
        { challengeId, userId: withdrawn.id, status: 'withdrawn', position: 3, withdrawnAt: new Date() },
      ],
    });
    for (const u of [entered, waitlisted]) {
      const res = await api.http().post(`/api/challenges/${challengeId}/cancel`).set(as(u)).send({ reason });
      expect([res.status, res.body.code]).toEqual([403, 'OWN_CHALLENGE']);
    }
    expect((await prisma.challenge.findUniqueOrThrow({ where: { id: challengeId } })).status).toBe('running');
    // A withdrawn registration is no longer playing.
    const res = await api.http().post(`/api/challenges/${challengeId}/cancel`).set(as(withdrawn)).send({ reason });
    expect(res.status).toBe(200);
    expect((await prisma.challenge.findUniqueOrThrow({ where: { id: challengeId } })).status).toBe('cancelled');
  });

  it('a director who plays cannot revoke a sanction of their own challenge that an independent director imposed', async () => {
    const { tableId, gameId, players } = await tableWithGame(api);
    const challengeId = (await prisma.challengeTable.findUniqueOrThrow({ where: { id: tableId } })).challengeId;
    const independent = await api.user({ roles: ['director'] });
    await directCity(api, independent.id, { challengeId });
    const filed = await api.http().post('/api/conduct/violations').set(as(independent)).send({ userId: players[1].id, reason, gameId, sanctions: [{ kind: 'chat_restriction', hours: 24 }] });
    expect(filed.status).toBe(201);
    await setRoles(players[0].id, ['director']);
    const sanctionId = (filed.body.sanctions as { id: string }[])[0].id;
    const res = await api.http().post(`/api/conduct/sanctions/${sanctionId}/revoke`).set(as(players[0])).send({ reason: 'my friend did nothing' });
    expect([res.status, res.body.code, res.body.details]).toEqual([403, 'OWN_CHALLENGE', { challengeId }]);
    expect((await prisma.conductSanction.findUniqueOrThrow({ where: { id: sanctionId } })).revokedAt).toBeNull();
    const ok = await api.http().post(`/api/conduct/sanctions/${sanctionId}/revoke`).set(as(independent)).send({ reason: 'filed against the wrong player' });
    expect(ok.status).toBe(200);
  });

  it('a reviewer who played in a case\'s game can neither be assigned it, decide it, nor decide its appeal: 403 NOT_INDEPENDENT (played)', async () => {
    const { gameId, players } = await tableWithGame(api);
    const [playingReviewer, subject] = players;
    await setRoles(playingReviewer.id, ['reviewer', 'admin']);
    const board = await api.user({ roles: ['reviewer'] });
    const opened = await api.http().post('/api/integrity/cases').set(as(board)).send({ subjectIds: [subject.id], summary: 'plays as if they see the tiles', gameIds: [gameId] });
    expect(opened.status).toBe(201);
    await refusedReviewing(opened.body.id, subject, board, playingReviewer, 'played');
  });

  it('a case joined through a report naming the reviewer\'s game counts too', async () => {
    const { gameId, players } = await tableWithGame(api);
    await setRoles(players[2].id, ['reviewer']);
    const reported = await api.http().post('/api/reports').set(as(players[3])).send({ subjectId: players[1].id, gameId, category: 'cheating', description: 'always knows what I hold' });
    expect(reported.status).toBe(201);
    const caseId = (await prisma.integrityReport.findUniqueOrThrow({ where: { id: reported.body.id } })).caseId;
    const decide = await api.http().post(`/api/integrity/cases/${caseId}/decisions`).set(as(players[2])).send({ userId: players[1].id, finding: 'no_violation', reason: 'nothing to see' });
    expect([decide.status, decide.body.code]).toEqual([403, 'NOT_INDEPENDENT']);
  });

  it('a reviewer linked to a case\'s player (one device) is shown as conflicted and refused opening it, being assigned it, deciding it and its appeal: 403 NOT_INDEPENDENT (linked)', async () => {
    const { gameId, players } = await tableWithGame(api);
    const subject = players[1];
    const board = await api.user({ roles: ['reviewer'] });
    const linked = await api.user({ roles: ['reviewer'] });
    const sameAddress = await api.user({ roles: ['reviewer'] });
    await prisma.userSession.createMany({
      data: [
        { userId: linked.id, fingerprintHash: 'cd'.repeat(32), ip: '10.2.0.7', source: 'login' },
        { userId: subject.id, fingerprintHash: 'cd'.repeat(32), ip: '10.2.0.8', source: 'login' },
        // A shared address alone is not a link (households, cafés).
        { userId: sameAddress.id, fingerprintHash: 'ce'.repeat(32), ip: '10.2.0.8', source: 'login' },
      ],
    });
    const linkedOnly = notIndependent('linked');
    const open = (who: { token: string }) => api.http().post('/api/integrity/cases').set(as(who)).send({ subjectIds: [subject.id], summary: 'plays as if they see the tiles', gameIds: [gameId] });

    linkedOnly(await open(linked));
    expect(await prisma.integrityCase.count({ where: { subjectIds: { has: subject.id } } })).toBe(0);
    const opened = await open(board);
    expect(opened.status).toBe(201);
    const caseId = opened.body.id as string;

    // The case page shows the linked reviewer the refusal with its reason; a shared address alone reads it.
    const page = await api.http().get(`/api/integrity/cases/${caseId}`).set(as(linked));
    linkedOnly(page);
    expect(page.body.message).toMatch(/not independent of this case \(linked\)/);
    expect((await api.http().get(`/api/integrity/cases/${caseId}`).set(as(sameAddress))).status).toBe(200);
    // Opening it again is refused as a conflict, not answered with the open case's id.
    linkedOnly(await open(linked));
    await refusedReviewing(caseId, subject, board, linked, 'linked');
  });

  it('a reviewer whose report opened a player\'s case may not open another about the player: 403 NOT_INDEPENDENT (reporter), not the case\'s id', async () => {
    const { gameId, players } = await tableWithGame(api);
    const reporter = await api.user({ roles: ['reviewer'] });
    await api.http().post('/api/reports').set(as(reporter)).send({ subjectId: players[1].id, gameId, category: 'cheating', description: 'always knows what I hold' }).expect(201);
    notIndependent('reporter')(await api.http().post('/api/integrity/cases').set(as(reporter)).send({ subjectIds: [players[1].id], summary: 'knew my hand' }));
    expect(await prisma.integrityCase.count({ where: { subjectIds: { has: players[1].id } } })).toBe(1);
  });

  it('a reviewer who is a case\'s player does not read it in the audit log either (raw or in words); an independent reviewer does', async () => {
    const { gameId, players } = await tableWithGame(api);
    const [board, playing] = [await api.user({ roles: ['reviewer'] }), await api.user({ roles: ['reviewer'] })];
    await setRoles(players[1].id, ['reviewer']);
    const player = { id: players[1].id, token: await api.tokenOf(players[1].id) };
    const opened = await api.http().post('/api/integrity/cases').set(as(board)).send({ subjectIds: [player.id], gameIds: [gameId], summary: 'always follows the strongest suit unseen' });
    expect(opened.status).toBe(201);
    const caseId = opened.body.id as string;
    await api.http().post(`/api/integrity/cases/${caseId}/notes`).set(as(board)).send({ body: 'watch the third hand' }).expect(201);
    const raw = async (u: { token: string }) => ((await api.http().get('/api/admin/audit-log?limit=200').set(as(u)).expect(200)).body as { entityId: string }[]).filter((e) => e.entityId === caseId);
    const named = async (u: { token: string }) => ((await api.http().get(`/api/admin/audit-log/named?limit=100&entityId=${caseId}`).set(as(u)).expect(200)).body.entries as unknown[]).length;
    expect((await raw(board)).length).toBeGreaterThanOrEqual(2);
    expect((await raw(playing)).length).toBeGreaterThanOrEqual(2);
    expect(await named(playing)).toBeGreaterThanOrEqual(2);
    expect(await raw(player)).toEqual([]);
    expect(await named(player)).toBe(0);
  });
});
