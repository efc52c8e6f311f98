import type { AddressInfo } from 'node:net';
import { INestApplicationContext } from '@nestjs/common';
import { PrismaService } from '@dcs/common';
import { createBot, currentHand } from '@dcs/engine';
import { seededRunOuts, type BotLevel } from '@dcs/house';
import { GameMoveService, HouseBotService, HouseService, TurnClockService } from '@dcs/tournament';
import { createWorker } from '../apps/worker/src/setup';
import { startApi, storedGame, TestApi } from './support/api';
import { FAR, moveBody, seedComputerTurn } from './support/house';
import { connectLive, RecordingClient, waitFor } from './support/live-client';
import { eventually } from './support/temp-redis';
import { createTestEnv, TestEnv } from './support/test-env';

type Player = { id: string; token: string };
const DAY = 86_400_000;

/**
 * House tables checked from outside (issue 30 B, issue 26): computer run-outs that do not depend on how
 * late the worker is, what a finished game shows and to whom, and unlisted tables.
 */
describe('house tables from outside: exact computer run-outs, what a finished game shows, outsiders, unlisted tables', () => {
  let env: TestEnv;
  let api: TestApi;
  let prisma: PrismaService;
  let house: HouseService;
  let clock: TurnClockService;
  let mover: GameMoveService;
  let port: number;
  const greedy = createBot('greedy');
  const clients: RecordingClient[] = [];

  beforeAll(async () => {
    env = await createTestEnv('house_outside');
    api = await startApi(env, env.config({ HOUSE_BOT_THINK_PERMILLE: '0' }));
    await api.app.listen(0, '127.0.0.1');
    port = (api.app.getHttpServer().address() as AddressInfo).port;
    prisma = api.app.get(PrismaService);
    house = api.app.get(HouseService);
    clock = api.app.get(TurnClockService);
    mover = api.app.get(GameMoveService);
  });
  afterAll(async () => {
    for (const c of clients) c.socket.close();
    jest.restoreAllMocks();
    await api.close();
    await env.drop();
  });

  const auth = (p: Player) => ({ Authorization: `Bearer ${p.token}` });
  const adult = (p: Player) => api.http().post('/api/me/adult-confirmation').set(auth(p)).send({ adult: true }).expect(200);
  const open = (p: Player, body: Record<string, unknown>) => api.http().post('/api/house/tables').set(auth(p)).send(body);
  const gameOf = async (gameId: string) => {
    const g = await storedGame(api.app, gameId);
    return { version: g.version, status: g.status, state: g.state };
  };
  const live = async (token?: string) => {
    const c = await connectLive(port, token);
    clients.push(c);
    return c;
  };
  /** The turn clock of the seat on turn runs out now (as the worker's clock job would: its time comes as an argument). */
  const tick = async (gameId: string) => {
    const g = await gameOf(gameId);
    const attempt = await prisma.gameTimeout.count({ where: { gameId, version: g.version } });
    return clock.tick(gameId, g.version, attempt, FAR());
  };
  /** Fixture: the computer on turn draws a run-out now (SPEC 8.6: a computer runs out only when its seeded generator says so). */
  const seedRunOut = async (tableId: string, gameId: string, level: BotLevel) => {
    const g = await gameOf(gameId);
    const attempt = await prisma.gameTimeout.count({ where: { gameId, version: g.version } });
    await seedComputerTurn(prisma, tableId, gameId, { version: g.version, attempt, level }, true);
  };
  const settled = (gameId: string) => eventually(async () => (await prisma.houseSettlement.count({ where: { gameId } })) === 1, 10_000, 'the settlement');

  it("the turn clock never runs out a computer seat whose seeded draw says it plays: nothing recorded, the turn left to the computer's job", async () => {
    const p = await api.user();
    const t = (await open(p, { ruleset: 'citizen', seats: 2, purpose: 'friendly', computers: ['medium'], clockMs: 20_000 }).expect(201)).body;
    const gameId = t.gameId as string;
    // The person plays until the computer is on turn.
    for (let i = 0; i < 20 && currentHand((await gameOf(gameId)).state)!.turn !== 1; i++) {
      const g = await gameOf(gameId);
      await api.http().post(`/api/games/${gameId}/actions`).set(auth(p)).send(moveBody(g.version, greedy.choose(g.state, 0))).expect(200);
    }
    const g = await gameOf(gameId);
    expect(currentHand(g.state)!.turn).toBe(1);
    // Fixture: a seed whose draw says the computer plays this turn (99 % of seeds do).
    await seedComputerTurn(prisma, t.id, gameId, { version: g.version, attempt: 0, level: 'medium' }, false);
    // The deadline long past (the worker late): still no run-out.
    expect(await tick(gameId)).toBe('noop');
    expect(await prisma.fileEntry.count({ where: { gameId } })).toBe(0);
    expect(await prisma.gameTimeout.count({ where: { gameId } })).toBe(0);
    expect((await gameOf(gameId)).version).toBe(g.version);
  });

  describe('with a late worker', () => {
    let worker: INestApplicationContext | null = null;
    afterAll(async () => {
      await worker?.close();
    });

    it('computer seats run out exactly on the turns their seeded generator gives, though the worker plays every turn after its clock ran out', async () => {
      const host = await api.user();
      const levels: BotLevel[] = ['easy', 'easy', 'easy'];
      const table = await prisma.houseTable.create({
        data: {
          hostId: host.id,
          ruleset: 'mook-camp-fitness',
          settings: { getOn: 10, minScore: 5, target: 150, handSize: 7 },
          seats: 3,
          purpose: 'workout',
          hostClockMs: 3_000,
          listed: false,
          inviteCode: 'LATEWRK1',
          botSeed: 'late-worker',
          seatsTaken: { create: levels.map((botLevel, seat) => ({ seat, botLevel })) },
        },
      });
      const gameId = (await house.startIfFull(table.id)).currentGameId!;
      // Fixture: a seed whose generator gives run-outs early in the game (so the seeded path is exercised), and a
      // 300 ms clock on every seat, so that a worker taking 1 s over each turn is late on every one of them.
      let seed = '';
      for (let i = 0; !seed; i++) {
        const s = `late-worker-${i}`;
        const early = seededRunOuts(s, gameId, Array.from({ length: 6 }, (_, version) => ({ version, level: 'easy' as const })));
        if (early.length > 0) seed = s;
      }
      await prisma.houseTable.update({ where: { id: table.id }, data: { botSeed: seed } });
      await prisma.houseSeat.updateMany({ where: { tableId: table.id }, data: { clockMs: 300 } });
      // The late worker: one job a turn, each a second late (three times the clock).
      const play = HouseBotService.prototype.play;
      jest.spyOn(HouseBotService.prototype, 'play').mockImplementation(async function (this: HouseBotService, ...a: Parameters<HouseBotService['play']>) {
        await new Promise((r) => setTimeout(r, 1_000));
        return play.apply(this, a);
      });
      worker = await createWorker(env.config({ HOUSE_BOT_THINK_PERMILLE: '0', HOUSE_BOT_CHAIN_MAX: '1' }));
      await eventually(async () => (await gameOf(gameId)).version >= 10, 90_000, 'ten computer turns');
      await worker.close();
      worker = null;
      jest.restoreAllMocks();

      // The turns played (actions 1..n: the turn on version v is the action that made v + 1), each by its seat's level.
      const actions = await prisma.gameAction.findMany({ where: { gameId }, select: { version: true, seat: true, userId: true }, orderBy: { version: 'asc' } });
      expect(actions.length).toBeGreaterThanOrEqual(10);
      expect(actions.every((a) => a.userId === null)).toBe(true);
      const turns = actions.map((a) => ({ version: a.version - 1, level: levels[a.seat] }));
      const expected = seededRunOuts(seed, gameId, turns);
      expect(expected.length).toBeGreaterThan(0);
      const recorded = await prisma.fileEntry.findMany({ where: { gameId, kind: 'computer_timeout', version: { lt: actions.length } }, select: { version: true, attempt: true }, orderBy: [{ version: 'asc' }, { attempt: 'asc' }] });
      expect(recorded).toEqual(expected);
      // The clock's own rows say the same: no run-out the generator did not decide.
      const timeouts = await prisma.gameTimeout.findMany({ where: { gameId, version: { lt: actions.length } }, select: { version: true, attempt: true }, orderBy: [{ version: 'asc' }, { attempt: 'asc' }] });
      expect(timeouts).toEqual(expected);
    }, 150_000);
  });

  it('a finished house game lists every run-out (seat, turn, person or computer, penalty, jar, expunged ticket) to its players and staff, after a reload; outsiders read the public result', async () => {
    const p = await api.user();
    // Its welcome grant paid, as the settlement pays it once earned (SPEC 7 Decision: a new account's grant is held until it has played).
    await api.app.get(HouseService).grantWelcome(p.id);
    await adult(p);
    const t = (await open(p, { ruleset: 'citizen', seats: 2, computers: ['medium'], purpose: 'stake', stake: 100, ticketFine: 30 }).expect(201)).body;
    const gameId = t.gameId as string;
    // An open Community Service ticket (40 DD) from an earlier Citizen table: the computer's run-out expunges it.
    await prisma.fileEntry.create({ data: { userId: p.id, kind: 'ticket', houseTableId: t.id, fine: 40, currency: 'DD', dedupeKey: `old:${p.id}`, expiresAt: new Date(Date.now() + 7 * DAY) } });
    let computerDone = false;
    let personDone = false;
    let computerTurn = -1;
    let personTurn = -1;
    for (let i = 0; i < 400 && !(computerDone && personDone); i++) {
      const g = await gameOf(gameId);
      expect(g.status).toBe('playing');
      const seat = currentHand(g.state)!.turn!;
      if (seat === 1 && !computerDone) {
        await seedRunOut(t.id, gameId, 'medium');
        expect(await tick(gameId)).toBe('ticket');
        computerDone = true;
        computerTurn = g.version;
      } else if (seat === 0 && computerDone && !personDone) {
        expect(await tick(gameId)).toBe('ticket');
        personDone = true;
        personTurn = g.version;
      } else if (seat === 0) {
        await api.http().post(`/api/games/${gameId}/actions`).set(auth(p)).send(moveBody(g.version, greedy.choose(g.state, 0))).expect(200);
      } else {
        await mover.move(gameId, { system: true, seat }, moveBody(g.version, greedy.choose(g.state, seat)));
      }
    }
    expect([computerDone, personDone]).toEqual([true, true]);
    const g = await gameOf(gameId);
    await mover.move(gameId, { system: true, seat: 1 }, { version: g.version, type: 'forfeit' });
    await settled(gameId);

    // The player's reload: the table carries its settlement, with every run-out.
    const mine = (await api.http().get(`/api/house/tables/${t.id}`).set(auth(p)).expect(200)).body;
    expect(mine.settlement).toMatchObject({ gameId, full: true, winner: 0, computerRunOuts: 1, fines: [{ seat: 0, userId: p.id, amount: 30, currency: 'DD' }] });
    expect(mine.settlement.runOuts).toEqual([
      { seat: 1, turn: computerTurn, attempt: 0, kind: 'computer', userId: null, penalty: null, fine: 0, currency: null, jar: true, expunged: [{ userId: p.id, seat: 0 }], at: expect.any(String) },
      { seat: 0, turn: personTurn, attempt: 0, kind: 'person', userId: p.id, penalty: 'ticket', fine: 30, currency: 'DD', jar: false, expunged: [], at: expect.any(String) },
    ]);
    // Staff read the same.
    const reviewer = await api.user({ roles: ['reviewer'] });
    expect((await api.http().get(`/api/house/tables/${t.id}`).set(auth(reviewer)).expect(200)).body.settlement).toEqual(mine.settlement);
    // A signed-in player not seated: who won and the scores; no payments, fines, run-outs, jar or workouts.
    const outsider = await api.user();
    const theirs = (await api.http().get(`/api/house/tables/${t.id}`).set(auth(outsider)).expect(200)).body.settlement;
    expect(theirs).toEqual({
      gameId,
      full: false,
      winner: 0,
      scores: mine.settlement.scores,
      forfeited: [false, true],
      currency: 'DD',
      payments: [],
      house: 0,
      fines: [],
      computerRunOuts: 0,
      runOuts: [],
      jar: [],
      workouts: [],
      settledAt: mine.settlement.settledAt,
    });
    expect(JSON.stringify(theirs)).not.toContain(p.id);

    // The game view names its house table to the player and to staff, not to anyone else.
    expect((await api.http().get(`/api/games/${gameId}/view`).set(auth(p)).expect(200)).body.houseTableId).toBe(t.id);
    expect((await api.http().get(`/api/games/${gameId}/view`).set(auth(reviewer)).expect(200)).body.houseTableId).toBe(t.id);
    expect((await api.http().get(`/api/games/${gameId}/view`).set(auth(outsider)).expect(200)).body.houseTableId).toBeNull();
    expect((await api.http().get(`/api/games/${gameId}/replay`).set(auth(reviewer)).expect(200)).body.houseTableId).toBe(t.id);
  }, 120_000);

  it('spectators (anonymous or signed in, not seated) get no penalties, workouts, user ids or table id from house events; the players get them whole', async () => {
    const [p, q] = [await api.user(), await api.user()];
    const t = (await open(p, { ruleset: 'mook-camp-fitness', seats: 2, purpose: 'workout', workoutKind: 'reps', listed: false }).expect(201)).body;
    const dealt = (await api.http().post(`/api/house/tables/${t.id}/join`).set(auth(q)).send({ code: t.inviteCode }).expect(200)).body;
    const gameId = dealt.gameId as string;
    const anonymous = await live();
    const outsider = await api.user();
    const signedIn = await live(outsider.token);
    const players = [await live(p.token), await live(q.token)];
    for (const c of [anonymous, signedIn, ...players]) expect((await c.call('join', { gameId })).ok).toBe(true);
    const sleeper = currentHand((await gameOf(gameId)).state)!.turn!;
    const loser = sleeper === 0 ? p : q;
    expect(await tick(gameId)).toBe('ticket');
    await api.http().post(`/api/house/tables/${t.id}/forfeit`).set(auth(loser)).send({}).expect(200);
    await settled(gameId);
    const mine = players[sleeper];
    await waitFor('the player hears the settlement', () => mine.of('house:settled').length === 1);
    await waitFor('the spectators hear the settlement', () => anonymous.of('house:settled').length === 1 && signedIn.of('house:settled').length === 1);
    // The players: the penalty and the workout owed, by user id.
    expect(mine.of('house:run-out')).toEqual([expect.objectContaining({ gameId, tableId: t.id, seat: sleeper, penalty: 'dumbbell' })]);
    expect(mine.of('house:settled')[0]).toMatchObject({ tableId: t.id, full: true, workouts: [{ userId: loser.id, amount: 5, kind: 'reps', dumbbells: 1 }] });
    // The spectators: that the clock restarted and who won, nothing more.
    for (const s of [anonymous, signedIn]) {
      expect(s.of('house:run-out')).toEqual([expect.objectContaining({ gameId, tableId: null, seat: sleeper, penalty: null })]);
      expect(s.of('house:settled')).toEqual([expect.objectContaining({ gameId, tableId: null, full: false, workouts: [], jar: [] })]);
      expect(s.of('house:settled')[0]).not.toHaveProperty('payments');
      const heard = s.frames.filter((f) => f.event.startsWith('house:') || f.event === 'game:view').map((f) => f.json).join('\n');
      expect(heard).not.toContain(t.id);
      expect(heard).not.toContain(loser.id);
      expect(heard).not.toContain('dumbbell');
    }
    // Over HTTP the outsider cannot even find the unlisted table.
    expect((await api.http().get(`/api/house/tables/${t.id}`).set(auth(outsider)).expect(404)).body.code).toBe('NOT_FOUND');
  }, 60_000);

  it('an unlisted table is joined only with its invitation code: by id without it (or with another) it answers as no table at all', async () => {
    const [host, guest, stranger] = [await api.user(), await api.user(), await api.user()];
    const t = (await open(host, { ruleset: 'citizen', seats: 3, purpose: 'friendly', listed: false }).expect(201)).body;
    expect(t.inviteCode).toMatch(/^[A-Z2-9]{8}$/);
    const lobby = (await api.http().get('/api/house/tables?limit=100').set(auth(stranger)).expect(200)).body;
    expect(lobby.items.map((x: { id: string }) => x.id)).not.toContain(t.id);
    const noTable = '00000000-0000-4000-8000-000000000000';
    const missing = (await api.http().post(`/api/house/tables/${noTable}/join`).set(auth(stranger)).send({}).expect(404)).body;
    const wrong = t.inviteCode === 'AAAAAAAA' ? 'BBBBBBBB' : 'AAAAAAAA';
    for (const body of [{}, { code: wrong }, { seat: 1 }]) {
      const res = (await api.http().post(`/api/house/tables/${t.id}/join`).set(auth(stranger)).send(body).expect(404)).body;
      expect(res).toEqual({ code: missing.code, message: missing.message.replace(noTable, t.id) });
    }
    // Nor may a stranger read it or act on it by id: the same 404.
    expect((await api.http().get(`/api/house/tables/${t.id}`).set(auth(stranger)).expect(404)).body.code).toBe('NOT_FOUND');
    expect((await api.http().post(`/api/house/tables/${t.id}/leave`).set(auth(stranger)).send({}).expect(404)).body.code).toBe('NOT_FOUND');
    expect((await api.http().post(`/api/house/tables/${t.id}/computers`).set(auth(stranger)).send({ level: 'easy' }).expect(404)).body.code).toBe('NOT_FOUND');
    expect((await prisma.houseSeat.findMany({ where: { tableId: t.id } })).map((s) => s.userId)).toEqual([host.id]);
    // With the code (by id, or by code alone): seated.
    const joined = (await api.http().post(`/api/house/tables/${t.id}/join`).set(auth(guest)).send({ code: t.inviteCode.toLowerCase() }).expect(200)).body;
    expect(joined.seatsTaken.map((s: { userId: string }) => s.userId)).toEqual([host.id, guest.id]);
    expect((await api.http().get(`/api/house/tables/${t.id}`).set(auth(guest)).expect(200)).body.id).toBe(t.id);
    const byCode = (await api.http().post('/api/house/join').set(auth(stranger)).send({ code: t.inviteCode }).expect(200)).body;
    expect(byCode.status).toBe('playing');
    // A listed table is still joined from the lobby by id alone.
    const listed = (await open(host, { ruleset: 'citizen', seats: 2, purpose: 'friendly' }).expect(201)).body;
    expect((await api.http().post(`/api/house/tables/${listed.id}/join`).set(auth(stranger)).send({}).expect(200)).body.status).toBe('playing');
  });
});
