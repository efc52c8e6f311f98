import { PrismaService } from '@dcs/common';
import { seedStandingsSeason } from '../bench/lib/standings-seed';
import { startApi, TestApi } from './support/api';
import { challengeWithPlayers } from './support/challenge-fixtures';
import { createTestEnv, TestEnv } from './support/test-env';

/**
 * RFC 4180 read the way a spreadsheet reads it, written here apart from the platform's writer: records
 * end with CRLF, a quoted field may hold commas, quotes (doubled) and line breaks.
 */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else if (ch === '\n' || ch === '\r') throw new Error(`a bare line break outside quotes at ${i}`);
    else field += ch;
  }
  if (field !== '' || record.length) throw new Error('the last record does not end with CRLF');
  return records;
}

/** CSV records as objects by the header's names. */
function csvObjects(text: string): { header: string[]; rows: Record<string, string>[] } {
  const [header, ...records] = parseCsv(text);
  for (const r of records) expect(r).toHaveLength(header.length);
  return { header, rows: records.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]]))) };
}

/** What the CSV must hold for a JSON value: null empty, the rest as text; a typed text starting like a formula behind a quote. */
const asCsv = (v: unknown, typed: boolean): string => {
  if (v === null) return '';
  const text = String(v);
  return typed && typeof v === 'string' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
};

const EVIL = '=HYPERLINK("http://evil.example/steal","Claim your prize")';

