import type { AddressInfo } from 'node:net';
import { INestApplicationContext } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { JOBS, PrismaService } from '@dcs/common';
import { apply, createBot, currentHand } from '@dcs/engine';
import { ChallengeFlowService, EffectsQueue, GameMoveService } from '@dcs/tournament';
import { createWorker } from '../apps/worker/src/setup';
import { startApi, storedGame, TestApi } from './support/api';
import { challengeWithPlayers } from './support/challenge-fixtures';
import { directCity } from './support/fixtures';
import { moveBody } from './support/house';
import { connectLive, RecordingClient, waitFor } from './support/live-client';
import { createTestEnv, TestEnv } from './support/test-env';

/**
 * One push path for a committed move (docs/realtime.md, "Order"): whichever process made the move (the
 * API for a person, the worker for a computer seat), a client hears the move's own `game:view` before
 * what the move caused at its table — `house:settled` of the house game it ended, the `table:result`
 * (or the 6-4/5-5 draw's `tiebreak:open`) of the challenge table it decided.
 */
describe('live order: a move\'s game:view before the table\'s result or settlement, from the API and from the worker', () => {
  let env: TestEnv;
  let api: TestApi;
  let worker: INestApplicationContext;
  let prisma: PrismaService;
  let mover: GameMoveService;
  let port: number;
  const greedy = createBot('greedy');
  const clients: RecordingClient[] = [];
  const live = async (token: string) => {
    const c = await connectLive(port, token);
    clients.push(c);
    return c;
  };
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    env = await createTestEnv('liveorder');
    const config = env.config({ HOUSE_BOT_THINK_PERMILLE: '0' });
    api = await startApi(env, config);
    await api.app.listen(0, '127.0.0.1');
    port = (api.app.getHttpServer().address() as AddressInfo).port;
    worker = await createWorker(config);
    prisma = api.app.get(PrismaService);
    mover = api.app.get(GameMoveService);
  });
  afterAll(async () => {
    for (const c of clients) c.socket.close();
    await worker.close();
    await api.close();
    await env.drop();
  });

  /**
   * Plays the game with the greedy bot's choices, the people in process (as the move service serves any
   * move), until the move that ends it: that one is sent over HTTP by its player, as a client would.
   */
  const playToLastMoveOverHttp = async (gameId: string, tokenOfSeat: (seat: number) => string, userOfSeat: (seat: number) => string) => {
    for (let i = 0; i < 5000; i++) {
      const g = await storedGame(api.app, gameId);
      if (g.status === 'finished') throw new Error('the game ended before its last move was sent');
      const seat = currentHand(g.state)!.turn!;
      const action = greedy.choose(g.state, seat);
      const r = apply(g.state, action, { expectedVersion: g.version });
      if (r.ok && r.state.finished) {
        await api.http().post(`/api/games/${gameId}/actions`).set(auth(tokenOfSeat(seat))).send(moveBody(g.version, action)).expect(200);
        return r.state.version;
      }
      await mover.move(gameId, { userId: userOfSeat(seat) }, moveBody(g.version, action));
    }
    throw new Error(`game ${gameId} did not end`);
  };

  /** The index of the frame of `event` about `gameId` (or the table), and of the game's `game:view` of version `seq`. */
  const indexOf = (c: RecordingClient, pred: (f: { event: string; data: Record<string, unknown> }) => boolean) => c.frames.findIndex(pred);
  const viewOf = (gameId: string, seq: number) => (f: { event: string; data: Record<string, unknown> }) => f.event === 'game:view' && f.data.gameId === gameId && f.data.seq === seq;

  it('a person\'s move over HTTP that ends a house game: every seat hears its game:view, then house:settled', async () => {
    const a = await api.user();
    const b = await api.user();
    const [ca, cb] = [await live(a.token), await live(b.token)];
    const t = (await api.http().post('/api/house/tables').set(auth(a.token)).send({ ruleset: 'citizen', seats: 2, purpose: 'friendly' }).expect(201)).body;
    const joined = (await api.http().post(`/api/house/tables/${t.id}/join`).set(auth(b.token)).send({}).expect(200)).body;
    const gameId = (joined.gameId ?? t.gameId) as string;
    expect(gameId).toEqual(expect.any(String));
    const people = [a, b];
    const last = await playToLastMoveOverHttp(gameId, (s) => people[s].token, (s) => people[s].id);
    for (const c of [ca, cb]) {
      await waitFor('the settlement', () => c.of('house:settled').some((d) => d.gameId === gameId));
      await waitFor('the last move\'s view', () => indexOf(c, viewOf(gameId, last)) >= 0);
      const settled = indexOf(c, (f) => f.event === 'house:settled' && f.data.gameId === gameId);
      expect(indexOf(c, viewOf(gameId, last))).toBeLessThan(settled);
    }
  });

  it('a computer\'s move in the worker that ends a house game: the seated person hears its game:view, then house:settled', async () => {
    const p = await api.user();
    const cp = await live(p.token);
    const t = (await api.http().post('/api/house/tables').set(auth(p.token)).send({ ruleset: 'citizen', seats: 3, purpose: 'friendly', clockMs: null, computers: ['medium', 'medium'] }).expect(201)).body;
    const gameId = t.gameId as string;
    expect(gameId).toEqual(expect.any(String));
    // The person gives up at once: the two computers play the game to its end in the worker (no move of the game is the API's after this).
    await api.http().post(`/api/house/tables/${t.id}/forfeit`).set(auth(p.token)).send({}).expect(200);
    await waitFor('the settlement', () => cp.of('house:settled').some((d) => d.gameId === gameId), 100_000);
    const final = await storedGame(api.app, gameId);
    expect(final.status).toBe('finished');
    const lastAction = await prisma.gameAction.findFirstOrThrow({ where: { gameId }, orderBy: { version: 'desc' } });
    expect(lastAction).toMatchObject({ version: final.version, userId: null });
    expect(lastAction.seat).not.toBe(0);
    await waitFor('the last move\'s view', () => indexOf(cp, viewOf(gameId, final.version)) >= 0);
    expect(indexOf(cp, viewOf(gameId, final.version))).toBeLessThan(indexOf(cp, (f) => f.event === 'house:settled' && f.data.gameId === gameId));
  }, 120_000);

  /** A running challenge with 16 people checked in (`turnMs`: its clock, stored before the deal), its first table and its seats' tokens. */
  const runningTable = async (turnMs?: number) => {
    const fx = await challengeWithPlayers(prisma, { checkedIn: 16 });
    if (turnMs) await prisma.challenge.update({ where: { id: fx.challengeId }, data: { turnMs } });
    await api.app.get(ChallengeFlowService).start(fx.challengeId);
    const table = await prisma.challengeTable.findFirstOrThrow({ where: { challengeId: fx.challengeId, index: 0 }, include: { games: true, seats: { orderBy: { seat: 'asc' } } } });
    const tokens: string[] = [];
    for (const s of table.seats) tokens.push(await api.tokenOf(s.userId));
    return { fx, table, gameId: table.games[0].id, tokens };
  };

  it('a person\'s move over HTTP that ends a challenge game: its game:view, then the table\'s decision (table:result or its draw)', async () => {
    const { table, tokens } = await runningTable();
    const cs = [];
    for (const token of tokens) cs.push(await live(token));
    const gameId = table.games[0].id;
    const last = await playToLastMoveOverHttp(gameId, (s) => tokens[s], (s) => table.seats[s].userId);
    const decided = (f: { event: string; data: Record<string, unknown> }) => (f.event === 'table:result' || f.event === 'tiebreak:open') && f.data.tableId === table.id;
    for (const c of cs) {
      await waitFor('the table\'s decision', () => indexOf(c, decided) >= 0);
      await waitFor('the last move\'s view', () => indexOf(c, viewOf(gameId, last)) >= 0);
      expect(indexOf(c, viewOf(gameId, last))).toBeLessThan(indexOf(c, decided));
    }
  });

  /**
   * A busy moment, made certain: the process that queues a table's decide job hears Redis answer the
   * add only after the worker has decided the table and its `table:result` reached the client (a fast
   * worker, a slow round trip). Whatever that process pushes after queuing the decide reaches the
   * client after the result; the game's last view must have been pushed before.
   */
  const holdDecideUntil = (app: INestApplicationContext, seen: (tableId: string) => boolean) => {
    const queue = (app.get(EffectsQueue) as unknown as { queue: Queue }).queue;
    const add = queue.add.bind(queue);
    // A hold that gave up (the decision never reached the client while the add was held) is not the busy moment the
    // test is about: it is kept and the test fails on it, rather than going on as if the moment had happened.
    const missed: string[] = [];
    const spy = jest.spyOn(queue, 'add').mockImplementation(async (...args: Parameters<Queue['add']>) => {
      const job = await add(...args);
      const tableId = (args[1] as { tableId: string }).tableId;
      if (args[0] === JOBS.tableDecide) await waitFor('the table\'s decision, before the add is answered', () => seen(tableId), 15_000).catch((err: unknown) => missed.push(String(err)));
      return job;
    });
    return Object.assign(spy, { missed });
  };
  const decidedAt = (tableId: string) => (f: { event: string; data: Record<string, unknown> }) => (f.event === 'table:result' || f.event === 'tiebreak:open') && f.data.tableId === tableId;

  it('a 5th run-out in the worker that ends a challenge game: the game:view of the forfeit that ended it, then table:result', async () => {
    // Nobody plays: three seats run out five times each and forfeit; the third forfeit ends the game.
    const { table, gameId, tokens } = await runningTable(250);
    const cs: RecordingClient[] = [];
    for (const token of tokens) cs.push(await live(token));
    let done = false;
    const hold = holdDecideUntil(worker, (tableId) => done || tableId !== table.id || cs.every((c) => indexOf(c, decidedAt(tableId)) >= 0));
    try {
      for (const c of cs) await waitFor('the table\'s decision', () => indexOf(c, decidedAt(table.id)) >= 0, 40_000);
      done = true;
      const final = await storedGame(api.app, gameId);
      expect(final.status).toBe('finished');
      expect(final.state.forfeited.filter(Boolean)).toHaveLength(3);
      for (const c of cs) {
        await waitFor('the last forfeit\'s view', () => indexOf(c, viewOf(gameId, final.version)) >= 0);
        expect(indexOf(c, viewOf(gameId, final.version))).toBeLessThan(indexOf(c, decidedAt(table.id)));
      }
      expect(hold.missed).toEqual([]);
    } finally {
      done = true;
      hold.mockRestore();
    }
  }, 60_000);

  it('a disqualification that ends a challenge game: the game:view of the forfeit that ended it, then table:result', async () => {
    const { fx, table, tokens } = await runningTable();
    const director = await api.user({ roles: ['director'] });
    await directCity(api, director.id, fx);
    const c = await live(tokens[3]);
    const disqualify = (userId: string) =>
      api.http().post(`/api/challenges/${fx.challengeId}/disqualifications`).set(auth(director.token)).send({ userId, reason: 'collusion seen on video' }).expect(200);
    await disqualify(table.seats[0].userId);
    await disqualify(table.seats[1].userId);
    const hold = holdDecideUntil(api.app, (tableId) => tableId !== table.id || indexOf(c, decidedAt(tableId)) >= 0);
    try {
      await disqualify(table.seats[2].userId);
      await waitFor('the table\'s decision', () => indexOf(c, decidedAt(table.id)) >= 0);
      const final = await storedGame(api.app, table.games[0].id);
      expect(final.status).toBe('finished');
      await waitFor('the last forfeit\'s view', () => indexOf(c, viewOf(final.id, final.version)) >= 0);
      expect(indexOf(c, viewOf(final.id, final.version))).toBeLessThan(indexOf(c, decidedAt(table.id)));
      expect(hold.missed).toEqual([]);
    } finally {
      hold.mockRestore();
    }
  }, 60_000);
});
