import type { AddressInfo } from 'node:net';
import { INestApplicationContext } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { createGame, verifyGame, type GameRecord } from '@dcs/engine';
import { HouseService } from '@dcs/tournament';
import { createWorker } from '../apps/worker/src/setup';
import { startApi, storedGame, TestApi } from './support/api';
import { playHouseGame } from './support/house-play';
import { connectLive, RecordingClient, waitFor } from './support/live-client';
import { eventually } from './support/temp-redis';
import { createTestEnv, TestEnv } from './support/test-env';

type Player = { id: string; token: string };
const WINDOW_MS = 8000;
const contribution = () => randomBytes(32).toString('hex');
const sha = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * Deals no one can steer (issue 24, docs/rules.md): a game seated with people at it waits for their
 * contributions (CONTRIBUTION_WINDOW_MS), is dealt from sha256(seed + contributions in seat order) when
 * the window's job runs, and its record lets anyone recompute every deal.
 */
describe('deals no one can steer: contributions, the window, the record', () => {
  let env: TestEnv;
  let api: TestApi;
  let worker: INestApplicationContext;
  let port: number;
  const sockets: RecordingClient[] = [];

  beforeAll(async () => {
    env = await createTestEnv('fair_deal');
    const config = env.config({ CONTRIBUTION_WINDOW_MS: String(WINDOW_MS), HOUSE_BOT_THINK_PERMILLE: '0' });
    api = await startApi(env, config);
    await api.app.listen(0, '127.0.0.1');
    port = (api.app.getHttpServer().address() as AddressInfo).port;
    worker = await createWorker(env.config({ CONTRIBUTION_WINDOW_MS: String(WINDOW_MS), HOUSE_BOT_THINK_PERMILLE: '0' }));
  });
  afterAll(async () => {
    for (const s of sockets) s.socket.close();
    await worker?.close();
    await api?.close();
    await env?.drop();
  });

  const user = async () => {
    const u = await api.user();
    await api.app.get(HouseService).grantWelcome(u.id);
    return u;
  };
  const auth = (p: Player) => ({ Authorization: `Bearer ${p.token}` });
  const view = async (gameId: string, p?: Player) => (await api.http().get(`/api/games/${gameId}/view`).set(p ? auth(p) : {}).expect(200)).body;
  const contribute = (gameId: string, p: Player, body: Record<string, unknown>) => api.http().post(`/api/games/${gameId}/contribution`).set(auth(p)).send(body);

  /** A friendly house table of two people and a computer, dealt (its window open). */
  const seatTable = async () => {
    const [a, b] = [await user(), await user()];
    const t = (await api.http().post('/api/house/tables').set(auth(a)).send({ ruleset: 'citizen', seats: 3, purpose: 'friendly', computers: ['easy'], clockMs: 20_000 }).expect(201)).body;
    const dealt = (await api.http().post(`/api/house/tables/${t.id}/join`).set(auth(b)).send({}).expect(200)).body;
    const seatOf = (p: Player) => dealt.seatsTaken.find((s: { userId: string | null }) => s.userId === p.id).seat as number;
    const computerSeat = dealt.seatsTaken.find((s: { userId: string | null }) => !s.userId).seat as number;
    return { a, b, gameId: dealt.gameId as string, tableId: t.id as string, seatOf, computerSeat };
  };

  it('waits for the people before dealing, refuses bad contributions with clear codes, deals from them and the record verifies', async () => {
    const { a, b, gameId, tableId, seatOf, computerSeat } = await seatTable();
    const outsider = await user();

    // The commitment is public at once; nothing is dealt that anyone sees, and no move is taken.
    const before = await view(gameId, a);
    expect(before.fairness.dealClosesAt).not.toBeNull();
    const waiting = [null, null, null] as (string | null)[];
    waiting[computerSeat] = '';
    expect(before.fairness.contributions).toEqual(waiting);
    expect(before.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(before.view.hand).toEqual([]);
    expect(before.view.turn).toBeNull();
    expect(before.turnDeadline).toBeNull();
    const early = await api.http().post(`/api/games/${gameId}/actions`).set(auth(a)).send({ version: 0, type: 'knock' }).expect(409);
    expect(early.body.code).toBe('GAME_NOT_DEALT');

    // The refusals: malformed, not seated, another seat.
    for (const bad of ['', 'xyz', 'A'.repeat(64), '0'.repeat(63), 42]) {
      expect((await contribute(gameId, a, { contribution: bad }).expect(400)).body.code).toBe('CONTRIBUTION_INVALID');
    }
    expect((await contribute(gameId, outsider, { contribution: contribution() }).expect(403)).body.code).toBe('NOT_SEATED');
    expect((await contribute(gameId, a, { contribution: contribution(), seat: seatOf(b) }).expect(403)).body.code).toBe('NOT_YOUR_SEAT');

    // a's is taken (once), and seen by a spectator at once; b sends none in time.
    const mine = contribution();
    const ok = (await contribute(gameId, a, { contribution: mine, seat: seatOf(a) }).expect(200)).body;
    expect(ok.seat).toBe(seatOf(a));
    expect(ok.contributions[seatOf(a)]).toBe(mine);
    expect((await contribute(gameId, a, { contribution: contribution() }).expect(409)).body.code).toBe('CONTRIBUTION_ALREADY_SENT');
    expect((await view(gameId)).fairness.contributions[seatOf(a)]).toBe(mine);

    // The window's job deals it: b's seat contributes '', a's what it sent; the first turn's clock starts.
    await eventually(async () => (await view(gameId, a)).fairness.dealClosesAt === null, 15_000, 'the deal');
    expect((await contribute(gameId, b, { contribution: contribution() }).expect(409)).body.code).toBe('CONTRIBUTION_CLOSED');
    const contributions = ['', '', ''];
    contributions[seatOf(a)] = mine;
    const dealt = await view(gameId, a);
    expect(dealt.fairness.contributions).toEqual(contributions);
    expect(dealt.view.hand.length).toBeGreaterThan(0);
    expect(dealt.turnDeadline).not.toBeNull();

    // The stored deal is the engine's from sha256(seed + contributions), not from the seed alone.
    const g = await storedGame(api.app, gameId);
    const fromParts = createGame({ ruleset: 'citizen', players: 3, seed: sha(g.seed + contributions.join('')) });
    const fromSeed = createGame({ ruleset: 'citizen', players: 3, seed: g.seed });
    if (!fromParts.ok || !fromSeed.ok) throw new Error('createGame');
    expect(g.state.hands[0].deal).toEqual(fromParts.state.hands[0].deal);
    expect(g.state.hands[0].deal).not.toEqual(fromSeed.state.hands[0].deal);

    // Played out, the record carries the contributions and the revealed seed: every hand verifies.
    await playHouseGame(api, gameId, new Map([[seatOf(a), a], [seatOf(b), b]]));
    const record = (await api.http().get(`/api/games/${gameId}/record`).expect(200)).body as GameRecord & { seed: string; seedHash: string; contributions: string[] };
    expect(record.contributions).toEqual(contributions);
    expect(sha(record.seed)).toBe(record.seedHash);
    const verified = verifyGame(record, { serverSeed: record.seed, seedHash: record.seedHash, contributions: record.contributions });
    expect(verified.firstDifference).toBeNull();
    expect(verified.hands.length).toBe(record.hands.length);
    expect(verified.hands.every((h) => h.ok)).toBe(true);
    expect(verifyGame(record, { serverSeed: record.seed, seedHash: record.seedHash }).firstDifference?.hand).toBe(0);
    expect((await api.http().get(`/api/house/tables/${tableId}`).set(auth(a)).expect(200)).body.status).toBe('finished');
  });

  it('over the socket: the page contributes, the table and its spectators hear each contribution and then the deal', async () => {
    const { a, b, gameId, seatOf } = await seatTable();
    const [sa, sb, watcher] = [await connectLive(port, a.token), await connectLive(port, b.token), await connectLive(port)];
    sockets.push(sa, sb, watcher);
    const joined = await watcher.call<{ seq: number; view: { fairness: { dealClosesAt: string | null } } }>('join', { gameId });
    expect(joined.ok).toBe(true);
    expect(joined.seq).toBe(-1);

    const bad = await sa.call('contribute', { gameId, contribution: 'nope' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'CONTRIBUTION_INVALID' } });
    const [ca, cb] = [contribution(), contribution()];
    const first = await sa.call<{ contributions: (string | null)[] }>('contribute', { gameId, contribution: ca });
    expect(first.ok).toBe(true);
    expect(first.contributions[seatOf(a)]).toBe(ca);
    expect((await sa.call('contribute', { gameId, contribution: ca })).error?.code).toBe('CONTRIBUTION_ALREADY_SENT');
    expect((await sb.call('contribute', { gameId, contribution: cb, seat: seatOf(a) })).error?.code).toBe('NOT_YOUR_SEAT');
    expect((await sb.call('contribute', { gameId, contribution: cb })).ok).toBe(true);

    await waitFor('the spectator hears both contributions', () => watcher.of('game:fairness').some((e) => (e.contributions as string[])[seatOf(b)] === cb));
    // The deal reaches the spectator as a view with seq 0 (newer than the -1 it joined at).
    await waitFor('the dealt view', () => watcher.of('game:view').some((e) => e.seq === 0 && (e.view as { fairness: { dealClosesAt: string | null } }).fairness.dealClosesAt === null), 15_000);
    const dealt = watcher.of('game:view').find((e) => e.seq === 0)!.view as { fairness: { contributions: string[] } };
    expect(dealt.fairness.contributions[seatOf(a)]).toBe(ca);
    expect(dealt.fairness.contributions[seatOf(b)]).toBe(cb);
    expect((await sb.call('contribute', { gameId, contribution: contribution() })).error?.code).toBe('CONTRIBUTION_CLOSED');
  });
});
