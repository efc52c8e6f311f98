import { randomUUID } from 'node:crypto';
import { AddressInfo } from 'node:net';
import { io, Socket } from 'socket.io-client';
import { Clock, FakeClock, PrismaService } from '@dcs/common';
import { TurnClockService } from '@dcs/tournament';
import { startApi, storedGame, TestApi } from './support/api';
import { directCity, tableWithGame } from './support/fixtures';
import { createTestEnv, TestEnv } from './support/test-env';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const HOUR = 3_600_000;

const connect = (port: number, token: string): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const socket = io(`http://127.0.0.1:${port}/live`, { transports: ['websocket'], forceNew: true, reconnection: false, auth: { token } });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });

describe('the code of conduct: table chat and the conduct ledger', () => {
  let env: TestEnv;
  let api: TestApi;
  let prisma: PrismaService;
  let port: number;
  let fake: FakeClock;
  const sockets: Socket[] = [];
  const auth = (t: { token: string }) => ({ Authorization: `Bearer ${t.token}` });

  beforeAll(async () => {
    env = await createTestEnv('conduct');
    api = await startApi(env);
    await api.app.listen(0, '127.0.0.1');
    port = (api.app.getHttpServer().address() as AddressInfo).port;
    prisma = api.app.get(PrismaService);
    fake = new FakeClock(new Date());
    jest.spyOn(api.app.get(Clock, { strict: false }), 'now').mockImplementation(() => fake.now());
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await api.close();
    await env.drop();
  });

  const open = async (token: string) => {
    const s = await connect(port, token);
    sockets.push(s);
    return s;
  };
  const say = async (s: Socket, gameId: string, text: unknown) => (await s.timeout(10_000).emitWithAck('chat', { gameId, text })) as Body;

  it('delivers clean chat to the table, blocks profanity and contact details before delivery, and climbs the chat ladder to permanent', async () => {
    const { gameId, players } = await tableWithGame(api, 4);
    const [p0, p1] = players;
    const s0 = await open(p0.token);
    const s1 = await open(p1.token);
    const heard: Body[] = [];
    s1.on('chat:message', (m: Body) => heard.push(m));

    const ok = await say(s0, gameId, '  good luck, have fun  ');
    expect(ok).toMatchObject({ ok: true, message: { gameId, userId: p0.id, seat: 0, text: 'good luck, have fun' } });
    for (let i = 0; i < 100 && heard.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(heard.map((m) => m.text)).toEqual(['good luck, have fun']);

    const invalid = await say(s0, gameId, '');
    expect(invalid).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });

    // 1st blocked message: a phone number during the match → 24-hour restriction.
    const phone = await say(s0, gameId, 'text me on 555-123-4567 after');
    expect(phone).toMatchObject({ ok: false, error: { code: 'CHAT_BLOCKED', details: { reason: 'phone', ladderStep: 1, permanent: false } } });
    expect(new Date(phone.error.details.restrictedUntil).getTime() - fake.now().getTime()).toBe(24 * HOUR);
    const refused = await say(s0, gameId, 'sorry everyone');
    expect(refused).toMatchObject({ ok: false, error: { code: 'CHAT_RESTRICTED' } });

    // After each restriction ends, the next blocked message climbs: 7 days, 30 days, permanent.
    const steps: [string, number | null][] = [
      ['what the fuck was that', 7 * 24],
      ['find me on insta: dominoking', 30 * 24],
      ['you are a sh1t player', null],
    ];
    let n = 2;
    for (const [text, hours] of steps) {
      fake.advance(31 * 24 * HOUR);
      const res = await say(s0, gameId, text);
      expect(res.error).toMatchObject({ code: 'CHAT_BLOCKED', details: { ladderStep: n, permanent: hours === null } });
      if (hours !== null) expect(new Date(res.error.details.restrictedUntil).getTime() - fake.now().getTime()).toBe(hours * HOUR);
      n += 1;
    }
    fake.advance(365 * 24 * HOUR);
    expect((await say(s0, gameId, 'hello again')).error).toMatchObject({ code: 'CHAT_RESTRICTED', details: { until: null } });
    await new Promise((r) => setTimeout(r, 200));
    expect(heard.map((m) => m.text)).toEqual(['good luck, have fun']); // nothing blocked was ever delivered

    const mine = (await api.http().get('/api/me/conduct').set(auth(p0))).body;
    expect(mine.chatRestriction).toMatchObject({ kind: 'chat_restriction', until: null, permanent: true });
    expect(mine.violations.map((v: Body) => v.kind)).toEqual(['chat', 'chat', 'chat', 'chat']);
    expect((await env.sql("SELECT 1 FROM audit_log WHERE action = 'conduct.chat.blocked' AND entity_id = $1", [p0.id])).length).toBe(4);

    // Only seated players chat at a table.
    const outsider = await api.user();
    expect((await say(await open(outsider.token), gameId, 'hi')).error.code).toBe('NOT_SEATED');
    fake.set(new Date());
  });

  it('lets a director file violations with sanctions and their effects, keeps competitors out of the ledger, and revokes exactly', async () => {
    const { tableId, players } = await tableWithGame(api, 4);
    const director = await api.user({ roles: ['director'] });
    await directCity(api, director.id, { tableId });
    const [p] = players;
    const table = await prisma.challengeTable.findUniqueOrThrow({ where: { id: tableId } });
    const season = await prisma.season.create({ data: { cityId: (await prisma.challenge.findUniqueOrThrow({ where: { id: table.challengeId } })).cityId, number: 1, startDate: '2026-11-07', status: 'active' } });
    await prisma.registration.create({ data: { challengeId: table.challengeId, userId: p.id, status: 'registered', position: 1, checkedInAt: new Date() } });
    // An earlier prize of p's in another completed challenge.
    const t = new Date();
    const done = await prisma.challenge.create({
      data: { cityId: season.cityId, seasonId: season.id, week: 1, localDate: '2026-11-07', startsAt: t, registrationOpensAt: t, checkInOpensAt: t, checkInClosesAt: t, status: 'completed', prizePoolCents: 50_000, prizeSplit: { first: 5000, second: 3000, thirdFourthEach: 1000 } },
    });
    await prisma.placement.create({ data: { challengeId: done.id, userId: p.id, placement: '1', rankingPoints: 500, prizeCents: 25_000 } });

    const denied = await api.http().post('/api/conduct/violations').set(auth(p)).send({ userId: p.id, reason: 'self', sanctions: [] });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe('FORBIDDEN');
    expect((await api.http().get('/api/conduct/violations').set(auth(p))).body.code).toBe('FORBIDDEN');
    const bad = await api.http().post('/api/conduct/violations').set(auth(director)).send({ userId: p.id, reason: 'abuse', sanctions: [{ kind: 'suspension' }, { kind: 'prize_forfeiture' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    expect(await env.sql("SELECT 1 FROM conduct_violations WHERE kind = 'director'")).toEqual([]);

    const body = {
      userId: p.id,
      reason: 'abusive language towards the table director',
      requestId: 'conduct-filing-0001',
      sanctions: [
        { kind: 'tournament_disqualification', challengeId: table.challengeId },
        { kind: 'suspension', hours: 72 },
        { kind: 'elite_six_disqualification', seasonId: season.id },
        { kind: 'prize_forfeiture', challengeId: done.id },
      ],
    };
    const filed = await api.http().post('/api/conduct/violations').set(auth(director)).send(body);
    expect(filed.status).toBe(201);
    expect(filed.body.sanctions.map((s: Body) => s.kind).sort()).toEqual(['elite_six_disqualification', 'prize_forfeiture', 'suspension', 'tournament_disqualification']);
    const [reg] = await env.sql<{ disqualified_at: Date | null }>('SELECT disqualified_at FROM registrations WHERE challenge_id = $1 AND user_id = $2', [table.challengeId, p.id]);
    expect(reg.disqualified_at).not.toBeNull();
    expect((await env.sql<{ status: string }>('SELECT status FROM users WHERE id = $1', [p.id]))[0].status).toBe('suspended');
    expect((await env.sql('SELECT prize_cents FROM placements WHERE challenge_id = $1', [done.id]))[0]).toEqual({ prize_cents: 0 });
    expect(await env.sql("SELECT kind, source FROM season_penalties WHERE user_id = $1 AND revoked_at IS NULL", [p.id])).toEqual([{ kind: 'elite_six_disqualification', source: 'conduct' }]);
    // The same filing again (a retry) applies nothing twice.
    const again = await api.http().post('/api/conduct/violations').set(auth(director)).send(body);
    expect(again.body).toMatchObject({ id: filed.body.id, replayed: true });
    expect((await env.sql('SELECT 1 FROM conduct_sanctions WHERE user_id = $1', [p.id])).length).toBe(4);

    // Revoking the suspension lifts it; revoking the forfeiture restores the prize.
    const suspension = filed.body.sanctions.find((s: Body) => s.kind === 'suspension');
    const forfeiture = filed.body.sanctions.find((s: Body) => s.kind === 'prize_forfeiture');
    expect((await api.http().post(`/api/conduct/sanctions/${suspension.id}/revoke`).set(auth(director)).send({ reason: 'apology accepted' })).status).toBe(200);
    expect((await api.http().post(`/api/conduct/sanctions/${forfeiture.id}/revoke`).set(auth(director)).send({ reason: 'apology accepted' })).status).toBe(200);
    expect((await env.sql<{ status: string }>('SELECT status FROM users WHERE id = $1', [p.id]))[0].status).toBe('active');
    expect((await env.sql('SELECT prize_cents FROM placements WHERE challenge_id = $1', [done.id]))[0]).toEqual({ prize_cents: 25_000 });
    const ledger = (await api.http().get('/api/conduct/violations').query({ userId: p.id }).set(auth(director))).body as Body[];
    expect(ledger).toHaveLength(1);
    expect(ledger[0].sanctions.filter((s: Body) => s.revokedAt).map((s: Body) => s.kind).sort()).toEqual(['prize_forfeiture', 'suspension']);
  });

  it('writes a tournament disqualification and its filing in one transaction: a filing that fails later leaves the player in the challenge, and the corrected retry disqualifies once', async () => {
    const { tableId, gameId, players } = await tableWithGame(api, 4);
    const director = await api.user({ roles: ['director'] });
    await directCity(api, director.id, { tableId });
    const [p] = players;
    const { challengeId } = await prisma.challengeTable.findUniqueOrThrow({ where: { id: tableId } });
    await prisma.registration.create({ data: { challengeId, userId: p.id, status: 'registered', position: 1, checkedInAt: new Date() } });
    const file = (body: Body) => api.http().post('/api/conduct/violations').set(auth(director)).send(body);
    const disqualifiedAt = async () => (await env.sql<{ disqualified_at: Date | null }>('SELECT disqualified_at FROM registrations WHERE challenge_id = $1 AND user_id = $2', [challengeId, p.id]))[0].disqualified_at;
    const dqAudits = () => env.sql("SELECT 1 FROM audit_log WHERE action = 'challenge.player-disqualified' AND entity_id = $1", [challengeId]);
    const seatForfeited = async () => (await storedGame(api.app, gameId)).state.forfeited[p.seat];

    // The season id is a well-formed UUID, so the request passes validation; only the ledger finds that
    // no such season exists, after the disqualification has been written.
    const dq = { kind: 'tournament_disqualification', challengeId };
    const wrong = { userId: p.id, reason: 'threatened an opponent at the table', requestId: 'conduct-dq-atomic-0001', sanctions: [dq, { kind: 'elite_six_disqualification', seasonId: randomUUID() }] };
    const failed = await file(wrong);
    expect(failed.status).toBe(404);
    expect(failed.body.code).toBe('NOT_FOUND');
    expect(await disqualifiedAt()).toBeNull();
    expect(await dqAudits()).toEqual([]);
    expect(await seatForfeited()).toBe(false);
    expect(await env.sql("SELECT 1 FROM notifications WHERE user_id = $1 AND kind = 'challenge.disqualified'", [p.id])).toEqual([]);
    expect(await env.sql('SELECT 1 FROM conduct_violations WHERE user_id = $1', [p.id])).toEqual([]);

    // The corrected filing (the same key: the failed one left nothing behind) disqualifies once.
    const right = { ...wrong, sanctions: [dq] };
    const filed = await file(right);
    expect(filed.status).toBe(201);
    expect(filed.body).toMatchObject({ replayed: false, sanctions: [{ kind: 'tournament_disqualification', challengeId }] });
    const at = await disqualifiedAt();
    expect(at).not.toBeNull();
    expect(filed.body.sanctions[0].details).toEqual({ disqualifiedAt: at!.toISOString() });
    expect(await dqAudits()).toHaveLength(1);
    expect(await seatForfeited()).toBe(true);
    expect(await env.sql("SELECT 1 FROM notifications WHERE user_id = $1 AND kind = 'challenge.disqualified'", [p.id])).toHaveLength(1);

    // Its retry is the same filing; a new filing about the disqualified player is recorded without disqualifying again.
    const again = await file(right);
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ id: filed.body.id, replayed: true });
    const later = await file({ ...right, reason: 'further abuse after the disqualification', requestId: 'conduct-dq-atomic-0002' });
    expect(later.status).toBe(201);
    expect(later.body).toMatchObject({ replayed: false, sanctions: [{ kind: 'tournament_disqualification', details: { disqualifiedAt: at!.toISOString() } }] });
    expect(later.body.id).not.toBe(filed.body.id);
    expect(await disqualifiedAt()).toEqual(at);
    expect(await dqAudits()).toHaveLength(1);
    expect(await env.sql('SELECT 1 FROM conduct_violations WHERE user_id = $1', [p.id])).toHaveLength(2);
  });

  it('writes a stalling forfeit from the turn clock into the conduct ledger, in the same transaction', async () => {
    const { gameId, players } = await tableWithGame(api, 4);
    const director = await api.user({ roles: ['director'] });
    const clock = api.app.get(TurnClockService);
    const { version } = await prisma.game.findUniqueOrThrow({ where: { id: gameId } });
    const later = new Date(Date.now() + HOUR);
    const outcomes: string[] = [];
    for (let attempt = 0; attempt < 5; attempt++) outcomes.push(await clock.tick(gameId, version, attempt, later));
    expect(outcomes).toEqual(['ticket', 'ticket', 'ticket', 'ticket', 'forfeit']);
    const ledger = (await api.http().get('/api/conduct/violations').query({ kind: 'stalling' }).set(auth(director))).body as Body[];
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ kind: 'stalling', gameId, details: { severity: 'major', tickets: 5 } });
    expect(players.map((x) => x.id)).toContain(ledger[0].userId);
  });
});
