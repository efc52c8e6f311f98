import type { INestApplicationContext } from '@nestjs/common';
import { PrismaService } from '@dcs/common';
import { createBot, currentHand } from '@dcs/engine';
import { HouseService } from '@dcs/tournament';
import { createWorker } from '../apps/worker/src/setup';
import { startApi, storedGame, TestApi } from './support/api';
import { moveBody } from './support/house';
import { eventually } from './support/temp-redis';
import { createTestEnv, TestEnv } from './support/test-env';

type Player = { id: string; token: string };
type StoredAnalysis = { basis?: string; ruleset?: string; partners?: boolean; complete: boolean; players: number; skipped?: { kind: string; reason: string }[]; seats: { seat: number; userId: string | null; timedChoices: number; basis?: string; won: number }[] };

/**
 * Anti-cheat reads every kind of table (docs/anticheat.md, "Every kind of table"): a settled house game
 * is analysed by the worker as a decided challenge table's is — a stake table, a partnership — with the
 * ruleset-independent analysis, whose skipped signals say why.
 */
describe('anti-cheat at house tables: a settled stake game and a partnership are analysed (worker)', () => {
  let env: TestEnv;
  let api: TestApi;
  let worker: INestApplicationContext;
  let prisma: PrismaService;
  const greedy = createBot('greedy');

  beforeAll(async () => {
    env = await createTestEnv('ackinds');
    api = await startApi(env);
    worker = await createWorker(env.config());
    prisma = api.app.get(PrismaService);
  });
  afterAll(async () => {
    await worker.close();
    await api.close();
    await env.drop();
  });

  const auth = (p: Player) => ({ Authorization: `Bearer ${p.token}` });
  const player = async () => {
    const u = await api.user();
    await api.app.get(HouseService).grantWelcome(u.id);
    return u;
  };
  /** Plays the game to its end, every seat's move over HTTP by its player. */
  const playOut = async (gameId: string, people: Player[]) => {
    for (let i = 0; i < 3000; i++) {
      const g = await storedGame(api.app, gameId);
      if (g.status === 'finished') return g;
      const seat = currentHand(g.state)!.turn!;
      await api.http().post(`/api/games/${gameId}/actions`).set(auth(people[seat])).send(moveBody(g.version, greedy.choose(g.state, seat))).expect(200);
    }
    throw new Error('the game did not end');
  };
  const analysisOf = async (gameId: string) => {
    await eventually(async () => (await prisma.anticheatGameAnalysis.count({ where: { gameId } })) === 1, 30_000, 'the analysis');
    const row = await prisma.anticheatGameAnalysis.findUniqueOrThrow({ where: { gameId } });
    return { row, analysis: row.analysis as unknown as StoredAnalysis };
  };

  it('a settled stake game: analysed once with its players\' decision times, the tournament-only signals skipped with their reasons, audited', async () => {
    const [a, b] = [await player(), await player()];
    for (const p of [a, b]) await api.http().post('/api/me/adult-confirmation').set(auth(p)).send({ adult: true }).expect(200);
    const t = (await api.http().post('/api/house/tables').set(auth(a)).send({ ruleset: 'citizen', seats: 2, purpose: 'stake', stake: 100 }).expect(201)).body;
    const gameId = (await api.http().post(`/api/house/tables/${t.id}/join`).set(auth(b)).send({}).expect(200)).body.gameId as string;
    const end = await playOut(gameId, [a, b]);
    await eventually(async () => (await prisma.houseSettlement.count({ where: { gameId } })) === 1, 10_000, 'the settlement');

    const { analysis } = await analysisOf(gameId);
    expect(analysis).toMatchObject({ basis: 'generic', ruleset: 'citizen', partners: false, players: 2, complete: true });
    expect(analysis.seats.map((s) => s.userId)).toEqual([a.id, b.id]);
    expect(analysis.seats.map((s) => s.won)).toEqual([0, 1].map((s) => (s === end.state.winner ? 1 : 0)));
    // The server measured every person's decisions: the timing evidence is there.
    expect(analysis.seats.reduce((n, s) => n + s.timedChoices, 0)).toBeGreaterThan(0);
    expect(analysis.skipped!.map((s) => s.kind)).toEqual(expect.arrayContaining(['hidden_info', 'collusion_feeding', 'outcome_wins', 'outcome_points']));
    expect(analysis.skipped!.every((s) => s.reason.length > 10)).toBe(true);
    const features = await prisma.anticheatSeatFeature.findMany({ where: { gameId }, orderBy: { seat: 'asc' } });
    expect(features.map((f) => [f.seat, f.userId])).toEqual([[0, a.id], [1, b.id]]);
    expect(await prisma.auditLog.count({ where: { action: 'anticheat.game.analysed', entityId: gameId } })).toBe(1);
  }, 90_000);

  it('a partnership at a friendly table (4 people, partners): analysed, every seat with its person, no pair read (a partner\'s hand is hidden from the partner too)', async () => {
    const people = [await player(), await player(), await player(), await player()];
    const t = (await api.http().post('/api/house/tables').set(auth(people[0])).send({ ruleset: 'citizen', seats: 4, partners: true, purpose: 'friendly' }).expect(201)).body;
    let gameId = t.gameId as string | undefined;
    for (const p of people.slice(1)) gameId = ((await api.http().post(`/api/house/tables/${t.id}/join`).set(auth(p)).send({}).expect(200)).body.gameId as string | undefined) ?? gameId;
    expect(gameId).toEqual(expect.any(String));
    const seats = await prisma.houseSeat.findMany({ where: { tableId: t.id }, orderBy: { seat: 'asc' } });
    const bySeat = seats.map((s) => people.find((p) => p.id === s.userId)!);
    await playOut(gameId!, bySeat);
    const { analysis } = await analysisOf(gameId!);
    expect(analysis).toMatchObject({ basis: 'generic', ruleset: 'citizen', partners: true, players: 4 });
    expect(analysis.seats.map((s) => s.userId)).toEqual(bySeat.map((p) => p.id));
    expect((await prisma.anticheatSeatFeature.count({ where: { gameId } }))).toBe(4);
  }, 90_000);
});

