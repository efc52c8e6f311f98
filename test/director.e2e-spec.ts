import { PrismaService } from '@dcs/common';
import { ChallengeFlowService, type SeatResult } from '@dcs/tournament';
import { startApi, storedGame, TestApi } from './support/api';
import { challengeWithPlayers } from './support/challenge-fixtures';
import { directCity } from './support/fixtures';
import { connectLive, RecordingClient, waitFor } from './support/live-client';
import { createTestEnv, TestEnv } from './support/test-env';

describe('director controls: disqualify, void and replay, correct a result, cancel — reason required, audited', () => {
  let env: TestEnv;
  let api: TestApi;
  let prisma: PrismaService;
  let flow: ChallengeFlowService;
  let director: { id: string; token: string };
  let competitor: { id: string; token: string };
  let port: number;
  const sockets: RecordingClient[] = [];
  /** A spectator watching the challenge room: what a bracket page shows live. */
  const watch = async (challengeId: string) => {
    const c = await connectLive(port);
    sockets.push(c);
    expect(await c.call('watchChallenge', { challengeId })).toMatchObject({ ok: true });
    return c;
  };

  beforeAll(async () => {
    env = await createTestEnv('director');
    api = await startApi(env);
    prisma = api.app.get(PrismaService);
    flow = api.app.get(ChallengeFlowService);
    director = await api.user({ roles: ['director'] });
    competitor = await api.user();
    await api.app.listen(0, '127.0.0.1');
    port = (api.app.getHttpServer().address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const s of sockets) s.socket.close();
    await api.close();
    await env.drop();
  });

  const as = (u: { token: string }) => ({ Authorization: `Bearer ${u.token}` });
  const audit = (action: string, entityId: string) => prisma.auditLog.findMany({ where: { action, entityId } });

  async function running(opts: { breakSeconds?: number } = {}) {
    const fx = await challengeWithPlayers(prisma, { checkedIn: 16, ...opts });
    await directCity(api, director.id, fx);
    await flow.start(fx.challengeId);
    const round = await prisma.round.findFirstOrThrow({ where: { challengeId: fx.challengeId, number: 1 }, include: { tables: { orderBy: { index: 'asc' }, include: { seats: true } } } });
    return { ...fx, round };
  }

  it('refuses every director act to a competitor (403) and without a reason (400), changing nothing', async () => {
    const fx = await running();
    const t = fx.round.tables[0];
    const routes: [string, object][] = [
      [`/api/challenges/${fx.challengeId}/cancel`, { reason: 'x'.repeat(10) }],
      [`/api/challenges/${fx.challengeId}/disqualifications`, { userId: t.seats[0].userId, reason: 'x'.repeat(10) }],
      [`/api/tables/${t.id}/void`, { reason: 'x'.repeat(10) }],
      [`/api/tables/${t.id}/result`, { order: t.seats.map((s) => s.userId), reason: 'x'.repeat(10) }],
    ];
    for (const [url, body] of routes) {
      const forbidden = await api.http().post(url).set(as(competitor)).send(body);
      expect([url, forbidden.status, forbidden.body.code]).toEqual([url, 403, 'FORBIDDEN']);
      const { reason: _r, ...noReason } = body as { reason: string };
      const invalid = await api.http().post(url).set(as(director)).send(noReason);
      expect([url, invalid.status, invalid.body.details?.[0]?.field]).toEqual([url, 400, 'reason']);
    }
    expect((await prisma.challenge.findUniqueOrThrow({ where: { id: fx.challengeId } })).status).toBe('running');
    expect(await prisma.gameAction.count({ where: { game: { tableId: t.id } } })).toBe(0);
    expect(await prisma.auditLog.count({ where: { actorId: director.id } })).toBe(0);
  });

  it('disqualifies a seated player: their seat forfeits at once, audited and notified, and not twice', async () => {
    const fx = await running();
    const t = fx.round.tables[1];
    const victim = t.seats.find((s) => s.seat === 2)!;
    const res = await api.http().post(`/api/challenges/${fx.challengeId}/disqualifications`).set(as(director)).send({ userId: victim.userId, reason: 'collusion seen on video' });
    expect(res.status).toBe(200);
    const game = await storedGame(api.app, (await prisma.game.findFirstOrThrow({ where: { tableId: t.id } })).id);
    expect(game.state.forfeited[2]).toBe(true);
    const actions = await prisma.gameAction.findMany({ where: { gameId: game.id } });
    expect(actions.map((a) => [a.seat, a.userId, a.action])).toEqual([[2, director.id, { seat: 2, type: 'forfeit' }]]);
    expect(await audit('challenge.player-disqualified', fx.challengeId)).toEqual([expect.objectContaining({ actorId: director.id, reason: 'collusion seen on video' })]);
    expect(await prisma.notification.count({ where: { userId: victim.userId, kind: 'challenge.disqualified' } })).toBe(1);
    const again = await api.http().post(`/api/challenges/${fx.challengeId}/disqualifications`).set(as(director)).send({ userId: victim.userId, reason: 'twice' });
    expect([again.status, again.body.code]).toEqual([409, 'ALREADY_DISQUALIFIED']);
  });

  it('a disqualification reaches every bracket page: player:disqualified to the challenge room, and the bracket lists the player', async () => {
    const fx = await running();
    const t = fx.round.tables[3];
    const victim = t.seats.find((s) => s.seat === 1)!;
    const watcher = await watch(fx.challengeId);
    expect((await api.http().get(`/api/challenges/${fx.challengeId}/bracket`)).body.disqualified).toEqual([]);
    const res = await api.http().post(`/api/challenges/${fx.challengeId}/disqualifications`).set(as(director)).send({ userId: victim.userId, reason: 'abusive at the table' });
    expect(res.status).toBe(200);
    await waitFor('player:disqualified', () => watcher.of('player:disqualified').length === 1);
    const name = (await prisma.user.findUniqueOrThrow({ where: { id: victim.userId } })).displayName;
    expect(watcher.of('player:disqualified')[0]).toEqual({ challengeId: fx.challengeId, userId: victim.userId, displayName: name, tableId: t.id, reason: 'abusive at the table' });
    expect((await api.http().get(`/api/challenges/${fx.challengeId}/bracket`)).body.disqualified).toEqual([victim.userId]);
  });

  it('voids a table and deals a replay; the voided game stays on record', async () => {
    const fx = await running();
    const t = fx.round.tables[2];
    const old = await prisma.game.findFirstOrThrow({ where: { tableId: t.id } });
    const watcher = await watch(fx.challengeId);
    const res = await api.http().post(`/api/tables/${t.id}/void`).set(as(director)).send({ reason: 'server fault dealt a bad hand' });
    expect(res.status).toBe(200);
    expect(res.body.gameId).not.toBe(old.id);
    const games = await prisma.game.findMany({ where: { tableId: t.id }, orderBy: { startedAt: 'asc' } });
    expect(games.map((g) => [g.id, g.status])).toEqual([[old.id, 'finished'], [res.body.gameId, 'playing']]);
    expect(await audit('table.voided', t.id)).toEqual([expect.objectContaining({ data: { voidedGameId: old.id, newGameId: res.body.gameId } })]);
    const view = await api.http().get(`/api/tables/${t.id}`);
    expect(view.body.game.gameId).toBe(res.body.gameId);
    // The bracket page hears of it at once, with the game to follow.
    await waitFor('table:voided', () => watcher.of('table:voided').length === 1);
    expect(watcher.of('table:voided')[0]).toMatchObject({ challengeId: fx.challengeId, tableId: t.id, voidedGameId: old.id, gameId: res.body.gameId, reason: 'server fault dealt a bad hand' });
  });

  it('corrects results until the next round is seated; the round then moves on with the corrected advancers', async () => {
    // SPEC 3.4's 2-minute break between rounds: the time a director has to correct the last results
    // (with no break the next round is seated as soon as the last table is decided).
    const fx = await running({ breakSeconds: 120 });
    const tables = fx.round.tables;
    const watcher = await watch(fx.challengeId);
    for (const t of tables) {
      const order = [...t.seats].sort((a, b) => b.seed - a.seed).map((s) => s.userId); // the lowest seeds first
      const res = await api.http().post(`/api/tables/${t.id}/result`).set(as(director)).send({ order, reason: 'scores keyed in from paper after an outage' });
      expect(res.status).toBe(200);
      const result = (await prisma.challengeTable.findUniqueOrThrow({ where: { id: t.id } })).result as unknown as SeatResult[];
      expect(result.map((r) => r.userId)).toEqual(order);
      expect(result.map((r) => r.advanced)).toEqual([true, true, false, false]);
    }
    expect(await prisma.auditLog.count({ where: { action: 'table.result-corrected', actorId: director.id, entityId: { in: tables.map((t) => t.id) } } })).toBe(4);
    // Each correction reaches the challenge room as a corrected table result.
    await waitFor('4 corrected results', () => watcher.of('table:result').filter((e) => e.corrected === true).length === 4);
    const pushed = watcher.of('table:result').filter((e) => e.corrected === true);
    expect(pushed.map((e) => e.tableId).sort()).toEqual(tables.map((t) => t.id).sort());
    expect(pushed[0]).toMatchObject({ challengeId: fx.challengeId, reason: 'scores keyed in from paper after an outage' });
    const next = await prisma.round.findFirstOrThrow({ where: { challengeId: fx.challengeId, number: 2 } });
    expect(next.status).toBe('pending');
    await flow.startRound(next.id, next.startsAt!); // the round's timer, at the end of the break
    const r2 = await prisma.tableSeat.findMany({ where: { table: { roundId: next.id } } });
    const expected = tables.flatMap((t) => [...t.seats].sort((a, b) => b.seed - a.seed).slice(0, 2).map((s) => s.userId));
    expect(r2.map((s) => s.userId).sort()).toEqual(expected.sort());
    const late = await api.http().post(`/api/tables/${tables[0].id}/result`).set(as(director)).send({ order: tables[0].seats.map((s) => s.userId), reason: 'too late' });
    expect([late.status, late.body.code]).toEqual([409, 'ROUND_SEATED']);
    const bad = await api.http().post(`/api/tables/${tables[0].id}/result`).set(as(director)).send({ order: [director.id, director.id, director.id], reason: 'bad order' });
    expect(bad.status).toBeGreaterThanOrEqual(400);
  });

  it('refuses a correction that lists a disqualified player above a player still in play (422 PLAYER_DISQUALIFIED), changing nothing; the rightful 3rd advances', async () => {
    const fx = await running();
    const t = fx.round.tables[0];
    const bySeed = [...t.seats].sort((a, b) => a.seed - b.seed).map((s) => s.userId);
    const dq = bySeed[0];
    expect((await api.http().post(`/api/challenges/${fx.challengeId}/disqualifications`).set(as(director)).send({ userId: dq, reason: 'collusion seen on video' })).status).toBe(200);
    const gameBefore = await prisma.game.findFirstOrThrow({ where: { tableId: t.id } });
    const auditsBefore = await prisma.auditLog.count({ where: { entityId: t.id } });
    // The disqualified player first, as 2nd, and between players still in play: each refused.
    const rest = bySeed.slice(1);
    for (const order of [[dq, ...rest], [rest[0], dq, rest[1], rest[2]], [rest[0], rest[1], dq, rest[2]]]) {
      const res = await api.http().post(`/api/tables/${t.id}/result`).set(as(director)).send({ order, reason: 'scores keyed in from paper' });
      expect([res.status, res.body.code, typeof res.body.message]).toEqual([422, 'PLAYER_DISQUALIFIED', 'string']);
      expect(res.body.details).toEqual({ userId: dq });
    }
    const table = await prisma.challengeTable.findUniqueOrThrow({ where: { id: t.id } });
    expect([table.status, table.result, table.endedBy]).toEqual(['playing', null, null]);
    const gameAfter = await prisma.game.findUniqueOrThrow({ where: { id: gameBefore.id } });
    expect([gameAfter.status, gameAfter.version]).toEqual([gameBefore.status, gameBefore.version]);
    expect(await prisma.auditLog.count({ where: { entityId: t.id } })).toBe(auditsBefore);

    // With the disqualified player last the correction stands: the players in play take 1st-3rd, the top two advance.
    const ok = await api.http().post(`/api/tables/${t.id}/result`).set(as(director)).send({ order: [...rest, dq], reason: 'scores keyed in from paper' });
    expect(ok.status).toBe(200);
    const result = (await prisma.challengeTable.findUniqueOrThrow({ where: { id: t.id } })).result as unknown as SeatResult[];
    expect(result.map((r) => [r.userId, r.place, r.advanced, r.forfeited])).toEqual([
      [rest[0], 1, true, false],
      [rest[1], 2, true, false],
      [rest[2], 3, false, false],
      [dq, 4, false, true],
    ]);
    // The other tables as they are; round 2 seats the corrected advancers and never the disqualified player.
    for (const other of fx.round.tables.slice(1)) {
      const order = [...other.seats].sort((a, b) => a.seed - b.seed).map((s) => s.userId);
      expect((await api.http().post(`/api/tables/${other.id}/result`).set(as(director)).send({ order, reason: 'scores keyed in from paper' })).status).toBe(200);
    }
    const next = await prisma.round.findFirstOrThrow({ where: { challengeId: fx.challengeId, number: 2 } });
    await flow.startRound(next.id);
    const r2 = (await prisma.tableSeat.findMany({ where: { table: { roundId: next.id } } })).map((s) => s.userId);
    expect(r2).toEqual(expect.arrayContaining([rest[0], rest[1]]));
    expect(r2).not.toContain(dq);
    expect(await prisma.notification.count({ where: { userId: dq, kind: 'table.seated', data: { path: ['roundId'], equals: next.id } } })).toBe(0);
  });

  it('cancels a running challenge: games end, everyone registered is told, and it cannot be cancelled twice', async () => {
    const fx = await running();
    const res = await api.http().post(`/api/challenges/${fx.challengeId}/cancel`).set(as(director)).send({ reason: 'venue power failure' });
    expect(res.status).toBe(200);
    const ch = await prisma.challenge.findUniqueOrThrow({ where: { id: fx.challengeId } });
    expect([ch.status, ch.cancelReason]).toEqual(['cancelled', 'venue power failure']);
    expect(await prisma.game.count({ where: { table: { challengeId: fx.challengeId }, status: 'playing' } })).toBe(0);
    expect(await prisma.notification.count({ where: { kind: 'challenge.cancelled', data: { path: ['challengeId'], equals: fx.challengeId } } })).toBe(16);
    const again = await api.http().post(`/api/challenges/${fx.challengeId}/cancel`).set(as(director)).send({ reason: 'again' });
    expect([again.status, again.body.code]).toEqual([409, 'CHALLENGE_CLOSED']);
  });
});
