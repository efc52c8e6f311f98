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
