import { INestApplicationContext } from '@nestjs/common';
import { Queue, QueueEvents } from 'bullmq';
import { bullConnection, Clock, FakeClock, JOBS, PrismaService, QUEUES } from '@dcs/common';
import { PenaltyEffects } from '@dcs/tournament';
import { createWorker } from '../apps/worker/src/setup';
import { startApi, TestApi } from './support/api';
import { directCity, tableWithGame } from './support/fixtures';
import { eventually } from './support/temp-redis';
import { createTestEnv, TestEnv } from './support/test-env';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const DAY = 86_400_000;

describe('the review board: cases, the penalty ladder, appeals and reports', () => {
  let env: TestEnv;
  let api: TestApi;
  let prisma: PrismaService;
  let fake: FakeClock;
  let reviewer: { id: string; token: string };
  let independent: { id: string; token: string };
  let cityId: string;
  let seasonId: string;
  let openChallengeId: string;
  const auth = (t: { token: string }) => ({ Authorization: `Bearer ${t.token}` });

  beforeAll(async () => {
    env = await createTestEnv('integrity');
    api = await startApi(env, env.config({ REPORT_RATE_LIMIT: '4', APPEAL_SWEEP_INTERVAL_MS: '3600000' }));
    prisma = api.app.get(PrismaService);
    // The board's clock is replaced by a fake one that starts at the real time and moves only when told.
    fake = new FakeClock(new Date());
    jest.spyOn(api.app.get(Clock, { strict: false }), 'now').mockImplementation(() => fake.now());
    reviewer = await api.user({ roles: ['reviewer'] });
    independent = await api.user({ roles: ['reviewer'] });
    const city = await prisma.city.create({ data: { name: 'Board City', slug: 'board-city', timeZone: 'America/New_York', region: 'south', tier: 'T1' } });
    cityId = city.id;
    seasonId = (await prisma.season.create({ data: { cityId, number: 1, startDate: '2026-11-07', status: 'active' } })).id;
    const t = new Date();
    openChallengeId = (
      await prisma.challenge.create({
        data: { cityId, localDate: '2026-12-26', startsAt: new Date(t.getTime() + 5 * DAY), registrationOpensAt: new Date(t.getTime() - DAY), checkInOpensAt: new Date(t.getTime() + 4 * DAY), checkInClosesAt: new Date(t.getTime() + 4.9 * DAY), status: 'registration_open', prizePoolCents: 50_000, prizeSplit: { first: 5000, second: 3000, thirdFourthEach: 1000 }, seasonId, week: 2 },
      })
    ).id;
  });
  afterAll(async () => {
    await api.close();
    await env.drop();
  });

  /** A completed week-1 challenge of the season where `first` won ($250) and `second` came 2nd ($150). */
  async function completedChallenge(first: string, second: string, date: string): Promise<string> {
    const t = new Date();
    const c = await prisma.challenge.create({
      data: { cityId, localDate: date, startsAt: t, registrationOpensAt: t, checkInOpensAt: t, checkInClosesAt: t, status: 'completed', prizePoolCents: 50_000, prizeSplit: { first: 5000, second: 3000, thirdFourthEach: 1000 }, seasonId, week: 1 },
    });
    await prisma.placement.createMany({
      data: [
        { challengeId: c.id, userId: first, placement: '1', rankingPoints: 500, prizeCents: 25_000 },
        { challengeId: c.id, userId: second, placement: '2', rankingPoints: 350, prizeCents: 15_000 },
      ],
    });
    return c.id;
  }

  /** A challenge of the season open for registration, starting in `startsInDays` (check-in closes 0.1 day before). */
  async function pendingChallenge(localDate: string, capacity: number, startsInDays = 5): Promise<string> {
    const t = Date.now();
    const c = await prisma.challenge.create({
      data: {
        cityId, seasonId, week: 3, localDate, capacity, status: 'registration_open', prizePoolCents: 50_000, prizeSplit: { first: 5000, second: 3000, thirdFourthEach: 1000 },
        startsAt: new Date(t + startsInDays * DAY), registrationOpensAt: new Date(t - DAY), checkInOpensAt: new Date(t + (startsInDays - 1) * DAY), checkInClosesAt: new Date(t + (startsInDays - 0.1) * DAY),
      },
    });
    return c.id;
  }
  const registration = (challengeId: string, who: { token: string }) => api.http().get(`/api/challenges/${challengeId}/registration`).set(auth(who));
  const register = async (challengeId: string, who: { token: string }) => (await api.http().post(`/api/challenges/${challengeId}/registration`).set(auth(who)).expect(201)).body.status as string;

  const standings = async () => ((await api.http().get(`/api/cities/${cityId}/seasons/${seasonId}/standings`)).body as Body).items.map((r: Body) => [r.playerId, r.points]);
  const openCase = async (subject: string, summary = 'seen peeking at a final table') => {
    const res = await api.http().post('/api/integrity/cases').set(auth(reviewer)).send({ subjectIds: [subject], summary });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const decide = (caseId: string, userId: string, finding: string, who = reviewer) => api.http().post(`/api/integrity/cases/${caseId}/decisions`).set(auth(who)).send({ userId, finding, reason: 'the board reviewed the games and replays' });

  it('keeps competitors out of every reviewer endpoint and rejects bad input without changing anything', async () => {
    const player = await api.user();
    const caseId = await openCase(player.id);
    const attempts = [
      api.http().get('/api/integrity/cases').set(auth(player)),
      api.http().get(`/api/integrity/cases/${caseId}`).set(auth(player)),
      api.http().post('/api/integrity/cases').set(auth(player)).send({ subjectIds: [player.id], summary: 'x y z' }),
      api.http().post(`/api/integrity/cases/${caseId}/notes`).set(auth(player)).send({ body: 'hi' }),
      api.http().post(`/api/integrity/cases/${caseId}/decisions`).set(auth(player)).send({ userId: player.id, finding: 'no_violation', reason: 'mine' }),
      api.http().get('/api/integrity/appeals').set(auth(player)),
      api.http().get('/api/integrity/reports').set(auth(player)),
      api.http().post(`/api/integrity/cases/${caseId}/assign`).set(auth(player)).send({ reviewerId: player.id }),
      api.http().post(`/api/integrity/cases/${caseId}/evidence`).set(auth(player)).send({ kind: 'video_request', description: 'my own camera' }),
      api.http().post(`/api/integrity/appeals/${caseId}/decision`).set(auth(player)).send({ outcome: 'overturned', reason: 'mine' }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
    expect((await api.http().get('/api/integrity/cases')).body.code).toBe('UNAUTHORIZED');

    const bad = await api.http().post(`/api/integrity/cases/${caseId}/decisions`).set(auth(reviewer)).send({ userId: player.id, finding: 'guilty-ish', reason: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    expect(bad.body.details.map((d: Body) => d.field).sort()).toEqual(['finding', 'reason']);
    const badCase = await api.http().post('/api/integrity/cases').set(auth(reviewer)).send({ subjectIds: ['not-a-uuid'], summary: 'ok summary', extra: 1 });
    expect(badCase.body.code).toBe('VALIDATION_FAILED');
    expect(await env.sql('SELECT 1 FROM integrity_decisions')).toEqual([]);
    expect((await env.sql<{ status: string }>('SELECT status FROM users WHERE id = $1', [player.id]))[0].status).toBe('active');
    expect((await env.sql('SELECT 1 FROM integrity_cases')).length).toBe(1);
  });

  it('shows a detection case\'s evidence (signal with threshold and baseline, games with record links, high stakes), assigns, notes and takes video evidence', async () => {
    const { gameId, players } = await tableWithGame(api, 4);
    const suspect = players[0].id;
    const seeded = await prisma.integrityCase.create({ data: { source: 'detection', subjectIds: [suspect], summary: 'hidden-information agreement over threshold', highStakes: true } });
    await prisma.anticheatSignal.create({
      data: { caseId: seeded.id, kind: 'hidden-information', userIds: [suspect], value: 0.62, threshold: 0.45, baseline: { mean: 0.31, sd: 0.05, n: 1200 }, sampleSize: 40, gameIds: [gameId], dedupeKey: `seed:${seeded.id}` },
    });
    // The suspect and another account signed in from the same device.
    await prisma.userSession.createMany({
      data: [
        { userId: suspect, fingerprintHash: 'f'.repeat(64), ip: '203.0.113.7', source: 'login' },
        { userId: players[2].id, fingerprintHash: 'f'.repeat(64), ip: '198.51.100.9', source: 'socket' },
        { userId: players[3].id, fingerprintHash: 'e'.repeat(64), ip: '198.51.100.10', source: 'login' },
      ],
    });
    const listed = (await api.http().get('/api/integrity/cases').query({ source: 'detection', highStakes: 'true', playerId: suspect }).set(auth(reviewer))).body as Body[];
    expect(listed.map((c) => c.id)).toEqual([seeded.id]);
    expect((await api.http().get('/api/integrity/cases').query({ status: 'closed', playerId: suspect }).set(auth(reviewer))).body).toEqual([]);
    // By the kind of signal it holds.
    expect(((await api.http().get('/api/integrity/cases').query({ signal: 'hidden-information', playerId: suspect }).set(auth(reviewer))).body as Body[]).map((c) => c.id)).toEqual([seeded.id]);
    expect((await api.http().get('/api/integrity/cases').query({ signal: 'engine-agreement', playerId: suspect }).set(auth(reviewer))).body).toEqual([]);

    const notReviewer = await api.http().post(`/api/integrity/cases/${seeded.id}/assign`).set(auth(reviewer)).send({ reviewerId: players[1].id });
    expect(notReviewer.body.code).toBe('NOT_A_REVIEWER');
    const assigned = await api.http().post(`/api/integrity/cases/${seeded.id}/assign`).set(auth(reviewer)).send({ reviewerId: reviewer.id });
    expect(assigned.body).toMatchObject({ status: 'in_review', assignedToId: reviewer.id });
    await api.http().post(`/api/integrity/cases/${seeded.id}/notes`).set(auth(reviewer)).send({ body: 'the 6-6 lead in hand 3 needs the camera' }).expect(201);
    const request = await api.http().post(`/api/integrity/cases/${seeded.id}/evidence`).set(auth(reviewer)).send({ kind: 'video_request', gameId, description: 'table camera, hand 3' });
    expect(request.status).toBe(201);
    const noHash = await api.http().post(`/api/integrity/cases/${seeded.id}/evidence`).set(auth(reviewer)).send({ kind: 'attachment', description: 'camera file', reference: 'evidence/cam-1.mp4' });
    expect(noHash.body.code).toBe('VALIDATION_FAILED');
    const sha256 = 'a'.repeat(64);
    const attached = await api.http().post(`/api/integrity/cases/${seeded.id}/evidence`).set(auth(reviewer)).send({ kind: 'attachment', description: 'camera file', reference: 'evidence/cam-1.mp4', sha256, answersId: request.body.id });
    expect(attached.status).toBe(201);

    const detail = (await api.http().get(`/api/integrity/cases/${seeded.id}`).set(auth(reviewer))).body as Body;
    expect(detail.signals).toEqual([expect.objectContaining({ kind: 'hidden-information', value: 0.62, threshold: 0.45, baseline: { mean: 0.31, sd: 0.05, n: 1200 }, sampleSize: 40 })]);
    expect(detail.games).toEqual([expect.objectContaining({ id: gameId, recordUrl: `/api/games/${gameId}/record`, finalTable: true, highStakes: true })]);
    expect(detail.videoReview).toBe(true);
    expect(detail.linkedAccounts).toEqual([expect.objectContaining({ userId: suspect, linkedUserId: players[2].id, via: ['fingerprint'], sharedSessions: 1 })]);
    expect(detail.subjects.map((s: Body) => s.id)).toEqual([suspect]);
    expect(detail.evidence.map((e: Body) => [e.kind, e.sha256])).toEqual([['video_request', null], ['attachment', sha256]]);
    expect(detail.notes.map((n: Body) => n.body)).toEqual(['the 6-6 lead in hand 3 needs the camera']);
    expect(detail.participants.map((p: Body) => p.role)).toEqual(['assigned', 'noted']);
    // The suspect sees the case, not the notes or the evidence.
    const theirs = (await api.http().get('/api/me/cases').set(auth(players[0]))).body as Body[];
    expect(theirs.map((c) => [c.id, c.status])).toEqual([[seeded.id, 'in_review']]);
    expect(JSON.stringify(theirs)).not.toMatch(/camera|0\.62/);
  });

  it('pages the case queue (limit, offset; newest first) and refuses a page out of range', async () => {
    for (let i = 0; i < 3; i++) await openCase((await api.user()).id, `paging case ${i}`);
    const page = async (query: Record<string, string | number>) => (await api.http().get('/api/integrity/cases').query({ source: 'manual', ...query }).set(auth(reviewer))).body as Body[];
    const all = await page({ limit: 200 });
    const [p1, p2] = [await page({ limit: 2 }), await page({ limit: 2, offset: 2 })];
    expect(p1).toHaveLength(2);
    expect([...p1, ...p2].map((c) => c.id)).toEqual(all.slice(0, p1.length + p2.length).map((c) => c.id));
    expect(all.slice(0, 3).map((c) => c.summary)).toEqual(['paging case 2', 'paging case 1', 'paging case 0']);
    for (const bad of [{ limit: 0 }, { limit: 201 }, { offset: -1 }, { signal: 'DROP TABLE' }]) {
      const res = await api.http().get('/api/integrity/cases').query(bad).set(auth(reviewer));
      expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
  });

  it('applies the ladder from the player\'s history: minor → 1-week suspension, 2nd minor → 1 month + rank reset, 3rd minor → season ban + prize forfeiture; a retry applies nothing twice', async () => {
    const p = await api.user({ displayName: 'Peeker' });
    const rival = await api.user({ displayName: 'Rival' });
    const waiting = await api.user({ displayName: 'Waiting' });
    const won = await completedChallenge(p.id, rival.id, '2026-11-07');
    expect(await standings()).toEqual([[p.id, 500], [rival.id, 350]]);
    // p holds a place in next week's challenge; cap it at 1 so `waiting` is on the waitlist.
    await prisma.challenge.update({ where: { id: openChallengeId }, data: { capacity: 1 } });
    expect((await api.http().post(`/api/challenges/${openChallengeId}/registration`).set(auth(p))).body.status).toBe('registered');
    expect((await api.http().post(`/api/challenges/${openChallengeId}/registration`).set(auth(waiting))).body.status).toBe('waitlisted');

    // 1st minor: warning + 1-week suspension; the pending registration is withdrawn and the waitlist moves up.
    const case1 = await openCase(p.id);
    const d1 = await decide(case1, p.id, 'minor');
    expect(d1.status).toBe(201);
    expect(d1.body).toMatchObject({ finding: 'minor', step: 'minor_1', escalated: false, status: 'in_force', replayed: false });
    expect(new Date(d1.body.effects.suspendedUntil).getTime() - new Date(d1.body.decidedAt).getTime()).toBe(7 * DAY);
    expect((await api.http().get(`/api/challenges/${openChallengeId}/registration`).set(auth(p))).body.code).toBe('NOT_REGISTERED');
    expect((await api.http().get(`/api/challenges/${openChallengeId}/registration`).set(auth(waiting))).body.status).toBe('registered');
    const refused = await api.http().post(`/api/challenges/${openChallengeId}/registration`).set(auth(p));
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('ACCOUNT_SUSPENDED');
    expect((await api.http().get(`/api/integrity/cases/${case1}`).set(auth(reviewer))).body.status).toBe('decided');

    // The same decision again (a retried request) returns the first and changes nothing.
    const again = await decide(case1, p.id, 'minor');
    expect(again.body).toMatchObject({ id: d1.body.id, replayed: true });
    expect((await decide(case1, p.id, 'major')).body.code).toBe('ALREADY_DECIDED');
    expect((await env.sql('SELECT 1 FROM integrity_decisions WHERE user_id = $1', [p.id])).length).toBe(1);

    // 2nd minor escalates: 1-month suspension and a rank reset (season total 0, history kept).
    const d2 = await decide(await openCase(p.id), p.id, 'minor');
    expect(d2.body).toMatchObject({ step: 'minor_2', escalated: false });
    expect(new Date(d2.body.effects.suspendedUntil).getTime() - new Date(d2.body.decidedAt).getTime()).toBe(30 * DAY);
    expect(await standings()).toEqual([[rival.id, 350], [p.id, 0]]);

    // 3rd minor counts as a major: season ban (out of the standings) and the season's prizes forfeited.
    const case3 = await openCase(p.id);
    const d3 = await decide(case3, p.id, 'minor');
    expect(d3.body).toMatchObject({ finding: 'minor', step: 'major', escalated: true });
    expect(await standings()).toEqual([[rival.id, 350]]);
    expect((await env.sql('SELECT prize_cents FROM placements WHERE challenge_id = $1 AND user_id = $2', [won, p.id]))[0]).toEqual({ prize_cents: 0 });
    const mine = (await api.http().get('/api/me/penalties').set(auth(p))).body;
    expect(mine.penalties.map((x: Body) => x.step)).toEqual(['major', 'minor_2', 'minor_1']);
    expect(mine.prizeForfeitures).toEqual([expect.objectContaining({ amountCents: 25_000, source: 'anticheat', restoredAt: null })]);
    expect((await decide(case3, p.id, 'minor')).body.replayed).toBe(true);
    expect((await env.sql("SELECT 1 FROM season_penalties WHERE user_id = $1 AND revoked_at IS NULL", [p.id])).length).toBe(2);
    expect((await env.sql('SELECT 1 FROM prize_forfeitures WHERE user_id = $1', [p.id])).length).toBe(1);
    const actions = (await env.sql<{ action: string }>("SELECT action FROM audit_log WHERE data->>'sourceId' = $1 ORDER BY created_at", [d3.body.id])).map((r) => r.action);
    expect(actions).toEqual(['season.penalty.season_ban', 'placement.prize.forfeited']);

    // Appeals: within 7 days, once per incident, decided only by an independent reviewer.
    fake.set(new Date(new Date(d1.body.decidedAt).getTime() + 8 * DAY));
    const late = await api.http().post('/api/appeals').set(auth(p)).send({ decisionId: d1.body.id, statement: 'I was only looking at my own tiles' });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('APPEAL_WINDOW_CLOSED');
    fake.set(new Date(new Date(d3.body.decidedAt).getTime() + 6 * DAY));
    const appeal = await api.http().post('/api/appeals').set(auth(p)).send({ decisionId: d3.body.id, statement: 'The third case was a misunderstanding: I never saw a hand' });
    expect(appeal.status).toBe(201);
    expect(appeal.body).toMatchObject({ status: 'pending', decisionId: d3.body.id });
    expect(new Date(appeal.body.dueAt).getTime() - new Date(appeal.body.filedAt).getTime()).toBeGreaterThanOrEqual(18 * DAY); // 14 business days span at least 2.5 weeks
    const second = await api.http().post('/api/appeals').set(auth(p)).send({ decisionId: d3.body.id, statement: 'once more, with feeling, please' });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('APPEAL_EXISTS');
    expect((await api.http().post('/api/appeals').set(auth(rival)).send({ decisionId: d2.body.id, statement: 'not my penalty at all here' })).status).toBe(404);

    await api.http().post(`/api/integrity/cases/${case3}/notes`).set(auth(independent)).send({ body: 'looked at this once' }).expect(201);
    for (const who of [reviewer, independent]) {
      const res = await api.http().post(`/api/integrity/appeals/${appeal.body.id}/decision`).set(auth(who)).send({ outcome: 'overturned', reason: 'not independent' });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('NOT_INDEPENDENT');
    }
    const third = await api.user({ roles: ['reviewer'] });
    // p sees the case and penalty, never the board's notes.
    const cases = (await api.http().get('/api/me/cases').set(auth(p))).body as Body[];
    expect(cases).toHaveLength(3);
    expect(JSON.stringify(cases)).not.toContain('looked at this once');

    // Overturned: the season ban is revoked (back in the standings, still reset to 0 by the 2nd minor) and the prize restored;
    // the 30-day suspension of the 2nd minor stays.
    const over = await api.http().post(`/api/integrity/appeals/${appeal.body.id}/decision`).set(auth(third)).send({ outcome: 'overturned', reason: 'the replay shows no hidden-information play' });
    expect(over.status).toBe(200);
    expect(over.body).toMatchObject({ status: 'overturned', decidedById: third.id });
    expect(await standings()).toEqual([[rival.id, 350], [p.id, 0]]);
    expect((await env.sql('SELECT prize_cents FROM placements WHERE challenge_id = $1 AND user_id = $2', [won, p.id]))[0]).toEqual({ prize_cents: 25_000 });
    const after = (await api.http().get('/api/me/penalties').set(auth(p))).body;
    expect(after.penalties[0]).toMatchObject({ status: 'overturned', currentStep: 'none', appeal: expect.objectContaining({ status: 'overturned' }) });
    expect(after.prizeForfeitures[0].restoredAt).not.toBeNull();
    const [u] = await env.sql<{ status: string; suspended_until: Date }>('SELECT status, suspended_until FROM users WHERE id = $1', [p.id]);
    expect(u.status).toBe('suspended');
    expect(u.suspended_until.getTime()).toBe(new Date(d2.body.decidedAt).getTime() + 30 * DAY);
    expect((await api.http().post(`/api/integrity/appeals/${appeal.body.id}/decision`).set(auth(third)).send({ outcome: 'upheld', reason: 'again' })).body.code).toBe('APPEAL_DECIDED');
    fake.set(new Date());
  });

  it('bans permanently on confirmed cheating (login refused, sessions ended), and a reduced appeal applies the lesser penalty instead', async () => {
    const cheat = await api.user();
    const d = await decide(await openCase(cheat.id, 'a seated pair shared hands'), cheat.id, 'confirmed_cheating');
    expect(d.body).toMatchObject({ step: 'permanent_ban' });
    expect((await api.http().get('/api/me/penalties').set(auth(cheat))).body.code).toBe('INVALID_TOKEN');
    const login = await api.http().post('/api/auth/login').send({ email: cheat.email, password: cheat.password });
    expect(login.status).toBe(403);
    expect(login.body.code).toBe('ACCOUNT_BANNED');

    // A banned player cannot sign in, so they appeal with their credentials.
    const wrong = await api.http().post('/api/appeals/with-credentials').send({ email: cheat.email, password: 'not the password', decisionId: d.body.id, statement: 'I never shared a hand with anyone' });
    expect(wrong.body.code).toBe('INVALID_CREDENTIALS');
    const filed = await api.http().post('/api/appeals/with-credentials').send({ email: cheat.email, password: cheat.password, decisionId: d.body.id, statement: 'I never shared a hand with anyone' });
    expect(filed.status).toBe(201);
    const appealId = filed.body.id as string;
    const badReduction = await api.http().post(`/api/integrity/appeals/${appealId}/decision`).set(auth(independent)).send({ outcome: 'reduced', reason: 'lesser' });
    expect(badReduction.body.code).toBe('VALIDATION_FAILED');
    const reduced = await api.http().post(`/api/integrity/appeals/${appealId}/decision`).set(auth(independent)).send({ outcome: 'reduced', reducedTo: 'minor_1', reason: 'one hand seen by accident' });
    expect(reduced.status).toBe(200);
    expect(reduced.body).toMatchObject({ status: 'reduced', reducedTo: 'minor_1' });
    const [u] = await env.sql<{ status: string; suspended_until: Date }>('SELECT status, suspended_until FROM users WHERE id = $1', [cheat.id]);
    expect(u.status).toBe('suspended');
    expect(u.suspended_until.getTime()).toBe(new Date(d.body.decidedAt).getTime() + 7 * DAY);
    const relog = await api.http().post('/api/auth/login').send({ email: cheat.email, password: cheat.password });
    expect(relog.status).toBe(200);
  });

  it('an overturned suspension is lifted at once and the player may register again', async () => {
    const q = await api.user();
    const d = await decide(await openCase(q.id), q.id, 'minor');
    expect((await api.http().post(`/api/challenges/${openChallengeId}/registration`).set(auth(q))).body.code).toBe('ACCOUNT_SUSPENDED');
    const appeal = await api.http().post('/api/appeals').set(auth(q)).send({ decisionId: d.body.id, statement: 'the flagged hand was dealt that way' });
    const over = await api.http().post(`/api/integrity/appeals/${appeal.body.id}/decision`).set(auth(independent)).send({ outcome: 'overturned', reason: 'the deal explains every play' });
    expect(over.body).toMatchObject({ status: 'overturned', effects: { account: { status: 'active', suspendedUntil: null } } });
    expect((await env.sql<{ status: string }>('SELECT status FROM users WHERE id = $1', [q.id]))[0].status).toBe('active');
    expect((await api.http().post(`/api/challenges/${openChallengeId}/registration`).set(auth(q))).status).toBe(201);
    const audit = (await env.sql<{ action: string }>("SELECT action FROM audit_log WHERE entity_id = $1 AND action LIKE 'user.%' ORDER BY created_at", [q.id])).map((r) => r.action);
    expect(audit).toEqual(['user.suspended', 'user.penalty.lifted']);
  });

  it('a season ban withdraws the player from the season\'s coming challenges and refuses their entry; overturned, the registration is back, once', async () => {
    const weekThree = await pendingChallenge('2027-01-02', 8);
    const b = await api.user({ displayName: 'Banned for the season' });
    expect(await register(weekThree, b)).toBe('registered');
    const d = await decide(await openCase(b.id), b.id, 'major');
    expect(d.body).toMatchObject({ step: 'major', escalated: false });
    expect((await registration(weekThree, b)).body.code).toBe('NOT_REGISTERED');
    const refused = await api.http().post(`/api/challenges/${weekThree}/registration`).set(auth(b));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'SEASON_BANNED', details: { seasonId } });
    const appeal = await api.http().post('/api/appeals').set(auth(b)).send({ decisionId: d.body.id, statement: 'the games were played honestly' });
    const over = await api.http().post(`/api/integrity/appeals/${appeal.body.id}/decision`).set(auth(independent)).send({ outcome: 'overturned', reason: 'no evidence of hidden information' });
    expect(over.status).toBe(200);
    expect(over.body.effects.registrationsRestored).toEqual([{ challengeId: weekThree, status: 'registered', waitlistPlace: null, withdrawnBy: d.body.id }]);

    // The player is registered again without doing anything, and told so.
    expect((await registration(weekThree, b)).body).toMatchObject({ status: 'registered', waitlistPlace: null, withdrawnAt: null });
    expect((await api.http().post(`/api/challenges/${weekThree}/registration`).set(auth(b))).body).toMatchObject({ code: 'ALREADY_REGISTERED', details: { status: 'registered' } });
    const notes = await env.sql<{ kind: string; body: string }>("SELECT kind, body FROM notifications WHERE user_id = $1 AND kind LIKE 'challenge.registration_%' ORDER BY created_at", [b.id]);
    expect(notes.map((n) => n.kind)).toEqual(['challenge.registration_withdrawn', 'challenge.registration_restored']);
    expect(notes[1].body).toContain('you are registered again');
    const audit = await env.sql<{ data: Body }>("SELECT data FROM audit_log WHERE action = 'registration.restored' AND entity_id = $1", [weekThree]);
    expect(audit.map((a) => a.data)).toEqual([expect.objectContaining({ userId: b.id, status: 'registered', sourceId: appeal.body.id, withdrawnBy: { source: 'anticheat', sourceId: d.body.id } })]);

    // The undo run again (a retried transaction) finds nothing left to give back.
    const effects = api.app.get(PenaltyEffects);
    const again = await prisma.$transaction((tx) => effects.restoreWithdrawn(tx, b.id, { source: 'anticheat', sourceId: appeal.body.id, actorId: independent.id, reason: 'retry' }));
    expect(again).toEqual([]);
    expect((await env.sql("SELECT 1 FROM audit_log WHERE action = 'registration.restored' AND entity_id = $1", [weekThree])).length).toBe(1);
    expect((await env.sql("SELECT 1 FROM notifications WHERE user_id = $1 AND kind = 'challenge.registration_restored'", [b.id])).length).toBe(1);
  });

  it('an overturned suspension gives the place back; if the waitlist filled it meanwhile, the player comes back first on the waitlist and bumps nobody', async () => {
    const full = await pendingChallenge('2027-01-09', 2);
    const [s, other, w1, w2] = [await api.user({ displayName: 'Suspended' }), await api.user(), await api.user(), await api.user()];
    for (const [who, expected] of [[s, 'registered'], [other, 'registered'], [w1, 'waitlisted'], [w2, 'waitlisted']] as const) expect(await register(full, who)).toBe(expected);
    const d = await decide(await openCase(s.id), s.id, 'minor');
    expect(d.body.step).toBe('minor_1');
    expect((await registration(full, w1)).body.status).toBe('registered'); // s's place went to the first waitlisted player

    const appeal = await api.http().post('/api/appeals').set(auth(s)).send({ decisionId: d.body.id, statement: 'the flagged hand was dealt that way' });
    const over = await api.http().post(`/api/integrity/appeals/${appeal.body.id}/decision`).set(auth(independent)).send({ outcome: 'overturned', reason: 'the deal explains every play' });
    expect(over.body.effects.registrationsRestored).toEqual([{ challengeId: full, status: 'waitlisted', waitlistPlace: 1, withdrawnBy: d.body.id }]);
    expect((await registration(full, s)).body).toMatchObject({ status: 'waitlisted', waitlistPlace: 1 });
    expect((await registration(full, w1)).body.status).toBe('registered');
    expect((await registration(full, w2)).body).toMatchObject({ status: 'waitlisted', waitlistPlace: 2 });
    // The public list names players by display name only; a director's also carries the user ids (docs/rules.md).
    const director = await api.user({ roles: ['director'] });
    const listed = ((await api.http().get(`/api/challenges/${full}/registrations`).set(auth(director))).body as Body[]).map((r) => [r.userId, r.status]);
    expect(listed.filter(([, st]) => st === 'waitlisted')).toEqual([[s.id, 'waitlisted'], [w2.id, 'waitlisted']]);
    const [note] = await env.sql<{ body: string }>("SELECT body FROM notifications WHERE user_id = $1 AND kind = 'challenge.registration_restored'", [s.id]);
    expect(note.body).toContain('back on the waitlist, place 1');

    // The next place that opens is theirs.
    await api.http().delete(`/api/challenges/${full}/registration`).set(auth(other)).expect(200);
    expect((await registration(full, s)).body).toMatchObject({ status: 'registered', waitlistPlace: null });
    expect((await registration(full, w2)).body).toMatchObject({ status: 'waitlisted', waitlistPlace: 1 });
  });

  it('a ban reduced to a 1-week suspension gives back only the registrations of challenges the suspension no longer covers', async () => {
    const covered = await pendingChallenge('2027-01-16', 8, 5); // check-in closes inside the week
    const after = await pendingChallenge('2027-01-23', 8, 10); // check-in closes after it
    const x = await api.user();
    expect([await register(covered, x), await register(after, x)]).toEqual(['registered', 'registered']);
    const d = await decide(await openCase(x.id, 'a seated pair shared hands'), x.id, 'confirmed_cheating');
    expect(d.body.step).toBe('permanent_ban');
    const filed = await api.http().post('/api/appeals/with-credentials').send({ email: x.email, password: x.password, decisionId: d.body.id, statement: 'I never shared a hand with anyone' });
    expect(filed.status).toBe(201);
    const reduced = await api.http().post(`/api/integrity/appeals/${filed.body.id}/decision`).set(auth(independent)).send({ outcome: 'reduced', reducedTo: 'minor_1', reason: 'one hand seen by accident' });
    expect(reduced.body).toMatchObject({ status: 'reduced', effects: { account: { status: 'suspended' } } });
    expect(reduced.body.effects.registrationsRestored).toEqual([{ challengeId: after, status: 'registered', waitlistPlace: null, withdrawnBy: d.body.id }]);
    const regs = await env.sql<{ challenge_id: string; status: string }>('SELECT challenge_id, status FROM registrations WHERE user_id = $1', [x.id]);
    expect(Object.fromEntries(regs.map((r) => [r.challenge_id, r.status]))).toEqual({ [covered]: 'withdrawn', [after]: 'registered' });
    expect((await env.sql("SELECT 1 FROM audit_log WHERE action = 'registration.restored' AND entity_id = $1", [covered])).length).toBe(0);
  });

  it('a registration withdrawn by one penalty while another stood comes back when the last of them is lifted', async () => {
    const challengeId = await pendingChallenge('2027-01-30', 8, 3);
    const director = await api.user({ roles: ['director'] });
    // A director sanctions through a challenge of their own city the player takes part in (issue 36, "Who may sanction whom").
    await directCity(api, director.id, { challengeId });
    const y = await api.user();
    expect(await register(challengeId, y)).toBe('registered');
    const filed = await api.http().post('/api/conduct/violations').set(auth(director)).send({ userId: y.id, reason: 'abusive language towards the table director', challengeId, sanctions: [{ kind: 'suspension', hours: 48 }] });
    expect(filed.status).toBe(201);
    const sanctionId = filed.body.sanctions[0].id as string;
    const d = await decide(await openCase(y.id), y.id, 'minor'); // a 1-week suspension on top: nothing left to withdraw
    expect((await registration(challengeId, y)).body.code).toBe('NOT_REGISTERED');

    // The sanction is revoked, but the review board's suspension still covers the challenge.
    await api.http().post(`/api/conduct/sanctions/${sanctionId}/revoke`).set(auth(director)).send({ reason: 'apology accepted' }).expect(200);
    expect((await registration(challengeId, y)).body.code).toBe('NOT_REGISTERED');
    // Then the decision is overturned: nothing stands any more, and the sanction's withdrawal is undone.
    const appeal = await api.http().post('/api/appeals').set(auth(y)).send({ decisionId: d.body.id, statement: 'the flagged hand was dealt that way' });
    const over = await api.http().post(`/api/integrity/appeals/${appeal.body.id}/decision`).set(auth(independent)).send({ outcome: 'overturned', reason: 'the deal explains every play' });
    expect(over.body.effects.registrationsRestored).toEqual([{ challengeId, status: 'registered', waitlistPlace: null, withdrawnBy: sanctionId }]);
    expect((await registration(challengeId, y)).body.status).toBe('registered');
  });

  it('takes community reports: merges duplicates, opens a case or joins the open one, shows them to the board, and rate-limits a reporter', async () => {
    const reporter = await api.user();
    const [a, b, c] = [await api.user(), await api.user(), await api.user()];
    const r1 = await api.http().post('/api/reports').set(auth(reporter)).send({ subjectId: a.id, category: 'cheating', description: 'always knows my hand' });
    expect(r1.status).toBe(201);
    expect(r1.body).toMatchObject({ merged: false, count: 1 });
    const r2 = await api.http().post('/api/reports').set(auth(reporter)).send({ subjectId: a.id, category: 'cheating', description: 'again, same thing' });
    expect(r2.body).toMatchObject({ id: r1.body.id, merged: true, count: 2 });
    const cases = (await api.http().get('/api/integrity/cases').query({ playerId: a.id }).set(auth(reviewer))).body as Body[];
    expect(cases.map((x) => x.source)).toEqual(['report']);
    // b already has an open case: the report joins it.
    const caseB = await openCase(b.id);
    await api.http().post('/api/reports').set(auth(reporter)).send({ subjectId: b.id, category: 'collusion', description: 'feeds his friend' }).expect(201);
    expect(((await api.http().get(`/api/integrity/cases/${caseB}`).set(auth(reviewer))).body.reports as Body[]).map((r) => r.reporterId)).toEqual([reporter.id]);
    expect((await api.http().post('/api/reports').set(auth(reporter)).send({ subjectId: reporter.id, category: 'other', description: 'me myself' })).body.code).toBe('CANNOT_REPORT_SELF');
    const limited = await api.http().post('/api/reports').set(auth(reporter)).send({ subjectId: c.id, category: 'other', description: 'rude' });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    const board = (await api.http().get('/api/integrity/reports').set(auth(reviewer))).body as Body[];
    expect(board.map((r) => [r.subjectId, r.count]).sort()).toEqual([[a.id, 2], [b.id, 1]].sort());
    expect((await env.sql('SELECT 1 FROM integrity_reports WHERE subject_id = $1', [c.id])).length).toBe(0);
  });

  it('the worker reminds the board before an appeal is due and marks it overdue after, on a fake clock, and never decides it', async () => {
    const p = await api.user();
    const d = await decide(await openCase(p.id), p.id, 'minor');
    const filed = await api.http().post('/api/appeals').set(auth(p)).send({ decisionId: d.body.id, statement: 'please review the second hand again' });
    expect(filed.status).toBe(201);
    const { id, remindAt, dueAt } = filed.body as { id: string; remindAt: string; dueAt: string };

    const config = env.config({ APPEAL_SWEEP_INTERVAL_MS: '3600000' });
    const worker: INestApplicationContext = await createWorker(config);
    const clock = new FakeClock(new Date());
    jest.spyOn(worker.get(Clock, { strict: false }), 'now').mockImplementation(() => clock.now());
    const queue = new Queue(QUEUES.integrity, { connection: bullConnection(config.REDIS_URL), prefix: config.QUEUE_PREFIX });
    const events = new QueueEvents(QUEUES.integrity, { connection: bullConnection(config.REDIS_URL), prefix: config.QUEUE_PREFIX });
    let n = 0;
    const run = async (name: string) => (await (await queue.add(name, {}, { jobId: `t-${name}-${++n}` })).waitUntilFinished(events, 15_000)) as { appealIds: string[] };
    try {
      await events.waitUntilReady();
      // Let the sweeps the worker runs at start-up (on the real time: nothing due) finish before the clock moves:
      // four of them: each scheduler's first run, and the run it adds once the scheduler is registered (a second
      // later if that add had to be retried). One still to come would run on the moved clock and take the appeal.
      await eventually(async () => {
        const c = await queue.getJobCounts('completed', 'wait', 'active', 'prioritized');
        return c.completed >= 4 && c.wait + c.active + c.prioritized === 0;
      }, 15_000, 'the start-up sweeps');
      clock.set(new Date(new Date(remindAt).getTime() - 1));
      expect(await run(JOBS.appealReminders)).toEqual({ appealIds: [] });
      clock.set(new Date(remindAt));
      expect(await run(JOBS.appealReminders)).toEqual({ appealIds: [id] });
      expect(await run(JOBS.appealReminders)).toEqual({ appealIds: [] }); // once
      const notes = await env.sql<{ user_id: string; kind: string }>("SELECT user_id, kind FROM notifications WHERE kind LIKE 'integrity.appeal_%'");
      expect(notes.map((x) => x.user_id)).toEqual(expect.arrayContaining([reviewer.id, independent.id]));
      clock.set(new Date(new Date(dueAt).getTime() - 1));
      expect(await run(JOBS.appealOverdue)).toEqual({ appealIds: [] });
      clock.set(new Date(new Date(dueAt).getTime() + 3 * DAY));
      expect(await run(JOBS.appealOverdue)).toEqual({ appealIds: [id] });
      expect(await run(JOBS.appealOverdue)).toEqual({ appealIds: [] });
      const listed = (await api.http().get('/api/integrity/appeals').query({ overdue: 'true' }).set(auth(reviewer))).body as Body[];
      expect(listed.map((a) => [a.id, a.status, a.overdueAt !== null])).toEqual([[id, 'pending', true]]);
      const audit = (await env.sql<{ action: string }>('SELECT action FROM audit_log WHERE entity_id = $1 ORDER BY created_at', [id])).map((r) => r.action);
      expect(audit).toEqual(['integrity.appeal.filed', 'integrity.appeal.reminded', 'integrity.appeal.overdue']);
      const schedulers = await queue.getJobSchedulers();
      expect(schedulers.map((s) => s.key).sort()).toEqual(['appeal-overdue', 'appeal-reminders']);
    } finally {
      await events.close();
      await queue.obliterate({ force: true });
      await queue.close();
      await worker.close();
    }
  });

  it('a reviewer never sees their own case through the appeals list or the report list (as the appellant or one of its players); other reviewers see it, and they see the others', async () => {
    // Cases about staff are decided by an admin on the board.
    const admin = await api.user({ roles: ['reviewer', 'admin'] });
    const appellant = await api.user({ roles: ['reviewer'] });
    const coSubject = await api.user({ roles: ['reviewer'] });
    const partner = await api.user();
    const own = await decide(await openCase(appellant.id, 'peeked at the final table'), appellant.id, 'minor', admin).expect(201);
    const ownAppeal = await api.http().post('/api/appeals').set(auth(appellant)).send({ decisionId: own.body.id, statement: 'I never looked at a hand' }).expect(201);
    // A case about two players: the reviewer among them did not appeal, their partner did.
    const pairCase = await api.http().post('/api/integrity/cases').set(auth(reviewer)).send({ subjectIds: [coSubject.id, partner.id], summary: 'signalled each other across the table' }).expect(201);
    const pair = await decide(pairCase.body.id, partner.id, 'minor', admin).expect(201);
    const pairAppeal = await api.http().post('/api/appeals').set(auth(partner)).send({ decisionId: pair.body.id, statement: 'we only talked about dinner' }).expect(201);
    // A report about the partner joins the pair's case, still in review.
    const report = await api.http().post('/api/reports').set(auth(await api.user())).send({ subjectId: partner.id, category: 'collusion', description: 'taps the table before each lead' }).expect(201);
    expect((await prisma.integrityReport.findUniqueOrThrow({ where: { id: report.body.id } })).caseId).toBe(pairCase.body.id);

    const appealsOf = async (who: { token: string }) => ((await api.http().get('/api/integrity/appeals').set(auth(who)).expect(200)).body as Body[]).map((a) => a.id);
    const reportsOf = async (who: { token: string }) => ((await api.http().get('/api/integrity/reports').query({ caseId: pairCase.body.id }).set(auth(who)).expect(200)).body as Body[]).map((r) => r.id);
    expect(await appealsOf(appellant)).not.toContain(ownAppeal.body.id);
    expect(await appealsOf(appellant)).toContain(pairAppeal.body.id);
    expect(await appealsOf(coSubject)).not.toContain(pairAppeal.body.id);
    expect(await appealsOf(coSubject)).toContain(ownAppeal.body.id);
    expect(JSON.stringify((await api.http().get('/api/integrity/appeals').set(auth(coSubject))).body)).not.toContain('signalled each other');
    expect(await reportsOf(coSubject)).toEqual([]);
    // The rest of the board sees both, with the cases' summaries.
    const board = (await api.http().get('/api/integrity/appeals').set(auth(independent)).expect(200)).body as Body[];
    expect(board.filter((a) => [ownAppeal.body.id, pairAppeal.body.id].includes(a.id)).map((a) => a.decision.caseSummary).sort()).toEqual(['peeked at the final table', 'signalled each other across the table']);
    expect(await reportsOf(independent)).toEqual([report.body.id]);
  });
});
