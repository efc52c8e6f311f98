import type { INestApplicationContext } from '@nestjs/common';
import { PrismaService } from '@dcs/common';
import { createWorker } from '../apps/worker/src/setup';
import { startApi, TestApi } from './support/api';
import { tableWithGame } from './support/fixtures';
import { playHouseGame } from './support/house-play';
import { eventually } from './support/temp-redis';
import { createTestEnv, TestEnv } from './support/test-env';

type Decision = { hand: number; action: number; seat: number; loss: number; mark: string; options: { value: number }[] };

/** Post-game analysis (issue 24): the worker judges every finished game once; who sees it follows docs/rules.md. */
describe('post-game analysis', () => {
  let env: TestEnv;
  let api: TestApi;
  let worker: INestApplicationContext;
  let prisma: PrismaService;

  beforeAll(async () => {
    env = await createTestEnv('game_review');
    const config = env.config({ REVIEW_SCAN_INTERVAL_MS: '1000' });
    api = await startApi(env, config);
    worker = await createWorker(config);
    prisma = api.app.get(PrismaService);
  });
  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await env?.drop();
  });

  it("a player reads their own decisions once the table is decided; outsiders not until the challenge is complete; staff everything, audited; the worker writes it once", async () => {
    const { gameId, tableId, players } = await tableWithGame(api, 4);
    const [me, other] = players;
    const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
    const outsider = await api.user();

    // While the game runs nobody reads an analysis: 409 for its players, whatever the roles.
    const running = await api.http().get(`/api/games/${gameId}/analysis`).set(auth(me.token));
    expect(running.status).toBe(409);
    expect(running.body.code).toBe('GAME_NOT_FINISHED');

    await playHouseGame(api, gameId, new Map(players.map((p) => [p.seat, { token: p.token }])));
    const table = await prisma.challengeTable.findUniqueOrThrow({ where: { id: tableId } });
    // The worker's scan finds the finished game and judges it (seconds).
    await eventually(async () => (await prisma.gameReview.count({ where: { gameId } })) === 1, 60_000, 'the review of the finished game');

    if (table.status !== 'finished') {
      // a tie at the table (a random deal): its 6-4/5-5 draw must settle first, then the analysis opens
      const early = await api.http().get(`/api/games/${gameId}/analysis`).set(auth(me.token));
      expect(early.status).toBe(409);
      expect(early.body.code).toBe('TABLE_NOT_FINISHED');
      await prisma.challengeTable.update({ where: { id: tableId }, data: { status: 'finished' } });
    }
    const mine = await api.http().get(`/api/games/${gameId}/analysis`).set(auth(me.token));
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ gameId, status: 'ready', scope: 'own', seat: 0, thresholds: { inaccuracy: 5, mistake: 10, blunder: 20 } });
    expect(mine.body.seats).toHaveLength(1);
    expect(mine.body.seats[0].seat).toBe(0);
    const decisions = mine.body.decisions as Decision[];
    expect(decisions.length).toBeGreaterThan(0);
    for (const d of decisions) {
      expect(d.seat).toBe(0);
      expect(d.options.length).toBeGreaterThanOrEqual(2);
      expect(d.loss).toBeGreaterThanOrEqual(0);
    }
    expect(mine.body.seats[0].decisions).toBe(decisions.length);

    // Another seated player sees only their own seat.
    const theirs = await api.http().get(`/api/games/${gameId}/analysis`).set(auth(other.token));
    expect(theirs.body.seats.map((s: { seat: number }) => s.seat)).toEqual([1]);
    expect((theirs.body.decisions as Decision[]).every((d) => d.seat === 1)).toBe(true);

    // Outsiders and anonymous visitors: not before the challenge is complete.
    expect((await api.http().get(`/api/games/${gameId}/analysis`).set(auth(outsider.token))).body.code).toBe('FORBIDDEN');
    expect((await api.http().get(`/api/games/${gameId}/analysis`)).status).toBe(403);

    // A reviewer sees every seat, and the read is audited like a read of the hidden tiles.
    const reviewer = await api.user({ roles: ['reviewer'] });
    const all = await api.http().get(`/api/games/${gameId}/analysis`).set(auth(reviewer.token));
    expect(all.status).toBe(200);
    expect(all.body.scope).toBe('all');
    expect(all.body.seats.map((s: { seat: number }) => s.seat)).toEqual([0, 1, 2, 3]);
    expect(await prisma.auditLog.count({ where: { action: 'game.hidden-tiles.read', entityId: gameId, actorId: reviewer.id } })).toBe(1);

    // Once the challenge is complete the analysis is a public game record.
    await prisma.challenge.update({ where: { id: table.challengeId }, data: { status: 'completed' } });
    const pub = await api.http().get(`/api/games/${gameId}/analysis`);
    expect(pub.status).toBe(200);
    expect(pub.body.scope).toBe('all');
    expect(pub.body.decisions).toHaveLength(all.body.decisions.length);

    // Written once: the seats' figures for the season, one row a seated person.
    expect(await prisma.gameReviewSeat.count({ where: { gameId } })).toBe(4);
  });

  it('answers 404 for an unknown game and 400 for a malformed id, never a 500', async () => {
    expect((await api.http().get('/api/games/00000000-0000-4000-8000-000000000000/analysis')).status).toBe(404);
    const bad = await api.http().get('/api/games/not-a-uuid/analysis');
    expect(bad.status).toBe(400);
  });
});