describe('exports (issue 40): CSV and JSON, streamed; cacheable public reads', () => {
  let env: TestEnv;
  let api: TestApi;
  let prisma: PrismaService;
  let fx: Awaited<ReturnType<typeof challengeWithPlayers>>;
  let seasonId: string;
  let otherCity: string;
  let director: { id: string; token: string };
  let otherDirector: { id: string; token: string };

  beforeAll(async () => {
    env = await createTestEnv('exports');
    api = await startApi(env, env.config({ EXPORT_RATE_LIMIT: '60' }));
    prisma = api.app.get(PrismaService);
    fx = await challengeWithPlayers(prisma, { checkedIn: 16 });
    const season = await prisma.season.create({ data: { cityId: fx.cityId, number: 1, startDate: '2027-01-02', status: 'active' } });
    seasonId = season.id;
    const [a, b, c, d, ...rest] = fx.players;
    await prisma.user.update({ where: { id: c }, data: { displayName: EVIL } });
    await prisma.user.update({ where: { id: b }, data: { displayName: 'Smith, "Bo"' } });
    const round = await prisma.round.create({ data: { challengeId: fx.challengeId, number: 1, status: 'finished' } });
    const result = [a, b, c, d].map((userId, i) => ({ userId, seat: i, score: 150 - 30 * i, place: i + 1, advanced: i < 2, forfeited: false }));
    const table = await prisma.challengeTable.create({ data: { challengeId: fx.challengeId, roundId: round.id, index: 0, status: 'finished', result } });
    await prisma.tableSeat.createMany({ data: [a, b, c, d].map((userId, seat) => ({ tableId: table.id, seat, userId, seed: seat + 1 })) });
    const placements = [[a, '1', 1500], [b, '2', 350], [c, '3-4', 200], [d, '3-4', 200], ...rest.map((p) => [p, 'participation', 25] as const)] as const;
    await prisma.placement.createMany({ data: placements.map(([userId, placement, rankingPoints]) => ({ challengeId: fx.challengeId, userId, placement, rankingPoints, prizeCents: placement === '1' ? 25_000 : 0 })) });
    await prisma.challenge.update({ where: { id: fx.challengeId }, data: { status: 'completed', completedAt: new Date(), seasonId, week: 1 } });

    director = await api.user({ roles: ['director'] });
    otherDirector = await api.user({ roles: ['director'] });
    otherCity = (await prisma.city.create({ data: { name: 'Elsewhere', slug: `elsewhere-${Date.now()}`, timeZone: 'America/Chicago', region: 'south', tier: 'T1' } })).id;
    await prisma.directorCity.createMany({ data: [{ userId: director.id, cityId: fx.cityId }, { userId: otherDirector.id, cityId: otherCity }] });
    await prisma.auditLog.createMany({
      data: [
        { actorId: director.id, action: 'city.update', entityType: 'city', entityId: fx.cityId, reason: '+SUM(1,2) moved the check-in', data: { note: '@here' }, createdAt: new Date('2027-01-01T10:00:00Z') },
        { actorId: director.id, action: 'challenge.update', entityType: 'challenge', entityId: fx.challengeId, reason: 'a line\nand another, "quoted"', createdAt: new Date('2027-01-02T10:00:00Z') },
        { actorId: otherDirector.id, action: 'city.update', entityType: 'city', entityId: otherCity, reason: 'not theirs', createdAt: new Date('2027-01-03T10:00:00Z') },
      ],
    });
  });
  afterAll(async () => {
    await api?.close();
    await env?.drop();
  });

  it("exports a completed challenge's results as CSV equal to the JSON, the typed =HYPERLINK name neutralised, as a download with a safe name", async () => {
    const json = await api.http().get(`/api/exports/challenges/${fx.challengeId}/results?format=json`);
    expect(json.status).toBe(200);
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    const rows = json.body as Record<string, unknown>[];
    expect(rows).toHaveLength(16);
    expect(rows[0]).toMatchObject({ challengeId: fx.challengeId, date: '2027-01-02', placement: '1', playerId: fx.players[0], seed: 1, roundsPlayed: 1, lastRound: 1, tablesAdvanced: 1, rankingPoints: 1500, prizeCents: 25_000, disqualified: false });
    expect(rows.find((r) => r.playerId === fx.players[2])).toMatchObject({ displayName: EVIL, placement: '3-4', tablesAdvanced: 0 });

    const csv = await api.http().get(`/api/exports/challenges/${fx.challengeId}/results?format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="dcs-challenge-2027-01-02-[0-9a-f]{8}-results\.csv"$/);
    const text = csv.text;
    expect(text.split('\r\n')[0]).toBe('challengeId,date,placement,playerId,displayName,seed,roundsPlayed,lastRound,tablesAdvanced,rankingPoints,prizeCents,disqualified');
    const { header, rows: parsed } = csvObjects(text);
    expect(parsed).toEqual(rows.map((r) => Object.fromEntries(header.map((h) => [h, asCsv(r[h], h === 'displayName')]))));
    // the name a spreadsheet would run is text behind a quote; the comma and quotes of another survive as typed
    expect(parsed.find((r) => r.playerId === fx.players[2])!.displayName).toBe(`'${EVIL}`);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example/steal"",""Claim your prize"")"`);
    expect(parsed.find((r) => r.playerId === fx.players[1])!.displayName).toBe('Smith, "Bo"');
    // Accept: text/csv without ?format gives the same CSV
    const byAccept = await api.http().get(`/api/exports/challenges/${fx.challengeId}/results`).set('Accept', 'text/csv');
    expect(byAccept.headers['content-type']).toMatch(/^text\/csv/);
    // public data: a CDN may keep it (anonymous), varying on the credential and the format asked by Accept
    expect(json.headers['cache-control']).toBe('public, max-age=300, stale-while-revalidate=86400');
    expect(json.headers.vary).toMatch(/Authorization/);
    expect(json.headers.vary).toMatch(/Accept/);
  });

  it("exports a season's standings with every tiebreaker column and the Elite Six, CSV equal to JSON, and answers 304 while they are unchanged", async () => {
    const url = `/api/exports/cities/${fx.cityId}/seasons/${seasonId}/standings`;
    const json = await api.http().get(`${url}?format=json`);
    expect(json.status).toBe(200);
    const rows = json.body as Record<string, unknown>[];
    expect(rows).toHaveLength(16);
    expect(Object.keys(rows[0])).toEqual(['position', 'rank', 'playerId', 'displayName', 'points', 'tournamentWins', 'gamesPlayed', 'avgScoreDiff', 'tiebreak', 'eliteSixEligible', 'status', 'pointsStillPossible', 'resets', 'eliteSixSeed', 'eliteSixBenefit']);
    expect(rows[0]).toMatchObject({ position: 1, rank: 1, playerId: fx.players[0], points: 1500, tournamentWins: 1, eliteSixSeed: 1 });
    expect(rows.map((r) => r.position)).toEqual(rows.map((_, i) => i + 1));
    // the same order and columns as the standings page
    const page = await api.http().get(`/api/cities/${fx.cityId}/seasons/${seasonId}/standings?pageSize=16`);
    expect(rows.map((r) => [r.playerId, r.rank, r.points, r.tiebreak, r.status])).toEqual(page.body.items.map((r: Record<string, unknown>) => [r.playerId, r.rank, r.points, r.tiebreak, r.status]));

    const csv = await api.http().get(`${url}?format=csv`);
    const { header, rows: parsed } = csvObjects(csv.text);
    expect(header).toEqual(Object.keys(rows[0]));
    expect(parsed).toEqual(rows.map((r) => Object.fromEntries(header.map((h) => [h, asCsv(r[h], h === 'displayName' || h === 'resets')]))));

    expect(json.headers.etag).toMatch(/^W\/"/);
    const again = await api.http().get(`${url}?format=json`).set('If-None-Match', json.headers.etag as string);
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    // the CSV is another representation: its own ETag
    expect(csv.headers.etag).not.toBe(json.headers.etag);
  });

  it('streams a season of 2,500 players (several cursor fetches, many writes) in standings order, row for row the pages', async () => {
    const big = await seedStandingsSeason(env.databaseUrl, prisma, 2_500);
    const res = await api.http().get(`/api/exports/cities/${big.city}/seasons/${big.season}/standings?format=csv`);
    expect(res.status).toBe(200);
    const { rows } = csvObjects(res.text);
    expect(rows).toHaveLength(2_500);
    const paged: string[] = [];
    for (let p = 1; p <= 13; p++) {
      const page = await api.http().get(`/api/cities/${big.city}/seasons/${big.season}/standings?page=${p}&pageSize=200`);
      paged.push(...page.body.items.map((r: { playerId: string }) => r.playerId));
    }
    expect(rows.map((r) => r.playerId)).toEqual(paged);
    expect(rows.map((r) => Number(r.position))).toEqual(paged.map((_, i) => i + 1));
  });

  it("exports a city's audit log to its director (typed reasons neutralised, never cached) and refuses a director of another city with NOT_YOUR_CITY", async () => {
    const url = `/api/exports/cities/${fx.cityId}/audit-log`;
    const csv = await api.http().get(`${url}?format=csv`).set('Authorization', `Bearer ${director.token}`);
    expect(csv.status).toBe(200);
    expect(csv.headers['cache-control']).toBe('no-store');
    const { header, rows } = csvObjects(csv.text);
    expect(header).toEqual(['createdAt', 'id', 'actorId', 'actorName', 'action', 'entityType', 'entityId', 'reason', 'data']);
    const mine = rows.filter((r) => r.createdAt.startsWith('2027-'));
    expect(mine.map((r) => [r.action, r.entityId])).toEqual([
      ['city.update', fx.cityId],
      ['challenge.update', fx.challengeId],
    ]);
    expect(mine[0].reason).toBe("'+SUM(1,2) moved the check-in");
    expect(mine[1].reason).toBe('a line\nand another, "quoted"');
    expect(JSON.parse(mine[0].data)).toEqual({ note: '@here' });
    expect(rows.some((r) => r.reason === 'not theirs')).toBe(false);
    // the JSON holds the same rows, the typed text as typed
    const all = await api.http().get(`${url}?format=json`).set('Authorization', `Bearer ${director.token}`);
    expect(rows).toEqual((all.body as Record<string, unknown>[]).map((r) => Object.fromEntries(header.map((h) => [h, asCsv(r[h], ['actorName', 'reason', 'data'].includes(h))]))));
    const json = await api.http().get(`${url}?format=json&from=2027-01-02T00:00:00Z`).set('Authorization', `Bearer ${director.token}`);
    expect((json.body as { action: string; createdAt: string }[]).filter((r) => r.createdAt.startsWith('2027-')).map((r) => r.action)).toEqual(['challenge.update']);

    const refused = await api.http().get(`${url}?format=csv`).set('Authorization', `Bearer ${otherDirector.token}`);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('NOT_YOUR_CITY');
    expect(refused.headers['cache-control']).toBe('no-store');
    const player = await api.user();
    expect((await api.http().get(url).set('Authorization', `Bearer ${player.token}`)).body.code).toBe('FORBIDDEN');
    expect((await api.http().get(url)).status).toBe(401);
  });

  it("the city's audit export holds what its director reads of the log: a director call's entries too, never another city's director's view", async () => {
    const table = await prisma.challengeTable.findFirstOrThrow({ where: { challengeId: fx.challengeId } });
    const call = await prisma.directorCall.create({ data: { challengeId: fx.challengeId, tableId: table.id, callerId: fx.players[0], callerRole: 'player', reason: 'wrong_result', message: 'our score was entered wrong' } });
    const entry = await prisma.auditLog.create({ data: { actorId: fx.players[0], action: 'director-call.created', entityType: 'director_call', entityId: call.id, reason: 'our score was entered wrong', data: { tableId: table.id, reason: 'wrong_result', role: 'player' } } });
    const log = (who: { token: string }, query: Record<string, string>) => api.http().get('/api/admin/audit-log').query(query).set('Authorization', `Bearer ${who.token}`);

    const seen = await log(director, { entityType: 'director_call' });
    expect(seen.status).toBe(200);
    expect((seen.body as { id: string }[]).map((e) => e.id)).toEqual([entry.id]);
    expect((await log(director, { entityType: 'director_call', entityId: call.id })).body).toEqual([expect.objectContaining({ id: entry.id, action: 'director-call.created' })]);
    const exported = await api.http().get(`/api/exports/cities/${fx.cityId}/audit-log?format=json`).set('Authorization', `Bearer ${director.token}`);
    expect(exported.status).toBe(200);
    expect((exported.body as Record<string, unknown>[]).filter((r) => r.id === entry.id)).toEqual([expect.objectContaining({ action: 'director-call.created', entityType: 'director_call', entityId: call.id, reason: 'our score was entered wrong' })]);
    // Every entry the director reads of this city is in its export.
    const exportedIds = new Set((exported.body as { id: string }[]).map((r) => r.id));
    expect((await log(director, { limit: '200' })).body.filter((e: { id: string }) => !exportedIds.has(e.id))).toEqual([]);

    // Another city's director reads none of it.
    expect((await log(otherDirector, { entityType: 'director_call' })).body).toEqual([]);
    expect((await log(otherDirector, { entityType: 'director_call', entityId: call.id })).body.code).toBe('NOT_YOUR_CITY');
  });

  it('answers a bad format, a bad id, an unknown season and an unfinished challenge with a code', async () => {
    const bad = await api.http().get(`/api/exports/challenges/${fx.challengeId}/results?format=xlsx`);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('EXPORT_FORMAT_UNSUPPORTED');
    const badId = await api.http().get('/api/exports/challenges/not-an-id/results?format=csv');
    expect(badId.status).toBe(400);
    expect(badId.body.code).toBe('INVALID_ID');
    const unknown = await api.http().get(`/api/exports/cities/${fx.cityId}/seasons/00000000-0000-4000-8000-000000000000/standings`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('NOT_FOUND');
    const running = await challengeWithPlayers(prisma, { checkedIn: 4 });
    const early = await api.http().get(`/api/exports/challenges/${running.challengeId}/results`);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('CHALLENGE_NOT_COMPLETED');
    expect(early.headers['content-type']).toMatch(/^application\/json/);
    expect(early.headers['content-disposition']).toBeUndefined();
  });

  it('public reads carry an ETag and public Cache-Control with stale-while-revalidate, answer 304 on a match, and a signed-in read is private', async () => {
    const url = `/api/challenges/${fx.challengeId}/bracket`;
    const first = await api.http().get(url);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=10, stale-while-revalidate=60');
    expect(first.headers.vary).toMatch(/Authorization/);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await api.http().get(url).set('If-None-Match', etag);
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    const standings = await api.http().get(`/api/cities/${fx.cityId}/seasons/${seasonId}/standings`);
    expect(standings.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600');
    expect((await api.http().get(`/api/cities/${fx.cityId}/seasons/${seasonId}/standings`).set('If-None-Match', standings.headers.etag as string)).status).toBe(304);

    // a director reads the registrations with the players' ids: that answer is theirs, never a CDN's
    const anonymous = await api.http().get(`/api/challenges/${fx.challengeId}/registrations`);
    expect(anonymous.headers['cache-control']).toMatch(/^public/);
    const signedIn = await api.http().get(`/api/challenges/${fx.challengeId}/registrations`).set('Authorization', `Bearer ${director.token}`);
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
    expect(signedIn.headers['cache-control']).not.toMatch(/public/);
    // a person's own data and errors are never stored
    expect((await api.http().get('/api/me').set('Authorization', `Bearer ${director.token}`)).headers['cache-control']).toBe('no-store');
    expect((await api.http().get('/api/challenges/00000000-0000-4000-8000-000000000000/bracket')).headers['cache-control']).toBe('no-store');
  });

  it('limits exports per client address: RATE_LIMITED with Retry-After once the window is spent', async () => {
    let last = await api.http().get(`/api/exports/challenges/${fx.challengeId}/results?format=csv`);
    for (let i = 0; i < 70 && last.status === 200; i++) last = await api.http().get(`/api/exports/challenges/${fx.challengeId}/results?format=csv`);
    expect(last.status).toBe(429);
    expect(last.body.code).toBe('RATE_LIMITED');
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });
});
