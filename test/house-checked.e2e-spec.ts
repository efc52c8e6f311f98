import type { AddressInfo } from 'node:net';
import { INestApplicationContext } from '@nestjs/common';
import { PrismaService } from '@dcs/common';
import { currentHand, RULESETS } from '@dcs/engine';
import { HOUSE_RULESETS, isoWeekOf, isoWeekStart, type HouseRuleset } from '@dcs/house';
import { EffectsQueue, CommissaryService, HouseService, TournamentClock, TurnClockService } from '@dcs/tournament';
import { createWorker } from '../apps/worker/src/setup';
import { startApi, storedGame, TestApi } from './support/api';
import { tableWithGame } from './support/fixtures';
import { connectLive, RecordingClient } from './support/live-client';
import { eventually } from './support/temp-redis';
import { createTestEnv, TestEnv } from './support/test-env';

type Player = { id: string; token: string };
const DAY = 86_400_000;
const FAR = () => new Date(Date.now() + 3_600_000);

/**
 * House tables checked from outside (issue 30 A, issue 26): partial table settings, the host clock
 * at friendly and workout tables, debts paid first by every credit and the weekly commissary, an
 * admin correction's requestId replayed with another body, a move's requestId reused with another
 * body (HTTP and socket.io), the chat requestId's length.
 */
