import { PrismaService } from '@dcs/common';
import { ChallengeFlowService } from '@dcs/tournament';
import { startApi, TestApi } from './support/api';
import { challengeWithPlayers } from './support/challenge-fixtures';
import { directCity } from './support/fixtures';
import { connectLive, RecordingClient, waitFor } from './support/live-client';
import { createTestEnv, TestEnv } from './support/test-env';

const PRESENCE_RENEW_MS = 300;

/** Call the director (SPEC 7): from a live table to the console of the challenge's city director and back. */
describe('call the director', () => {
  let env: TestEnv;
  let api: TestApi;
  let prisma: PrismaService;
  let flow: ChallengeFlowService;
  let director: { id: string; token: string };
  let otherDirector: { id: string; token: string };
  let spectator: { id: string; token: string };
  let port: number;
  const sockets: RecordingClient[] = [];

  beforeAll(async () => {
    env = await createTestEnv('director_calls');
    // Sockets renewed in the per-account counts every 300 ms (lapsing after 900 ms unrenewed), so a test sees
    // many renewal periods pass in a few seconds.
    api = await startApi(env, env.config({ LIVE_PRESENCE_RENEW_MS: String(PRESENCE_RENEW_MS) }));
    prisma = api.app.get(PrismaService);
    flow = api.app.get(ChallengeFlowService);
    director = await api.user({ roles: ['director'] });
    otherDirector = await api.user({ roles: ['director'] });
    // Spectating is not recorded per account: the one who calls from beside a table is a member of staff watching it.
    spectator = await api.user({ roles: ['reviewer'] });
    await api.app.listen(0, '127.0.0.1');
    port = (api.app.getHttpServer().address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const s of sockets) s.socket.close();
    await api.close();
    await env.drop();
  });

  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const tokenOf = (userId: string) => api.tokenOf(userId);
  const live = async (token: string) => {
    const c = await connectLive(port, token);
    sockets.push(c);
    return c;
  };

  async function running() {
    const fx = await challengeWithPlayers(prisma, { checkedIn: 16 });
    await directCity(api, director.id, fx);
    await flow.start(fx.challengeId);
    const round = await prisma.round.findFirstOrThrow({ where: { challengeId: fx.challengeId, number: 1 }, include: { tables: { orderBy: { index: 'asc' }, include: { seats: { orderBy: { seat: 'asc' } }, games: true } } } });
    return { ...fx, tables: round.tables };
  }

  it('a seated player calls; the city director sees it live, acknowledges and resolves it; the player sees the answer', async () => {
    const fx = await running();
    const table = fx.tables[0];
    const player = table.seats[0].userId;
    const playerToken = await tokenOf(player);
    const directorSocket = await live(director.token);
    const outsider = await live(otherDirector.token);
    const playerSocket = await live(playerToken);

    const created = await api.http().post(`/api/tables/${table.id}/director-calls`).set(as(playerToken)).send({ reason: 'clock_problem', message: 'My clock jumped by ten seconds' }).expect(201);
    const game = await prisma.game.findFirstOrThrow({ where: { tableId: table.id } });
    expect(created.body).toMatchObject({ status: 'open', callerRole: 'player', reason: 'clock_problem', tableId: table.id, tableIndex: 0, round: 1, gameId: game.id, gameVersion: game.version, caller: { id: player } });
    await waitFor('the director hears of the call', () => directorSocket.of('director-call:new').length === 1);
    expect(directorSocket.of('director-call:new')[0]).toMatchObject({ id: created.body.id, message: 'My clock jumped by ten seconds' });

    const list = await api.http().get(`/api/challenges/${fx.challengeId}/director-calls`).set(as(director.token)).expect(200);
    expect(list.body).toMatchObject({ waiting: 1, open: 1 });
    expect(list.body.calls[0].waitingSeconds).toBeGreaterThanOrEqual(0);
    // another city's director sees nothing of it
    await api.http().get(`/api/challenges/${fx.challengeId}/director-calls`).set(as(otherDirector.token)).expect(403);
    await api.http().post(`/api/director-calls/${created.body.id}/acknowledge`).set(as(otherDirector.token)).expect(403);

    const ack = await api.http().post(`/api/director-calls/${created.body.id}/acknowledge`).set(as(director.token)).expect(200);
    expect(ack.body).toMatchObject({ status: 'acknowledged', acknowledgedBy: { id: director.id } });
    await waitFor('the player sees the acknowledgement', () => playerSocket.of('director-call:updated').length === 1);

    const resolved = await api.http().post(`/api/director-calls/${created.body.id}/resolve`).set(as(director.token)).send({ note: 'Checked the log: the clock is right, play on' }).expect(200);
    expect(resolved.body).toMatchObject({ status: 'resolved', resolutionAct: 'none', resolutionNote: 'Checked the log: the clock is right, play on', resolvedBy: { id: director.id } });
    await waitFor('the player sees the answer', () => playerSocket.of('director-call:updated').length === 2);
    expect(playerSocket.of('director-call:updated')[1]).toMatchObject({ status: 'resolved', resolutionNote: 'Checked the log: the clock is right, play on' });
    expect(outsider.of('director-call:new')).toEqual([]);
    expect(outsider.of('director-call:updated')).toEqual([]);
    const mine = await api.http().get(`/api/tables/${table.id}/director-calls`).set(as(playerToken)).expect(200);
    expect(mine.body.map((c: { status: string }) => c.status)).toEqual(['resolved']);
    // resolving again changes nothing
    const again = await api.http().post(`/api/director-calls/${created.body.id}/resolve`).set(as(director.token)).send({ note: 'again' }).expect(409);
    expect(again.body.code).toBe('DIRECTOR_CALL_CLOSED');
    const audit = await prisma.auditLog.findMany({ where: { entityType: 'director_call', entityId: created.body.id }, orderBy: { createdAt: 'asc' } });
    expect(audit.map((a) => a.action)).toEqual(['director-call.created', 'director-call.acknowledged', 'director-call.resolved']);
  });

  it('resolves with a void: the table gets a replay, the act is audited as the void endpoint does, and only once when two directors resolve at once', async () => {
    const fx = await running();
    const table = fx.tables[1];
    const playerToken = await tokenOf(table.seats[1].userId);
    const call = await api.http().post(`/api/tables/${table.id}/director-calls`).set(as(playerToken)).send({ reason: 'wrong_result', message: 'The server dealt me nine tiles' }).expect(201);
    const second = await api.user({ roles: ['director'] });
    await directCity(api, second.id, fx);
    const [a, b] = await Promise.all([
      api.http().post(`/api/director-calls/${call.body.id}/resolve`).set(as(director.token)).send({ note: 'Bad deal: replayed', act: 'void' }),
      api.http().post(`/api/director-calls/${call.body.id}/resolve`).set(as(second.token)).send({ note: 'Bad deal: replayed', act: 'void' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const voids = await prisma.auditLog.findMany({ where: { action: 'table.voided', entityId: table.id } });
    expect(voids).toHaveLength(1);
    expect(voids[0].reason).toBe('Bad deal: replayed');
    expect(await prisma.game.count({ where: { tableId: table.id } })).toBe(2);
    const stored = await prisma.directorCall.findUniqueOrThrow({ where: { id: call.body.id } });
    expect(stored).toMatchObject({ status: 'resolved', resolutionAct: 'void' });
  });

  it('a failed act leaves the call waiting; a spectator may call only for a visible problem; one waiting call per table; 3 calls per 10 minutes', async () => {
    const fx = await running();
    const table = fx.tables[0];
    const hardStop = (await prisma.round.findFirstOrThrow({ where: { challengeId: fx.challengeId, number: 1 } })).hardStopAt;
    expect(hardStop).not.toBeNull();
    const playerToken = await tokenOf(table.seats[2].userId);
    const call = await api.http().post(`/api/tables/${table.id}/director-calls`).set(as(playerToken)).send({ reason: 'misconduct', message: 'Seat 2 is stalling' }).expect(201);
    // an order that is not the table's players: refused, the call is still waiting
    const bad = await api.http().post(`/api/director-calls/${call.body.id}/resolve`).set(as(director.token)).send({ note: 'corrected', act: 'correct', order: fx.tables[1].seats.map((s) => s.userId) });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect((await prisma.directorCall.findUniqueOrThrow({ where: { id: call.body.id } })).status).toBe('open');
    const noOrder = await api.http().post(`/api/director-calls/${call.body.id}/resolve`).set(as(director.token)).send({ note: 'corrected', act: 'correct' }).expect(400);
    expect(noOrder.body.code).toBe('VALIDATION_FAILED');

    const pending = await api.http().post(`/api/tables/${table.id}/director-calls`).set(as(playerToken)).send({ reason: 'other', message: 'Anyone there?' }).expect(409);
    expect(pending.body.code).toBe('DIRECTOR_CALL_PENDING');

    const spectatorPrivate = await api.http().post(`/api/tables/${table.id}/director-calls`).set(as(spectator.token)).send({ reason: 'connection_problem', message: 'They dropped' }).expect(400);
    expect(spectatorPrivate.body.code).toBe('VALIDATION_FAILED');
    const badReason = await api.http().post(`/api/tables/${table.id}/director-calls`).set(as(spectator.token)).send({ reason: 'pause_please', message: 'x'.repeat(10) }).expect(400);
    expect(badReason.body.code).toBe('VALIDATION_FAILED');
    for (const t of fx.tables.slice(0, 3)) {
      const r = await api.http().post(`/api/tables/${t.id}/director-calls`).set(as(spectator.token)).send({ reason: 'misconduct', message: 'Chat abuse at this table' });
      expect(r.status).toBe(201);
      expect(r.body.callerRole).toBe('spectator');
    }
    const limited = await api.http().post(`/api/tables/${fx.tables[3].id}/director-calls`).set(as(spectator.token)).send({ reason: 'misconduct', message: 'And here too' }).expect(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // the round's hard stop is not moved by any call
    expect((await prisma.round.findFirstOrThrow({ where: { challengeId: fx.challengeId, number: 1 } })).hardStopAt).toEqual(hardStop);
  });

  it('shows the directors the live health of the challenge: connected players per table, idle tables, disconnected seats', async () => {
    const fx = await running();
    const table = fx.tables[2];
    const online = await live(await tokenOf(table.seats[0].userId));
    // Long after its first count would have lapsed unrenewed (ten renewal periods, three lapses' worth), the
    // player still holds the socket and is shown connected.
    await new Promise((r) => setTimeout(r, 10 * PRESENCE_RENEW_MS));
    expect(online.socket.connected).toBe(true);
    await api.http().get(`/api/challenges/${fx.challengeId}/live-health`).set(as(otherDirector.token)).expect(403);
    const first = await api.http().get(`/api/challenges/${fx.challengeId}/live-health`).set(as(director.token)).expect(200);
    expect(first.body.tables).toHaveLength(4);
    const row = first.body.tables.find((t: { tableId: string }) => t.tableId === table.id);
    expect(row).toMatchObject({ connectedPlayers: 1, idle: false });
    expect(row.seats.find((s: { userId: string }) => s.userId === table.seats[0].userId).connected).toBe(true);
    expect(first.body.disconnectedSeats).toBe(15);
    expect(first.body.idleTables).toBe(0);
    await env.sql(`UPDATE games SET updated_at = now() - interval '90 seconds' WHERE table_id = $1`, [table.id]);
    online.socket.close();
    await waitFor('the socket count to drop', () => !online.socket.connected);
    await new Promise((r) => setTimeout(r, 200));
    const second = await api.http().get(`/api/challenges/${fx.challengeId}/live-health`).set(as(director.token)).expect(200);
    expect(second.body).toMatchObject({ idleTables: 1, disconnectedSeats: 16 });
    expect(second.body.tables.find((t: { tableId: string }) => t.tableId === table.id)).toMatchObject({ idle: true, connectedPlayers: 0 });
  });

  it('refuses a call at a table of a challenge that is not running, and an unknown table', async () => {
    const fx = await running();
    const playerToken = await tokenOf(fx.tables[0].seats[0].userId);
    await api.http().post(`/api/challenges/${fx.challengeId}/cancel`).set(as(director.token)).send({ reason: 'storm warning' }).expect(200);
    const closed = await api.http().post(`/api/tables/${fx.tables[0].id}/director-calls`).set(as(playerToken)).send({ reason: 'other', message: 'Why did it stop?' }).expect(409);
    expect(closed.body.code).toBe('CHALLENGE_CLOSED');
    await api.http().post('/api/tables/00000000-0000-4000-8000-000000000000/director-calls').set(as(playerToken)).send({ reason: 'other', message: 'Hello there' }).expect(404);
  });
});
