import { getQueueToken } from '@nestjs/bullmq';
import { INestApplicationContext } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { jobIds, PrismaService, QUEUES } from '@dcs/common';
import type { GameState } from '@dcs/engine';
import { ChallengeFlowService, EffectsQueue, TIMEOUTS_TO_FORFEIT } from '@dcs/tournament';
import { createWorker } from '../apps/worker/src/setup';
import { startApi, storedGame, TestApi } from './support/api';
import { tableWithGame } from './support/fixtures';
import { eventually } from './support/temp-redis';
import type { AddressInfo } from 'node:net';
import { connectLive, RecordingClient, waitFor } from './support/live-client';
import { createTestEnv, TestEnv } from './support/test-env';

describe('the turn clock (SPEC 1.7): tickets, restart, forfeit on the 5th, exactly once with two workers', () => {
  let env: TestEnv;
  let api: TestApi;
  /** The API's port, listening from the first test that needs a socket on. */
  const listening = async (): Promise<number> => {
    if (!(api.app.getHttpServer() as { listening: boolean }).listening) await api.app.listen(0, '127.0.0.1');
    return (api.app.getHttpServer().address() as AddressInfo).port;
  };
  let workers: INestApplicationContext[];
  let prisma: PrismaService;

  beforeAll(async () => {
    env = await createTestEnv('clock');
    api = await startApi(env);
    workers = [await createWorker(env.config()), await createWorker(env.config())];
    prisma = api.app.get(PrismaService);
  });
  afterAll(async () => {
    for (const w of workers) await w.close();
    await api.close();
    await env.drop();
  });

  // The clock length is stored before the game is dealt: the workers' recovery sweep (every minute) queues
  // the clock of every game being played, and must never see this one with the default 20 s clock.
  const shortClockTable = (ms: number) => tableWithGame(api, 4, { turnMs: ms });

  it('records a ticket per run-out without skipping the turn, and forfeits the seat on its 5th, once', async () => {
    const { gameId, players } = await shortClockTable(400);
    const game = await storedGame(api.app, gameId);
    const sleeper = (game.state as unknown as GameState).hands[0].turn!;
    await api.app.get(EffectsQueue).run([{ kind: 'turn-clock', gameId, version: game.version, attempt: 0, at: new Date(Date.now() + 400) }]);

    await eventually(async () => (await prisma.auditLog.count({ where: { action: 'conduct.stalling', entityId: gameId } })) === 1, 20_000, 'the forfeit');
    const tickets = await prisma.gameTimeout.findMany({ where: { gameId }, orderBy: [{ version: 'asc' }, { attempt: 'asc' }] });
    const sleeperTickets = tickets.filter((t) => t.seat === sleeper);
    expect(sleeperTickets.map((t) => [t.version, t.attempt])).toEqual(Array.from({ length: TIMEOUTS_TO_FORFEIT }, (_, i) => [game.version, i]));
    // Each run-out came one clock length after the previous one: the turn was not skipped.
    for (let i = 1; i < sleeperTickets.length; i++) {
      expect(sleeperTickets[i].createdAt.getTime() - sleeperTickets[i - 1].createdAt.getTime()).toBeGreaterThanOrEqual(350);
    }
    const after = await storedGame(api.app, gameId);
    const state = after.state as unknown as GameState;
    expect(state.forfeited[sleeper]).toBe(true);
    expect(after.version).toBe(game.version + 1);
    const forfeit = await prisma.gameAction.findFirstOrThrow({ where: { gameId, version: after.version } });
    expect(forfeit).toMatchObject({ seat: sleeper, userId: null, action: { seat: sleeper, type: 'forfeit' } });
    const conduct = await prisma.auditLog.findFirstOrThrow({ where: { action: 'conduct.stalling', entityId: gameId } });
    expect(conduct.data).toMatchObject({ seat: sleeper, userId: players[sleeper].id, severity: 'major', tickets: 5 });
    // Two workers ran the clock: still one ticket per (version, attempt), one forfeit.
    expect(await prisma.gameAction.count({ where: { gameId, action: { path: ['type'], equals: 'forfeit' } } })).toBe(1);
    // The clock goes on for the next seat.
    await eventually(async () => (await prisma.gameTimeout.count({ where: { gameId, version: after.version } })) >= 1, 10_000, 'the next seat\'s clock');
    // A page reloaded now is told every seat's tickets (the join's view carries them; game:clock only counts on).
    const rejoin = await connectLive(await listening(), players[sleeper].token);
    try {
      const joined = await rejoin.call<{ view: { tickets?: number[]; ticketsToForfeit?: number } }>('join', { gameId });
      expect(joined.ok).toBe(true);
      expect(joined.view.ticketsToForfeit).toBe(TIMEOUTS_TO_FORFEIT);
      expect(joined.view.tickets).toHaveLength(4);
      expect(joined.view.tickets![sleeper]).toBe(TIMEOUTS_TO_FORFEIT);
      const next = (await prisma.gameTimeout.findFirstOrThrow({ where: { gameId, version: after.version } })).seat;
      expect(joined.view.tickets![next]).toBeGreaterThanOrEqual(1);
    } finally {
      rejoin.socket.close();
    }
    // GET …/view is the view game:view pushes (no tickets: the live suite holds the two equal).
    expect((await api.http().get(`/api/games/${gameId}/view`).expect(200)).body.tickets).toBeUndefined();
  }, 40_000);

  it('pushes the worker\'s tickets and the forfeit to the table live: game:clock to all, then a fresh view per seat and the public view', async () => {
    const port = await listening();
    const { gameId, players } = await shortClockTable(300);
    const game = await storedGame(api.app, gameId);
    const sleeper = (game.state as unknown as GameState).hands[0].turn!;
    const clients: RecordingClient[] = [];
    try {
      for (const p of players) clients.push(await connectLive(port, p.token));
      const spectator = await connectLive(port);
      clients.push(spectator);
      for (const c of clients) expect(await c.call('join', { gameId })).toMatchObject({ ok: true });
      await api.app.get(EffectsQueue).run([{ kind: 'turn-clock', gameId, version: game.version, attempt: 0, at: new Date(Date.now() + 300) }]);
      await waitFor('the forfeit view', () => clients.every((c) => c.of('game:view').some((e) => e.seq === game.version + 1)), 20_000);
      for (const c of clients) {
        const clocks = c.of('game:clock').filter((e) => e.seq === game.version);
        expect(clocks.map((e) => e.tickets)).toEqual([1, 2, 3, 4]);
        expect(clocks.every((e) => e.seat === sleeper && typeof e.turnDeadline === 'string')).toBe(true);
      }
      clients.slice(0, 4).forEach((c, seat) => {
        const v = c.of('game:view').find((e) => e.seq === game.version + 1)!.view as { seat: number; turnDeadline: string; view: { forfeited: boolean[]; hand?: string[] } };
        expect(v.seat).toBe(seat);
        expect(v.view.forfeited[sleeper]).toBe(true);
        expect(typeof v.turnDeadline).toBe('string');
        expect(Array.isArray(v.view.hand)).toBe(true);
      });
      const pub = spectator.of('game:view').find((e) => e.seq === game.version + 1)!.view as { seat: null; view: { hand?: string[] } };
      expect(pub.seat).toBeNull();
      expect(pub.view.hand).toBeUndefined();
      // exactly once each, though two workers run the clock
      for (const c of clients) expect(c.of('game:view').filter((e) => e.seq === game.version + 1)).toHaveLength(1);
    } finally {
      for (const c of clients) c.socket.close();
    }
  }, 40_000);

  it('a clock job that runs before its time waits and runs again at the deadline, under an id of its own (not lost)', async () => {
    const { gameId } = await shortClockTable(1500);
    const game = await prisma.game.update({ where: { id: gameId }, data: { updatedAt: new Date() } });
    const due = game.updatedAt.getTime() + 1500;
    // Queued to run now, 1.5 s early (as a worker whose clock runs ahead would): it must not be lost.
    await api.app.get(EffectsQueue).run([{ kind: 'turn-clock', gameId, version: game.version, attempt: 0, at: new Date() }]);
    await eventually(async () => (await prisma.gameTimeout.count({ where: { gameId, version: game.version } })) >= 1, 15_000, 'the run-out at the deadline');
    const first = await prisma.gameTimeout.findFirstOrThrow({ where: { gameId, version: game.version, attempt: 0 } });
    expect(first.createdAt.getTime()).toBeGreaterThanOrEqual(due - 50);
  }, 30_000);

  it('a move restarts the clock: the old run-out job does nothing, and the view shows the new deadline', async () => {
    const { gameId, players } = await shortClockTable(1500);
    const game = await storedGame(api.app, gameId);
    const state = game.state as unknown as GameState;
    const leader = players[state.hands[0].turn!];
    await api.app.get(EffectsQueue).run([{ kind: 'turn-clock', gameId, version: game.version, attempt: 0, at: new Date(Date.now() + 1500) }]);
    const before = await api.http().get(`/api/games/${gameId}/view`);
    expect(Date.parse(before.body.turnDeadline)).toBeGreaterThan(Date.now());
    const sentAt = Date.now();
    const res = await api.http().post(`/api/games/${gameId}/actions`).set('Authorization', `Bearer ${leader.token}`).send({ type: 'play', tile: '6-6', version: game.version });
    const answeredAt = Date.now();
    expect(res.status).toBe(200);
    // One clock length from the move (the old deadline was one from the deal, before the move was sent),
    // however long the answer took on a loaded machine.
    expect(Date.parse(res.body.turnDeadline)).toBeGreaterThanOrEqual(sentAt + 1500);
    expect(Date.parse(res.body.turnDeadline)).toBeLessThanOrEqual(answeredAt + 1500);
    // The old run-out job has run (a completed clock job is removed; a failed one stays and fails the wait):
    // nothing on the old version; the new turn's clock has not run out yet or has for the next seat only.
    const queue = api.app.get<Queue>(getQueueToken(QUEUES.effects));
    await eventually(async () => (await queue.getJob(jobIds.turnClock(gameId, game.version, 0))) === undefined, 15_000, 'the old run-out job');
    expect(await prisma.gameTimeout.count({ where: { gameId, version: game.version } })).toBe(0);
    const next = await prisma.gameTimeout.findMany({ where: { gameId } });
    expect(next.every((t) => t.version === game.version + 1 && t.seat !== leader.seat)).toBe(true);
  }, 20_000);

  describe('one pending clock job per game, not one per move', () => {
    type Move = { type: string; tile?: string; end?: string };
    /** The seat on turn plays its first legal move over HTTP; answers the new version and its deadline. */
    const playOne = async (gameId: string, players: { token: string }[], via: TestApi = api): Promise<{ version: number; turnDeadline: string }> => {
      const pub = (await via.http().get(`/api/games/${gameId}/view`).expect(200)).body as { view: { turn: number } };
      const p = players[pub.view.turn];
      const mine = (await via.http().get(`/api/games/${gameId}/view`).set('Authorization', `Bearer ${p.token}`).expect(200)).body as {
        view: { version: number; legalMoves: Move[] };
      };
      const m = mine.view.legalMoves[0];
      const res = await via.http().post(`/api/games/${gameId}/actions`).set('Authorization', `Bearer ${p.token}`).send({ type: m.type, tile: m.tile, end: m.end, version: mine.view.version });
      expect([res.status, res.body.applied]).toEqual([200, true]);
      return { version: res.body.view.version as number, turnDeadline: res.body.turnDeadline as string };
    };
    // The Queue object the game's clock is queued through (EffectsQueue's own). The effects queue is registered by two
    // modules, so `app.get(getQueueToken(...))` answers whichever the module order puts first: a spy there may watch
    // another object of the same queue and see no call.
    const clockQueueOf = (app: INestApplicationContext) => (app.get(EffectsQueue) as unknown as { queue: Queue }).queue;
    const clockJobsOf = async (gameId: string) => {
      const queue = api.app.get<Queue>(getQueueToken(QUEUES.effects));
      const jobs = await queue.getJobs(['delayed', 'wait', 'active', 'prioritized', 'waiting-children']);
      return jobs.filter((j) => j.name === 'turn-clock' && (j.data as { gameId: string }).gameId === gameId);
    };

    it('moves in quick succession queue one job, which follows the game: the run-out comes at the last turn\'s deadline, on that turn', async () => {
      const ms = 8_000;
      const { gameId, players } = await shortClockTable(ms);
      const v0 = (await storedGame(api.app, gameId)).version;
      const adds = jest.spyOn(clockQueueOf(api.app), 'add');
      let last = { version: v0, turnDeadline: '' };
      let calls: Parameters<Queue['add']>[] = [];
      try {
        for (let i = 0; i < 4; i++) last = await playOne(gameId, players);
      } finally {
        calls = [...adds.mock.calls];
        adds.mockRestore();
      }
      expect(last.version).toBe(v0 + 4);
      // The first move queued the clock; the next three found it pending before their deadlines and queued nothing.
      const queued = calls.filter(([name, data]) => name === 'turn-clock' && (data as { gameId: string }).gameId === gameId);
      expect(queued.map(([, data]) => data)).toEqual([{ gameId, version: v0 + 1, attempt: 0 }]);
      expect((await clockJobsOf(gameId)).some((j) => j.id === jobIds.turnClock(gameId, v0 + 1, 0))).toBe(true);
      const played = await storedGame(api.app, gameId);
      const seat = (played.state as unknown as GameState).hands.at(-1)!.turn!;

      await eventually(async () => (await prisma.gameTimeout.count({ where: { gameId } })) >= 1, 30_000, 'the run-out of the last turn');
      const runOuts = await prisma.gameTimeout.findMany({ where: { gameId }, orderBy: [{ version: 'asc' }, { attempt: 'asc' }] });
      // On the turn on play, not on one already played; at its deadline, not at the first move's (which came first).
      expect([runOuts[0].version, runOuts[0].attempt, runOuts[0].seat]).toEqual([v0 + 4, 0, seat]);
      expect(runOuts[0].createdAt.getTime()).toBeGreaterThanOrEqual(played.updatedAt.getTime() + ms - 50);
      expect(runOuts.every((t) => t.version === v0 + 4)).toBe(true);
      // The first move's job completed (it followed the game), and the clock goes on: the next attempt's job waits.
      expect(await api.app.get<Queue>(getQueueToken(QUEUES.effects)).getJob(jobIds.turnClock(gameId, v0 + 1, 0))).toBeUndefined();
      await eventually(async () => (await clockJobsOf(gameId)).some((j) => (j.data as { version: number; attempt: number }).attempt === 1), 10_000, 'the next attempt\'s clock');
    }, 60_000);

    it('another API instance learns the pending job from the game\'s key and queues none; the run-out still comes at the last deadline', async () => {
      const ms = 6_000;
      const second = await startApi(env);
      try {
        const { gameId, players } = await shortClockTable(ms);
        await playOne(gameId, players);
        const adds = jest.spyOn(clockQueueOf(second.app), 'add');
        let calls: Parameters<Queue['add']>[] = [];
        let version = 0;
        try {
          version = (await playOne(gameId, players, second)).version;
        } finally {
          calls = [...adds.mock.calls];
          adds.mockRestore();
        }
        expect(calls.filter(([name, data]) => name === 'turn-clock' && (data as { gameId: string }).gameId === gameId)).toEqual([]);
        await eventually(async () => (await prisma.gameTimeout.count({ where: { gameId } })) >= 1, 30_000, 'the run-out of the second instance\'s turn');
        const played = await storedGame(api.app, gameId);
        const first = await prisma.gameTimeout.findFirstOrThrow({ where: { gameId }, orderBy: [{ version: 'asc' }, { attempt: 'asc' }] });
        expect([first.version, first.attempt]).toEqual([version, 0]);
        expect(first.createdAt.getTime()).toBeGreaterThanOrEqual(played.updatedAt.getTime() + ms - 50);
      } finally {
        await second.close();
      }
    }, 60_000);

    it('a turn whose deadline comes before the pending job\'s (a shorter clock) gets a job of its own: its run-out comes at the shorter deadline, once', async () => {
      // What the player sees, not the queue at a moment (on a busy machine the new turn's job may already have run
      // when the queue would be read): the run-out at the new turn's own deadline, long before the pending job's minute.
      const ms = 3_000;
      const { gameId, players } = await shortClockTable(ms);
      const game = await storedGame(api.app, gameId);
      // A job of this game pending for a minute from now (as a longer seat clock of an earlier turn would leave).
      const late = { kind: 'turn-clock' as const, gameId, version: game.version, attempt: 0, at: new Date(Date.now() + 60_000) };
      await api.app.get(EffectsQueue).run([late]);
      const moved = await playOne(gameId, players);
      await eventually(async () => (await prisma.gameTimeout.count({ where: { gameId, version: moved.version } })) >= 1, 25_000, 'the run-out at the shorter deadline');
      const played = await storedGame(api.app, gameId);
      expect(played.version).toBe(moved.version); // the turn was not skipped
      const runOuts = await prisma.gameTimeout.findMany({ where: { gameId, version: moved.version }, orderBy: { attempt: 'asc' } });
      // Once: one run-out for that deadline (the next, if any, is the restarted clock's, a full clock later).
      expect(runOuts.filter((r) => r.attempt === 0)).toHaveLength(1);
      const first = runOuts[0];
      expect(first.attempt).toBe(0);
      expect(first.createdAt.getTime()).toBeGreaterThanOrEqual(Date.parse(moved.turnDeadline) - 50);
      expect(first.createdAt.getTime()).toBeGreaterThanOrEqual(played.updatedAt.getTime() + ms - 50);
      expect(first.createdAt.getTime()).toBeLessThan(late.at.getTime() - 30_000);
      for (let i = 1; i < runOuts.length; i++) expect(runOuts[i].createdAt.getTime() - runOuts[i - 1].createdAt.getTime()).toBeGreaterThanOrEqual(ms - 50);
      await api.app.get<Queue>(getQueueToken(QUEUES.effects)).remove(jobIds.turnClock(gameId, game.version, 0));
    }, 45_000);

    it('a pending job lost with Redis (or never queued: a crash after the commit) is queued again by the recovery sweep, for the turn on play', async () => {
      const ms = 2_000;
      const { gameId, players } = await shortClockTable(ms);
      await playOne(gameId, players);
      const moved = await playOne(gameId, players);
      const queue = api.app.get<Queue>(getQueueToken(QUEUES.effects));
      for (const j of await clockJobsOf(gameId)) await j.remove();
      await api.app.get(ChallengeFlowService).recover();
      expect((await clockJobsOf(gameId)).map((j) => j.id)).toEqual([jobIds.turnClock(gameId, moved.version, 0)]);
      await eventually(async () => (await prisma.gameTimeout.count({ where: { gameId, version: moved.version } })) >= 1, 15_000, 'the run-out after the sweep');
      await eventually(async () => (await queue.getJob(jobIds.turnClock(gameId, moved.version, 0))) === undefined, 10_000, 'the swept job done');
    }, 30_000);
  });
});
