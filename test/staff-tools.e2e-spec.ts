import { PrismaService } from '@dcs/common';
import { startApi, TestApi } from './support/api';
import { directCity, tableWithGame } from './support/fixtures';
import { createTestEnv, TestEnv } from './support/test-env';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const DAY = 86_400_000;

/** Issue 43, staff tools: a director's list of a challenge, the audit log in words, the appeals list, a case opened by hand, a player's report. */
describe('staff tools: the list of a challenge, the log in words, cases by hand and reports', () => {
  let env: TestEnv;
  let api: TestApi;
  let prisma: PrismaService;
  const auth = (u: { token: string }) => ({ Authorization: `Bearer ${u.token}` });

  beforeAll(async () => {
    env = await createTestEnv('stafftools');
    // No appeal sweep during the suite: the count of queries a page takes is asserted.
    api = await startApi(env, env.config({ REPORT_RATE_LIMIT: '3', APPEAL_SWEEP_INTERVAL_MS: '3600000' }));
    prisma = api.app.get(PrismaService);
  });
  afterAll(async () => {
    await api.close();
    await env.drop();
  });

  /** A city's challenge in its check-in window, capacity 2: Ana and Bruno registered (Ana checked in), Carla and Dario waitlisted. */
  async function challengeWithLine() {
    const slug = `st-${Math.random().toString(36).slice(2, 8)}`;
    const city = await prisma.city.create({ data: { name: `Staff City ${slug}`, slug, timeZone: 'America/New_York', region: 'south', tier: 'T1' } });
    const t = Date.now();
    const challenge = await prisma.challenge.create({
      data: {
        cityId: city.id, localDate: '2027-02-06', capacity: 2, status: 'check_in_open', prizePoolCents: 50_000, prizeSplit: { first: 5000, second: 3000, thirdFourthEach: 1000 },
        startsAt: new Date(t + DAY), registrationOpensAt: new Date(t - DAY), checkInOpensAt: new Date(t - 3600_000), checkInClosesAt: new Date(t + DAY / 2),
      },
    });
    const tag = `Line${Math.random().toString(36).replace(/[^a-z]/g, '').slice(0, 6)}`;
    const names = ['Ana', 'Bruno', 'Carla', 'Dario'].map((n) => `${n} ${tag}`);
    const people = [];
    for (const displayName of names) people.push(await api.user({ displayName }));
    for (const p of people) await api.http().post(`/api/challenges/${challenge.id}/registration`).set(auth(p)).expect(201);
    await api.http().post(`/api/challenges/${challenge.id}/check-in`).set(auth(people[0])).expect(200);
    return { cityId: city.id, challengeId: challenge.id, people, tag };
  }

  it('a director of the city reads who registered, checked in and waits, searches by name, and disqualifies from the list', async () => {
    const { challengeId, people, tag } = await challengeWithLine();
    const director = await api.user({ roles: ['director'], displayName: 'Dora Lists' });
    await directCity(api, director.id, { challengeId });

    const all = await api.http().get(`/api/challenges/${challengeId}/roster`).set(auth(director)).expect(200);
    expect((all.body as Body[]).map((r) => [r.displayName, r.status, r.checkedInAt !== null, r.waitlistPlace])).toEqual([
      [`Ana ${tag}`, 'registered', true, null],
      [`Bruno ${tag}`, 'registered', false, null],
      [`Carla ${tag}`, 'waitlisted', false, 1],
      [`Dario ${tag}`, 'waitlisted', false, 2],
    ]);
    const found = await api.http().get(`/api/challenges/${challengeId}/roster`).query({ q: 'dARIO' }).set(auth(director)).expect(200);
    expect((found.body as Body[]).map((r) => [r.displayName, r.waitlistPlace])).toEqual([[`Dario ${tag}`, 2]]);
    const checkedIn = await api.http().get(`/api/challenges/${challengeId}/roster`).query({ status: 'checked_in' }).set(auth(director)).expect(200);
    expect((checkedIn.body as Body[]).map((r) => r.displayName)).toEqual([`Ana ${tag}`]);
    const nobody = await api.http().get(`/api/challenges/${challengeId}/roster`).query({ q: '100%_' }).set(auth(director)).expect(200);
    expect(nobody.body).toEqual([]);

    // The act the list offers: a disqualification, audited with its reason, shown on the line.
    await api.http().post(`/api/challenges/${challengeId}/disqualifications`).set(auth(director)).send({ userId: people[1].id, reason: 'insulted the table\nand left' }).expect(200);
    const after = await api.http().get(`/api/challenges/${challengeId}/roster`).query({ q: 'bruno' }).set(auth(director)).expect(200);
    expect(after.body[0]).toMatchObject({ displayName: `Bruno ${tag}`, disqualifyReason: 'insulted the table\nand left' });
    expect(after.body[0].disqualifiedAt).not.toBeNull();
  });

  it('the list is default-deny: another city\'s director gets 403 NOT_YOUR_CITY, a player 403, a bad status 400', async () => {
    const { challengeId } = await challengeWithLine();
    const elsewhere = await api.user({ roles: ['director'] });
    const other = await prisma.city.create({ data: { name: 'Elsewhere', slug: `else-${Date.now()}`, timeZone: 'America/Chicago', region: 'south', tier: 'T1' } });
    await directCity(api, elsewhere.id, { cityId: other.id });
    const refused = await api.http().get(`/api/challenges/${challengeId}/roster`).set(auth(elsewhere)).expect(403);
    expect(refused.body.code).toBe('NOT_YOUR_CITY');
    const player = await api.user();
    expect((await api.http().get(`/api/challenges/${challengeId}/roster`).set(auth(player)).expect(403)).body.code).toBe('FORBIDDEN');
    const director = await api.user({ roles: ['director'] });
    await directCity(api, director.id, { challengeId });
    expect((await api.http().get(`/api/challenges/${challengeId}/roster`).query({ status: 'gone' }).set(auth(director)).expect(400)).body.code).toBe('VALIDATION_FAILED');
  });

  it('the audit log in words names who acted and to whom, with the reason; filtered by kind, person and date, paged by cursor, in the director\'s cities only', async () => {
    const { challengeId, people, tag } = await challengeWithLine();
    const director = await api.user({ roles: ['director'], displayName: 'Wanda Words' });
    await directCity(api, director.id, { challengeId });
    await api.http().post(`/api/challenges/${challengeId}/disqualifications`).set(auth(director)).send({ userId: people[2].id, reason: 'played under a false name' }).expect(200);
    await api.http().post(`/api/challenges/${challengeId}/disqualifications`).set(auth(director)).send({ userId: people[3].id, reason: 'no-show twice' }).expect(200);

    const byName = await api.http().get('/api/admin/audit-log/named').query({ person: `carla ${tag.toLowerCase()}` }).set(auth(director)).expect(200);
    expect(byName.body.entries).toHaveLength(1);
    expect(byName.body.entries[0]).toMatchObject({
      action: 'challenge.player-disqualified',
      actorName: 'Wanda Words',
      subjectId: people[2].id,
      subjectName: `Carla ${tag}`,
      reason: 'played under a false name',
      entityId: challengeId,
    });
    expect(byName.body.entries[0].entityLabel).toMatch(/^Staff City st-\w+ · 2027-02-06$/);
    // By the actor's name, by kind (a family of actions), and one page at a time.
    const first = await api.http().get('/api/admin/audit-log/named').query({ person: 'wanda', kind: 'challenge', limit: 1 }).set(auth(director)).expect(200);
    expect(first.body.entries.map((e: Body) => e.subjectName)).toEqual([`Dario ${tag}`]);
    expect(first.body.next).toBe(first.body.entries[0].id);
    const second = await api.http().get('/api/admin/audit-log/named').query({ person: 'wanda', kind: 'challenge', limit: 1, after: first.body.next }).set(auth(director)).expect(200);
    expect(second.body.entries.map((e: Body) => e.subjectName)).toEqual([`Carla ${tag}`]);
    expect(second.body.next).toBeNull();
    expect((await api.http().get('/api/admin/audit-log/named').query({ person: 'wanda', kind: 'table' }).set(auth(director)).expect(200)).body.entries).toEqual([]);
    // By date: nothing before yesterday; today's are there.
    const yesterday = new Date(Date.now() - DAY).toISOString();
    expect((await api.http().get('/api/admin/audit-log/named').query({ person: 'wanda', to: yesterday }).set(auth(director)).expect(200)).body.entries).toEqual([]);
    expect((await api.http().get('/api/admin/audit-log/named').query({ person: 'wanda', from: yesterday }).set(auth(director)).expect(200)).body.entries).toHaveLength(2);
    // The names come with the page's one query, not a look-up per entry.
    const reviewer = await api.user({ roles: ['reviewer'] });
    const raw = jest.spyOn(prisma, '$queryRaw');
    const users = jest.spyOn(prisma.user, 'findMany');
    const page = await api.http().get('/api/admin/audit-log/named').query({ kind: 'challenge', person: tag.toLowerCase() }).set(auth(reviewer)).expect(200);
    expect(page.body.entries.map((e: Body) => e.subjectName)).toEqual([`Dario ${tag}`, `Carla ${tag}`]);
    expect([raw.mock.calls.length, users.mock.calls.length]).toEqual([1, 0]);
    raw.mockRestore();
    users.mockRestore();
    // Another city's director reads none of it, and asking for this challenge is NOT_YOUR_CITY.
    const elsewhere = await api.user({ roles: ['director'] });
    const other = await prisma.city.create({ data: { name: 'Far Away', slug: `far-${Date.now()}`, timeZone: 'America/Chicago', region: 'south', tier: 'T1' } });
    await directCity(api, elsewhere.id, { cityId: other.id });
    expect((await api.http().get('/api/admin/audit-log/named').query({ person: 'wanda' }).set(auth(elsewhere)).expect(200)).body.entries).toEqual([]);
    expect((await api.http().get('/api/admin/audit-log/named').query({ entityType: 'challenge', entityId: challengeId }).set(auth(elsewhere)).expect(403)).body.code).toBe('NOT_YOUR_CITY');
    expect((await api.http().get('/api/admin/audit-log/named').query({ kind: 'DROP TABLE' }).set(auth(director)).expect(400)).body.code).toBe('VALIDATION_FAILED');
  });

  it('a reviewer opens a case by hand: a player found by name, games chosen from theirs, a reason on several lines; audited and independent', async () => {
    const { gameId, players } = await tableWithGame(api);
    await prisma.user.update({ where: { id: players[1].id }, data: { displayName: 'Quentin Suspect' } });
    const reviewer = await api.user({ roles: ['reviewer'], displayName: 'Rita Board' });

    const matches = await api.http().get('/api/integrity/players').query({ q: 'quentin s' }).set(auth(reviewer)).expect(200);
    expect(matches.body).toEqual([{ id: players[1].id, displayName: 'Quentin Suspect' }]);
    const games = await api.http().get(`/api/integrity/players/${players[1].id}/games`).set(auth(reviewer)).expect(200);
    expect(games.body.map((g: Body) => g.id)).toEqual([gameId]);
    expect(games.body[0]).toMatchObject({ city: 'Fixture City', round: 1, table: 1 });
    expect(games.body[0].opponents).toHaveLength(3);

    // Control characters other than line breaks are refused; a game the player did not play is refused.
    const bell = await api.http().post('/api/integrity/cases').set(auth(reviewer)).send({ subjectIds: [players[1].id], summary: 'knew\u0007 my hand', gameIds: [gameId] }).expect(400);
    expect(bell.body.code).toBe('VALIDATION_FAILED');
    const stranger = await tableWithGame(api);
    const notTheirs = await api.http().post('/api/integrity/cases').set(auth(reviewer)).send({ subjectIds: [players[1].id], summary: 'knew my hand', gameIds: [stranger.gameId] }).expect(400);
    expect([notTheirs.body.code, notTheirs.body.details]).toEqual(['NOT_THEIR_GAME', { gameIds: [stranger.gameId] }]);

    // A reviewer who sat at that table, or who is the player, may not open it.
    await prisma.user.update({ where: { id: players[2].id }, data: { roles: ['competitor', 'reviewer'] } });
    const played = await api.http().post('/api/integrity/cases').set(auth(players[2])).send({ subjectIds: [players[1].id], summary: 'knew my hand', gameIds: [gameId] }).expect(403);
    expect([played.body.code, played.body.details]).toEqual(['NOT_INDEPENDENT', { reasons: ['played'] }]);
    const self = await api.http().post('/api/integrity/cases').set(auth(players[2])).send({ subjectIds: [players[2].id], summary: 'about me' }).expect(403);
    expect(self.body.details.reasons).toContain('party');
    // A reviewer who signed in on the player's device (the same fingerprint; a shared address alone is not a link).
    const sameDevice = await api.user({ roles: ['reviewer'] });
    const fingerprintHash = 'ab'.repeat(32);
    await prisma.userSession.createMany({ data: [{ userId: sameDevice.id, fingerprintHash, ip: '10.0.0.7', source: 'login' }, { userId: players[1].id, fingerprintHash, ip: '10.0.0.8', source: 'login' }] });
    const linked = await api.http().post('/api/integrity/cases').set(auth(sameDevice)).send({ subjectIds: [players[1].id], summary: 'knew my hand', gameIds: [gameId] }).expect(403);
    expect([linked.body.code, linked.body.details]).toEqual(['NOT_INDEPENDENT', { reasons: ['linked'] }]);
    expect(await prisma.integrityCase.count({ where: { subjectIds: { has: players[1].id } } })).toBe(0);

    const opened = await api.http().post('/api/integrity/cases').set(auth(reviewer)).send({ subjectIds: [players[1].id], summary: '  Knew my tiles in round 1.\nAsk the table.  ', gameIds: [gameId] }).expect(201);
    expect(opened.body).toMatchObject({ source: 'manual', subjectIds: [players[1].id], summary: 'Knew my tiles in round 1.\nAsk the table.', openedById: reviewer.id });
    const detail = await api.http().get(`/api/integrity/cases/${opened.body.id}`).set(auth(reviewer)).expect(200);
    expect(detail.body.games.map((g: Body) => g.id)).toEqual([gameId]);
    const audit = await api.http().get('/api/admin/audit-log/named').query({ kind: 'integrity.case.opened', person: 'quentin' }).set(auth(reviewer)).expect(200);
    expect(audit.body.entries[0]).toMatchObject({ actorName: 'Rita Board', subjectName: 'Quentin Suspect', reason: 'Knew my tiles in round 1.\nAsk the table.' });
  });

  it('the appeals list names the appellant and the case', async () => {
    const appellant = await api.user({ displayName: 'Paula Appeal' });
    const reviewer = await api.user({ roles: ['reviewer'] });
    const judge = await api.user({ roles: ['reviewer'] });
    const c = await api.http().post('/api/integrity/cases').set(auth(reviewer)).send({ subjectIds: [appellant.id], summary: 'passed tiles to a partner' }).expect(201);
    const d = await api.http().post(`/api/integrity/cases/${c.body.id}/decisions`).set(auth(reviewer)).send({ userId: appellant.id, finding: 'minor', reason: 'seen twice' }).expect(201);
    await api.http().post('/api/appeals').set(auth(appellant)).send({ decisionId: d.body.id, statement: 'I never passed a tile to anyone' }).expect(201);
    const list = await api.http().get('/api/integrity/appeals').set(auth(judge)).expect(200);
    const mine = (list.body as Body[]).find((a) => a.userId === appellant.id)!;
    expect(mine).toMatchObject({ appellantName: 'Paula Appeal', decision: { caseId: c.body.id, caseSummary: 'passed tiles to a partner', caseSource: 'manual', reason: 'seen twice' } });
  });

  it('a player reports suspected cheating from a game: it joins the board\'s queue; one report per reporter, game and player; rate limited', async () => {
    const { gameId, players } = await tableWithGame(api);
    const [reporter, suspect, , other] = players;
    const reviewer = await api.user({ roles: ['reviewer'] });
    const report = (body: Body) => api.http().post('/api/reports').set(auth(reporter)).send({ subjectId: suspect.id, gameId, category: 'cheating', ...body });

    expect((await report({ description: 'signals\u001b[31m' }).expect(400)).body.code).toBe('VALIDATION_FAILED');
    const filed = await report({ description: 'Always knew what I held.\nTwice in a row.' }).expect(201);
    expect(filed.body).toMatchObject({ subjectId: suspect.id, gameId, category: 'cheating', count: 1, merged: false });
    const again = await report({ description: 'and again' }).expect(201);
    expect(again.body).toMatchObject({ id: filed.body.id, count: 2, merged: true });
    expect(await prisma.integrityReport.count({ where: { reporterId: reporter.id, subjectId: suspect.id, gameId } })).toBe(1);

    const queue = await api.http().get('/api/integrity/cases').query({ playerId: suspect.id }).set(auth(reviewer)).expect(200);
    expect(queue.body).toHaveLength(1);
    expect(queue.body[0]).toMatchObject({ source: 'report', subjectIds: [suspect.id] });
    const reports = await api.http().get('/api/integrity/reports').query({ subjectId: suspect.id }).set(auth(reviewer)).expect(200);
    expect(reports.body[0]).toMatchObject({ gameId, category: 'cheating', description: 'Always knew what I held.\nTwice in a row.', count: 2 });

    // Someone who was not at that table cannot be reported for that game.
    const outsider = await api.user();
    const wrong = await api.http().post('/api/reports').set(auth(reporter)).send({ subjectId: outsider.id, gameId, category: 'collusion', description: 'was feeding' }).expect(400);
    expect(wrong.body.code).toBe('NOT_THEIR_GAME');
    // The third report within the window was `wrong` (counted before it was refused); the fourth is rate limited.
    const limited = await api.http().post('/api/reports').set(auth(reporter)).send({ subjectId: other.id, gameId, category: 'other', description: 'rude' }).expect(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
  });
});