describe('house tables checked from outside', () => {
  let env: TestEnv;
  let api: TestApi;
  let prisma: PrismaService;
  let turnClock: TurnClockService;
  let port: number;
  const sockets: RecordingClient[] = [];

  beforeAll(async () => {
    env = await createTestEnv('house_checked');
    api = await startApi(env, env.config({ HOUSE_BOT_THINK_PERMILLE: '0' }));
    await api.app.listen(0, '127.0.0.1');
    port = (api.app.getHttpServer() as { address(): AddressInfo }).address().port;
    prisma = api.app.get(PrismaService);
    turnClock = api.app.get(TurnClockService);
  });
  afterAll(async () => {
    for (const s of sockets) s.socket.close();
    jest.restoreAllMocks();
    await api.close();
    await env.drop();
  });

  /** A registered player whose welcome grant has been paid, as the settlement pays it once earned (SPEC 7 Decision: a new account's grant is held until it has played). */
  const user = async (opts?: Parameters<TestApi['user']>[0]) => {
    const u = await api.user(opts);
    await api.app.get(HouseService).grantWelcome(u.id);
    return u;
  };
  /** A tournament table whose players' welcome grants have been paid. */
  const fundedTable = async (...args: Parameters<typeof tableWithGame> extends [TestApi, ...infer R] ? R : never) => {
    const t = await tableWithGame(api, ...args);
    for (const p of t.players) await api.app.get(HouseService).grantWelcome(p.id);
    return t;
  };
  const auth = (p: Player) => ({ Authorization: `Bearer ${p.token}` });
  const open = (p: Player, body: Record<string, unknown>) => api.http().post('/api/house/tables').set(auth(p)).send(body);
  const balance = async (p: Player, currency = 'DD') =>
    ((await api.http().get('/api/me/wallet').set(auth(p)).expect(200)).body as { balances: { currency: string; balance: number; owed: number }[] }).balances.find((b) => b.currency === currency)!;
  const correct = (admin: Player, p: Player, body: Record<string, unknown>) => api.http().post(`/api/users/${p.id}/wallet/corrections`).set(auth(admin)).send(body);
  let seq = 0;
  const rid = () => `7a1c8f1e-5c4a-4c1b-9a55-${String(++seq).padStart(12, '0')}`;
  /** Sets a wallet's balance through an admin's correction (audited, as staff would). */
  const setBalance = async (admin: Player, p: Player, to: number, currency = 'DD') => {
    const now = (await balance(p, currency)).balance;
    if (now !== to) await correct(admin, p, { currency, amount: to - now, reason: 'test set-up', requestId: rid() }).expect(200);
  };
  /** One tournament clock run-out of the seat on turn: a 1,000 DD fine (SPEC 8.4), the rest owed when the balance is short. */
  const tournamentRunOut = async (gameId: string) => {
    const g = await storedGame(api.app, gameId);
    const attempt = await prisma.gameTimeout.count({ where: { gameId, version: g.version } });
    await turnClock.tick(gameId, g.version, attempt, FAR());
  };

  describe('1. table settings: each key optional, the ruleset supplies the rest (SPEC 1.6)', () => {
    /** A value other than the default for each key, allowed by the ruleset (hand size 9: a 2-seat table). */
    const other: Record<HouseRuleset, Record<string, number>> = {
      citizen: { getOn: 15, minScore: 5, target: 250, handSize: 9 },
      'mook-camp-fitness': { getOn: 20, minScore: 10, target: 250, handSize: 9 },
      inmate: { getOn: 20, minScore: 5, target: 250, handSize: 9 },
      'dcf-inmate-gym': { getOn: 10, minScore: 5, target: 250, handSize: 9 },
    };
    const keys = ['getOn', 'minScore', 'target', 'handSize'] as const;

    it('every subset of the four keys (16) at every ruleset opens the table (201) with the defaults plus what was given', async () => {
      const host = await user();
      for (const ruleset of HOUSE_RULESETS) {
        const purpose = ruleset === 'citizen' || ruleset === 'inmate' ? 'friendly' : 'workout';
        const defaults = { ...RULESETS[ruleset].defaults };
        for (let mask = 0; mask < 16; mask++) {
          const given = Object.fromEntries(keys.filter((_, i) => mask & (1 << i)).map((k) => [k, other[ruleset][k]]));
          const res = await open(host, { ruleset, seats: 2, purpose, settings: given });
          expect([ruleset, given, res.status, res.body.code]).toEqual([ruleset, given, 201, undefined]);
          const want = { ...defaults, ...given };
          expect(res.body.settings).toEqual(want);
          expect((await prisma.houseTable.findUniqueOrThrow({ where: { id: res.body.id } })).settings).toEqual(want);
        }
        // No settings at all: the defaults.
        const none = await open(host, { ruleset, seats: 2, purpose }).expect(201);
        expect(none.body.settings).toEqual(defaults);
      }
      // A value the ruleset does not allow is still refused, and opens nothing.
      const before = await prisma.houseTable.count({ where: { hostId: host.id } });
      expect((await open(host, { ruleset: 'inmate', seats: 2, purpose: 'friendly', settings: { getOn: 0 } }).expect(422)).body.code).toBe('INVALID_SETTINGS');
      expect((await open(host, { ruleset: 'citizen', seats: 4, purpose: 'friendly', settings: { handSize: 9 } }).expect(422)).body.code).toBe('INVALID_SETTINGS');
      expect(await prisma.houseTable.count({ where: { hostId: host.id } })).toBe(before);
    }, 120_000);
  });

  describe('3. the host clock at friendly and workout tables (SPEC 8.3, changed)', () => {
    it('a Citizen friendly table takes a 10 s clock (3-60 s at every ruleset), and every seat dealt runs it', async () => {
      const host = await user();
      const t = (await open(host, { ruleset: 'citizen', seats: 2, purpose: 'friendly', clockMs: 10_000, computers: ['easy'] }).expect(201)).body;
      expect(t.hostClockMs).toBe(10_000);
      const dealt = (await api.http().get(`/api/house/tables/${t.id}`).set(auth(host)).expect(200)).body as { status: string; seatsTaken: { seat: number; clockMs: number | null }[] };
      expect(dealt.status).toBe('playing');
      expect(dealt.seatsTaken.map((s) => s.clockMs)).toEqual([10_000, 10_000]);
      // Outside 3-60 s is refused, at Citizen and Inmate as at the others.
      for (const clockMs of [2_999, 60_001]) {
        expect((await open(host, { ruleset: 'citizen', seats: 2, purpose: 'friendly', clockMs }).expect(422)).body.code).toBe('INVALID_SETTINGS');
        expect((await open(host, { ruleset: 'inmate', seats: 2, purpose: 'friendly', clockMs }).expect(422)).body.code).toBe('INVALID_SETTINGS');
      }
      expect((await open(host, { ruleset: 'inmate', seats: 3, purpose: 'friendly', clockMs: 60_000 }).expect(201)).body.hostClockMs).toBe(60_000);
    });

    it('a Mook Camp Fitness workout table against the computer may run with the clock off; DCF never, and never with two people', async () => {
      const host = await user();
      const t = (await open(host, { ruleset: 'mook-camp-fitness', seats: 3, purpose: 'workout', clockMs: null, computers: ['easy', 'medium'] }).expect(201)).body;
      expect(t.hostClockMs).toBeNull();
      const dealt = (await api.http().get(`/api/house/tables/${t.id}`).set(auth(host)).expect(200)).body as { status: string; seatsTaken: { seat: number; clockMs: number | null }[] };
      expect(dealt.status).toBe('playing');
      expect(dealt.seatsTaken.find((s) => s.seat === 0)!.clockMs).toBeNull();
      const before = await prisma.houseTable.count({ where: { hostId: host.id } });
      expect((await open(host, { ruleset: 'mook-camp-fitness', seats: 2, purpose: 'workout', clockMs: null }).expect(422)).body.code).toBe('INVALID_SETTINGS');
      expect((await open(host, { ruleset: 'dcf-inmate-gym', seats: 2, purpose: 'workout', clockMs: null, computers: ['easy'] }).expect(422)).body.code).toBe('INVALID_SETTINGS');
      expect((await open(host, { ruleset: 'citizen', seats: 3, purpose: 'friendly', clockMs: null, computers: ['easy'] }).expect(422)).body.code).toBe('INVALID_SETTINGS');
      expect(await prisma.houseTable.count({ where: { hostId: host.id } })).toBe(before);
    });
  });

  describe('2. a debt has a way out (SPEC 8.2, changed)', () => {
    it("an admin's +100 correction pays the 50 owed first; the player may then join a stake table", async () => {
      const admin = await user({ roles: ['admin'] });
      const { gameId, players } = await fundedTable(4, { turnMs: 60_000 });
      const sleeper = players[currentHand((await storedGame(api.app, gameId)).state)!.turn!];
      await setBalance(admin, sleeper, 950);
      await tournamentRunOut(gameId); // a 1,000 DD fine: 950 taken, 50 owed
      expect(await balance(sleeper)).toEqual({ currency: 'DD', balance: 0, owed: 50 });
      // Issue 36: no house seat while the player's tournament game runs (docs/rules.md): it is over first, as its last move would end it.
      await prisma.game.update({ where: { id: gameId }, data: { status: 'finished', finishedAt: new Date() } });
      const host = await user();
      await api.http().post('/api/me/adult-confirmation').set(auth(host)).send({ adult: true }).expect(200);
      await api.http().post('/api/me/adult-confirmation').set(auth(sleeper)).send({ adult: true }).expect(200);
      const t = (await open(host, { ruleset: 'citizen', seats: 3, purpose: 'stake', stake: 10 }).expect(201)).body;
      expect((await api.http().post(`/api/house/tables/${t.id}/join`).set(auth(sleeper)).send({}).expect(409)).body.code).toBe('DEBT_OUTSTANDING');

      await correct(admin, sleeper, { currency: 'DD', amount: 100, reason: 'goodwill', requestId: rid() }).expect(200);
      expect(await balance(sleeper)).toEqual({ currency: 'DD', balance: 50, owed: 0 });
      const ledger = (await api.http().get('/api/me/wallet/ledger?currency=DD').set(auth(sleeper)).expect(200)).body as { items: { kind: string; amount: number; owedChange: number }[] };
      expect(ledger.items.slice(0, 2).map((e) => [e.kind, e.amount, e.owedChange])).toEqual([
        ['debt_payment', -50, -50],
        ['correction', 100, 0],
      ]);
      await api.http().post(`/api/house/tables/${t.id}/join`).set(auth(sleeper)).send({}).expect(200);
    });

    describe('the weekly commissary, run by two workers at once', () => {
      let workers: INestApplicationContext[] = [];
      let now = new Date();
      beforeAll(async () => {
        workers = [await createWorker(env.config({ HOUSE_BOT_THINK_PERMILLE: '0' })), await createWorker(env.config({ HOUSE_BOT_THINK_PERMILLE: '0' }))];
        for (const w of workers) jest.spyOn(w.get(TournamentClock), 'now').mockImplementation(() => new Date(now.getTime()));
      });
      afterAll(async () => {
        for (const w of workers) await w.close();
      });

      it('grants each account below 1,000 DD / 10 soups exactly once a week, paying its debt first; skips the others; the next week grants again', async () => {
        const admin = await user({ roles: ['admin'] });
        const low = await user(); // 500 DD, 5 soups
        const { gameId, players } = await fundedTable(4, { turnMs: 60_000 });
        const debtor = players[currentHand((await storedGame(api.app, gameId)).state)!.turn!]; // 0 DD, 700 owed
        const edge = await user(); // exactly 1,000 DD and 10 soups: not below
        const rich = await user(); // 10,000 DD
        await setBalance(admin, low, 500);
        await setBalance(admin, low, 5, 'soups');
        await setBalance(admin, debtor, 300);
        await tournamentRunOut(gameId);
        expect(await balance(debtor)).toEqual({ currency: 'DD', balance: 0, owed: 700 });
        await setBalance(admin, edge, 1_000);
        await setBalance(admin, edge, 10, 'soups');
        expect((await balance(rich)).balance).toBe(10_000);

        // Next Monday 00:00:05 UTC, as both workers' clocks say.
        const monday = new Date(isoWeekStart(isoWeekOf(new Date(Date.now() + 7 * DAY)))!.getTime() + 5_000);
        const week = isoWeekOf(monday);
        now = monday;
        // Early: a run before its Monday grants nothing (it waits for its time).
        now = new Date(monday.getTime() - 10_000);
        expect(await workers[0].get(CommissaryService).run(week)).toBe('wait');
        expect(await prisma.walletEntry.count({ where: { kind: 'commissary' } })).toBe(0);
        now = monday;
        // Two workers, small batches, at once.
        await Promise.all(workers.map((w) => w.get(CommissaryService).run(week, 2)));
        const after = {
          low: [await balance(low), await balance(low, 'soups')],
          debtor: await balance(debtor),
          edge: [await balance(edge), await balance(edge, 'soups')],
          rich: await balance(rich),
        };
        expect(after).toEqual({
          low: [
            { currency: 'DD', balance: 1_500, owed: 0 },
            { currency: 'soups', balance: 15, owed: 0 },
          ],
          debtor: { currency: 'DD', balance: 300, owed: 0 },
          edge: [
            { currency: 'DD', balance: 1_000, owed: 0 },
            { currency: 'soups', balance: 10, owed: 0 },
          ],
          rich: { currency: 'DD', balance: 10_000, owed: 0 },
        });
        const entries = async (p: Player) =>
          (await prisma.walletEntry.findMany({ where: { userId: p.id, kind: { in: ['commissary', 'debt_payment'] } }, orderBy: { seq: 'asc' } })).map((e) => [e.currency, e.kind, e.amount, e.owedChange]);
        expect(await entries(low)).toEqual([
          ['DD', 'commissary', 1_000, 0],
          ['soups', 'commissary', 10, 0],
        ]);
        expect(await entries(debtor)).toEqual([
          ['DD', 'commissary', 1_000, 0],
          ['DD', 'debt_payment', -700, -700],
        ]);
        expect(await entries(edge)).toEqual([]);
        expect(await entries(rich)).toEqual([]);
        // The wallet page's ledger shows the commissary line.
        const ledger = (await api.http().get('/api/me/wallet/ledger?currency=DD').set(auth(debtor)).expect(200)).body as { items: { kind: string; amount: number }[] };
        expect(ledger.items.slice(0, 2).map((e) => e.kind)).toEqual(['debt_payment', 'commissary']);

        // A second run the same week changes nothing.
        const count = await prisma.walletEntry.count();
        for (const w of workers) expect(await w.get(CommissaryService).run(week)).toBe('noop');
        expect(await prisma.walletEntry.count()).toBe(count);

        // The next week, through the worker's job: granted again to whoever is below (the debtor, now at 300), not to the others.
        now = new Date(monday.getTime() + 7 * DAY);
        const nextWeek = isoWeekOf(now);
        await api.app.get(EffectsQueue).run([{ kind: 'house-commissary', week: nextWeek, at: new Date(), again: true }]);
        await eventually(async () => !!(await prisma.commissaryRun.findUnique({ where: { week: nextWeek } })), 30_000, "next week's commissary");
        expect(await balance(debtor)).toEqual({ currency: 'DD', balance: 1_300, owed: 0 });
        expect(await balance(low)).toEqual({ currency: 'DD', balance: 1_500, owed: 0 });
        expect(await prisma.walletEntry.count({ where: { userId: { in: [low.id, debtor.id, edge.id, rich.id] }, kind: 'commissary' } })).toBe(3 + 1);
      }, 120_000);
    });
  });

  describe("4. an admin's wallet correction replayed (issue 26)", () => {
    it('the same requestId with another amount is 409 REQUEST_ID_REUSED naming the stored correction, nothing applied; the same body stays an idempotent 200', async () => {
      const [admin, p] = [await user({ roles: ['admin'] }), await user()];
      const requestId = rid();
      const body = { currency: 'DD', amount: 250, reason: 'tournament prize adjustment', requestId };
      await correct(admin, p, body).expect(200);
      expect(await balance(p)).toEqual({ currency: 'DD', balance: 10_250, owed: 0 });
      const reused = await correct(admin, p, { ...body, amount: 2_500 }).expect(409);
      expect(reused.body).toMatchObject({ code: 'REQUEST_ID_REUSED', details: { requestId, stored: { currency: 'DD', amount: 250, reason: 'tournament prize adjustment' } } });
      expect((await correct(admin, p, { ...body, reason: 'another reason' }).expect(409)).body.code).toBe('REQUEST_ID_REUSED');
      expect((await correct(admin, p, { ...body, currency: 'soups' }).expect(409)).body.code).toBe('REQUEST_ID_REUSED');
      await correct(admin, p, body).expect(200);
      expect(await balance(p)).toEqual({ currency: 'DD', balance: 10_250, owed: 0 });
      expect(await balance(p, 'soups')).toEqual({ currency: 'soups', balance: 100, owed: 0 });
      expect(await prisma.walletEntry.count({ where: { userId: p.id, kind: 'correction' } })).toBe(1);
      expect(await prisma.auditLog.count({ where: { action: 'wallet.correction', entityId: p.id } })).toBe(1);
    });
  });

  describe("5. a move's requestId reused with another body", () => {
    type Legal = { type: string; tile?: string; end?: string };
    const viewOf = async (gameId: string, p: Player) =>
      (await api.http().get(`/api/games/${gameId}/view`).set(auth(p)).expect(200)).body as { view: { version: number; turn: number | null; legalMoves?: Legal[] } };
    const asSent = (m: Legal) => ({ type: m.type, ...(m.tile ? { tile: m.tile } : {}), ...(m.end ? { end: m.end } : {}) });
    const actionCount = (gameId: string) => prisma.gameAction.count({ where: { gameId } });

    it('over HTTP: 409 REQUEST_ID_REUSED with the stored move, nothing applied; the same body is answered applied: false', async () => {
      const { gameId, players } = await tableWithGame(api, 4);
      const first = await viewOf(gameId, players[0]);
      const mover = players[first.view.turn!];
      const mine = (await viewOf(gameId, mover)).view;
      const body = { ...asSent(mine.legalMoves![0]), version: mine.version, requestId: 'http-move-1' };
      expect((await api.http().post(`/api/games/${gameId}/actions`).set(auth(mover)).send(body).expect(200)).body.applied).toBe(true);
      const count = await actionCount(gameId);
      const other = { version: mine.version + 1, type: 'knock', requestId: 'http-move-1' };
      const reused = await api.http().post(`/api/games/${gameId}/actions`).set(auth(mover)).send(other).expect(409);
      expect(reused.body).toMatchObject({ code: 'REQUEST_ID_REUSED', details: { requestId: 'http-move-1', stored: { version: mine.version, ...asSent(mine.legalMoves![0]) } } });
      // Another version with the same move is another body too.
      expect((await api.http().post(`/api/games/${gameId}/actions`).set(auth(mover)).send({ ...body, version: mine.version + 1 }).expect(409)).body.code).toBe('REQUEST_ID_REUSED');
      expect((await api.http().post(`/api/games/${gameId}/actions`).set(auth(mover)).send(body).expect(200)).body.applied).toBe(false);
      expect(await actionCount(gameId)).toBe(count);
    });

    it('over socket.io: the same answer in the ack', async () => {
      const { gameId, players } = await tableWithGame(api, 4);
      const first = await viewOf(gameId, players[0]);
      const mover = players[first.view.turn!];
      const mine = (await viewOf(gameId, mover)).view;
      const c = await connectLive(port, mover.token);
      sockets.push(c);
      const payload = { gameId, ...asSent(mine.legalMoves![0]), version: mine.version, requestId: 'socket-move-1' };
      expect(await c.call('action', payload)).toMatchObject({ ok: true, view: { applied: true } });
      const count = await actionCount(gameId);
      const reused = await c.call<{ error: { code: string; details: unknown } }>('action', { gameId, version: mine.version + 1, type: 'knock', requestId: 'socket-move-1' });
      expect(reused).toMatchObject({ ok: false, error: { code: 'REQUEST_ID_REUSED', details: { requestId: 'socket-move-1', stored: { version: mine.version, ...asSent(mine.legalMoves![0]) } } } });
      expect(await c.call('action', payload)).toMatchObject({ ok: true, view: { applied: false } });
      expect(await actionCount(gameId)).toBe(count);
    });
  });

  describe('6. chat requestId', () => {
    it('is at most 64 characters, as documented: 65 is VALIDATION_FAILED and nothing is said', async () => {
      const { gameId, players } = await tableWithGame(api, 4);
      const c = await connectLive(port, players[0].token);
      sockets.push(c);
      const long = await c.call('chat', { gameId, text: 'good game', requestId: 'x'.repeat(65) });
      expect(long).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
      expect(c.of('chat:message')).toHaveLength(0);
      expect(await c.call('chat', { gameId, text: 'good game', requestId: 'x'.repeat(64) })).toMatchObject({ ok: true });
    });
  });
});