/**
 * A house table's seats change between games (a rematch, a leave, a new joiner); a game keeps who played it
 * (games.seat_users): its record, its view and its analysis name them, not whoever sits at the table now.
 */
describe('a house game keeps its people after the table changes hands (worker started afterwards)', () => {
  let env: TestEnv;
  let api: TestApi;
  let worker: INestApplicationContext | undefined;
  let prisma: PrismaService;
  const greedy = createBot('greedy');

  beforeAll(async () => {
    env = await createTestEnv('ackinds2');
    api = await startApi(env);
    prisma = api.app.get(PrismaService);
  });
  afterAll(async () => {
    await worker?.close();
    await api.close();
    await env.drop();
  });

  const auth = (p: Player) => ({ Authorization: `Bearer ${p.token}` });

  it('after a rematch where one player could no longer cover the stake and another took the seat, the first game is still the first two players\' game', async () => {
    const [a, b, c] = [await api.user(), await api.user(), await api.user({ roles: [] })];
    const admin = await api.user({ roles: ['admin'] });
    for (const p of [a, b, c]) {
      await api.app.get(HouseService).grantWelcome(p.id);
      await api.http().post('/api/me/adult-confirmation').set(auth(p)).send({ adult: true }).expect(200);
    }
    const t = (await api.http().post('/api/house/tables').set(auth(a)).send({ ruleset: 'citizen', seats: 2, purpose: 'stake', stake: 100 }).expect(201)).body;
    const first = (await api.http().post(`/api/house/tables/${t.id}/join`).set(auth(b)).send({}).expect(200)).body.gameId as string;
    for (let i = 0; i < 3000; i++) {
      const g = await storedGame(api.app, first);
      if (g.status === 'finished') break;
      const seat = currentHand(g.state)!.turn!;
      await api.http().post(`/api/games/${first}/actions`).set(auth([a, b][seat])).send(moveBody(g.version, greedy.choose(g.state, seat))).expect(200);
    }
    await eventually(async () => (await prisma.houseSettlement.count({ where: { gameId: first } })) === 1, 10_000, 'the settlement');
    // B's balance is corrected to nothing: A's rematch cannot hold B's stake, B's seat is freed, C takes it and a second game is dealt.
    const wallet = ((await api.http().get('/api/me/wallet').set(auth(b)).expect(200)).body as { balances: { currency: string; balance: number }[] }).balances.find((x) => x.currency === t.currency)!;
    await api.http().post(`/api/users/${b.id}/wallet/corrections`).set(auth(admin)).send({ currency: t.currency, amount: -wallet.balance, reason: 'test set-up', requestId: '5b2c8f1e-5c4a-4c1b-9a55-000000000001' }).expect(200);
    await api.http().post(`/api/house/tables/${t.id}/rematch`).set(auth(a)).send({}).expect(200);
    const joined = await api.http().post(`/api/house/tables/${t.id}/join`).set(auth(c)).send({});
    expect([joined.status, joined.body.code]).toEqual([200, undefined]);
    const second = joined.body.gameId as string;
    expect(second).toEqual(expect.any(String));
    expect(second).not.toBe(first);

    // The first game's view: B is its seat 1, C (at that seat now) is not seated in it.
    const viewOf = async (p: Player, gameId: string) => (await api.http().get(`/api/games/${gameId}/view`).set(auth(p)).expect(200)).body as { seat: number | null };
    expect((await viewOf(b, first)).seat).toBe(1);
    expect((await viewOf(c, first)).seat).toBeNull();
    expect((await viewOf(c, second)).seat).toBe(1);

    // Analysed only now (the worker starts after the change): the first game's seats are A and B.
    worker = await createWorker(env.config());
    await eventually(async () => (await prisma.anticheatGameAnalysis.count({ where: { gameId: first } })) === 1, 30_000, 'the analysis');
    const analysis = (await prisma.anticheatGameAnalysis.findUniqueOrThrow({ where: { gameId: first } })).analysis as unknown as StoredAnalysis;
    expect(analysis.seats.map((s) => s.userId)).toEqual([a.id, b.id]);
    const features = await prisma.anticheatSeatFeature.findMany({ where: { gameId: first }, orderBy: { seat: 'asc' } });
    expect(features.map((f) => f.userId)).toEqual([a.id, b.id]);
  }, 120_000);
});
