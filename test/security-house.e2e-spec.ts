import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { PrismaService } from '@dcs/common';
import { AccountTokensRepository, HouseService } from '@dcs/tournament';
import { hashToken } from '../apps/api/src/account-recovery/account-recovery.service';
import { startApi, TestApi } from './support/api';
import { tableWithGame } from './support/fixtures';
import { playHouseGame } from './support/house-play';
import { connectLive, RecordingClient } from './support/live-client';
import { eventually } from './support/temp-redis';
import { createTestEnv, TestEnv } from './support/test-env';

type Player = { id: string; token: string };
type Body = Record<string, unknown>;
const auth = (p: Player) => ({ Authorization: `Bearer ${p.token}` });

/**
 * Issue 36, third security pass: opponents at a running challenge table talked in private at a partners house
 * table; an account that never verified its address got the welcome grant after 3 scripted games against easy
 * computers; a seated player read 7 provisional tiles in the record during the contribution window.
 */
describe('security: house tables during a tournament game, and the welcome grant', () => {
  let env: TestEnv;
  let api: TestApi;
  let prisma: PrismaService;
  let port: number;
  const sockets: RecordingClient[] = [];

  beforeAll(async () => {
    env = await createTestEnv('security_house');
    api = await startApi(env, env.config({ HOUSE_BOT_THINK_PERMILLE: '0' }));
    await api.app.listen(0, '127.0.0.1');
    port = (api.app.getHttpServer() as { address(): AddressInfo }).address().port;
    prisma = api.app.get(PrismaService);
  });
  afterAll(async () => {
    for (const s of sockets) s.socket.close();
    await api?.close();
    await env?.drop();
  });

  const live = async (p: Player) => {
    const c = await connectLive(port, p.token);
    sockets.push(c);
    return c;
  };
  const partnersTable = { ruleset: 'citizen', seats: 4, partners: true, purpose: 'friendly' };
  /** The tournament game of `players` ends (as its last move, a hard stop or a director's act would end it). */
  const finish = (gameId: string) => env.sql(`UPDATE games SET status = 'finished', finished_at = now() WHERE id = $1`, [gameId]);
  const expectInGame = (res: { status: number; body: Body }, gameId: string) => {
    expect([res.status, res.body.code]).toEqual([409, 'IN_TOURNAMENT_GAME']);
    expect(res.body.details).toEqual({ gameId });
  };

  describe('opponents at a running challenge table', () => {
    it('cannot open a house table, nor join one from the lobby or by its code: 409 IN_TOURNAMENT_GAME, no seat taken; once the game has ended they can', async () => {
      const { gameId, players } = await tableWithGame(api, 4);
      const [p0, p1] = players;
      expectInGame(await api.http().post('/api/house/tables').set(auth(p0)).send({ ...partnersTable, computers: ['medium', 'medium'] }), gameId);
      expect(await prisma.houseTable.count({ where: { hostId: p0.id } })).toBe(0);

      const host = await api.user();
      const t = (await api.http().post('/api/house/tables').set(auth(host)).send({ ...partnersTable, listed: false }).expect(201)).body as { id: string; inviteCode: string };
      expectInGame(await api.http().post(`/api/house/tables/${t.id}/join`).set(auth(p1)).send({ seat: 2, code: t.inviteCode }), gameId);
      expectInGame(await api.http().post('/api/house/join').set(auth(p1)).send({ code: t.inviteCode, seat: 2 }), gameId);
      expect((await prisma.houseSeat.findMany({ where: { tableId: t.id } })).map((s) => s.userId)).toEqual([host.id]);

      await finish(gameId);
      const joined = (await api.http().post(`/api/house/tables/${t.id}/join`).set(auth(p1)).send({ seat: 2, code: t.inviteCode }).expect(200)).body as { seatsTaken: { userId: string | null }[] };
      expect(joined.seatsTaken.map((s) => s.userId)).toEqual([host.id, p1.id]);
    });

    it('seated at a partners table before their game began: no voice, team text or table text there while it runs; all back once it has ended', async () => {
      const [a, b] = [await api.user(), await api.user()];
      const t = (await api.http().post('/api/house/tables').set(auth(a)).send({ ...partnersTable, computers: ['medium'] }).expect(201)).body as { id: string };
      await api.http().post(`/api/house/tables/${t.id}/join`).set(auth(b)).send({ seat: 2 }).expect(200);
      const house = (await api.http().post(`/api/house/tables/${t.id}/computers`).set(auth(a)).send({ level: 'medium' }).expect(200)).body as { gameId: string };
      const [la, lb] = [await live(a), await live(b)];
      const gameId = house.gameId;

      // Partners: the team channel works before the tournament game.
      expect(await la.call('voice:join', { gameId })).toMatchObject({ ok: true });
      expect(await lb.call('team:chat', { gameId, text: 'hello partner' })).toMatchObject({ ok: true });

      const tournament = await tableWithGame(api, 4, { users: [a, b] });
      const heardBefore = la.of('team:message').length + la.of('chat:message').length;
      for (const [who, event, payload] of [
        [lb, 'voice:join', { gameId }],
        [la, 'voice:join', { gameId }],
        [lb, 'voice:signal', { gameId, to: a.id, kind: 'offer', sdp: 'v=0\r\noffer' }],
        [lb, 'team:chat', { gameId, text: 'play the five' }],
        [lb, 'chat', { gameId, text: 'play the five' }],
      ] as const) {
        const ack = await who.call(event, payload);
        expect([event, ack.ok, ack.error?.code]).toEqual([event, false, 'IN_TOURNAMENT_GAME']);
      }
      await new Promise((r) => setTimeout(r, 300));
      expect(la.of('team:message').length + la.of('chat:message').length).toBe(heardBefore);
      expect(la.of('voice:signal')).toEqual([]);

      await finish(tournament.gameId);
      expect(await lb.call('voice:join', { gameId })).toMatchObject({ ok: true, peers: [{ userId: a.id, channel: 'team' }] });
      expect(await lb.call('team:chat', { gameId, text: 'back again' })).toMatchObject({ ok: true });
    });
  });

  describe('the welcome grant needs a verified address and games against a person or a computer above easy', () => {
    const wallet = async (p: Player) =>
      (await api.http().get('/api/me/wallet').set(auth(p)).expect(200)).body as {
        balances: { currency: string; balance: number; owed: number }[];
        welcomeGrant: { status: string; gamesCounted: number; gamesLeft: number; message: string };
      };
    const grants = (p: Player) => prisma.walletEntry.findMany({ where: { userId: p.id, kind: 'grant' }, orderBy: { currency: 'asc' } });
    /** A friendly game of `host` against computers of `levels` and/or `guest`, played to its end (its last move settles it). */
    const play = async (host: Player, opts: { computers?: string[]; guest?: Player }) => {
      const seats = 1 + (opts.computers?.length ?? 0) + (opts.guest ? 1 : 0);
      const t = (await api.http().post('/api/house/tables').set(auth(host)).send({ ruleset: 'citizen', seats, purpose: 'friendly', computers: opts.computers ?? [] }).expect(201)).body as { id: string; gameId: string | null };
      const dealt = opts.guest ? ((await api.http().post(`/api/house/tables/${t.id}/join`).set(auth(opts.guest)).send({}).expect(200)).body as { gameId: string }) : t;
      const seated = await prisma.houseSeat.findMany({ where: { tableId: t.id, userId: { not: null } } });
      const people = new Map(seated.map((s) => [s.seat, [host, opts.guest].find((p) => p?.id === s.userId)!]));
      await playHouseGame(api, dealt.gameId!, people);
      await eventually(async () => (await prisma.houseSettlement.count({ where: { gameId: dealt.gameId! } })) === 1, 10_000, 'the settlement');
    };
    /** The address confirmed by its link, as the player opens it (POST /api/auth/email/verify). */
    const verify = async (p: Player & { email: string }) => {
      const secret = randomBytes(32).toString('base64url');
      const now = new Date();
      await api.app.get(AccountTokensRepository).issue({ userId: p.id, purpose: 'verify_email', tokenHash: hashToken(secret), email: p.email, expiresAt: new Date(now.getTime() + 3_600_000), now });
      await api.http().post('/api/auth/email/verify').send({ token: secret }).expect(200);
    };

    it('a game against easy computers alone does not count; a medium computer or a person does; an unverified account is paid nothing, then exactly once when it verifies', async () => {
      const [a, b] = [await api.user(), await api.user()];
      await play(a, { computers: ['easy'] });
      await play(a, { computers: ['easy', 'easy'] });
      expect((await wallet(a)).welcomeGrant).toMatchObject({ status: 'held', gamesCounted: 0, gamesLeft: 3 });

      await play(a, { computers: ['medium'] });
      await play(a, { guest: b });
      await play(a, { computers: ['easy', 'medium'] });
      const held = await wallet(a);
      expect(held.welcomeGrant).toMatchObject({ status: 'held', gamesCounted: 3, gamesLeft: 0, message: expect.stringMatching(/^Confirm your e-mail address/) });
      expect(held.balances).toEqual([
        { currency: 'DD', balance: 0, owed: 0 },
        { currency: 'soups', balance: 0, owed: 0 },
      ]);
      expect(await grants(a)).toEqual([]);
      expect((await wallet(b)).welcomeGrant).toMatchObject({ status: 'held', gamesCounted: 1 });

      await verify(a);
      const paid = await wallet(a);
      expect(paid.welcomeGrant).toMatchObject({ status: 'granted', gamesLeft: 0 });
      expect(paid.balances).toEqual([
        { currency: 'DD', balance: 10_000, owed: 0 },
        { currency: 'soups', balance: 100, owed: 0 },
      ]);
      // Once: a second link, the same check run again, and another counted game pay nothing more.
      await verify(a);
      expect(await api.app.get(HouseService).welcomeOnVerified(a.id)).toBe(false);
      await play(a, { computers: ['medium'] });
      expect((await grants(a)).map((e) => [e.currency, e.amount])).toEqual([
        ['DD', 10_000],
        ['soups', 100],
      ]);
    }, 600_000);

    it('a verified account is paid by the settlement of its 3rd counted game, once', async () => {
      const a = await api.user();
      await verify(a);
      for (let i = 1; i <= 3; i++) await play(a, { computers: ['medium'] });
      expect((await wallet(a)).welcomeGrant).toMatchObject({ status: 'granted' });
      expect((await grants(a)).map((e) => [e.currency, e.amount])).toEqual([
        ['DD', 10_000],
        ['soups', 100],
      ]);
    }, 600_000);
  });
});

describe('security: the record during the contribution window', () => {
  let env: TestEnv;
  let api: TestApi;

  beforeAll(async () => {
    env = await createTestEnv('security_house_window');
    // No worker: the window's closing job never runs, so the game stays undealt for the whole test.
    api = await startApi(env, env.config({ CONTRIBUTION_WINDOW_MS: '600000' }));
  });
  afterAll(async () => {
    await api?.close();
    await env?.drop();
  });

  it('shows a seated player no tile before the deal: no hands, as the view shows none', async () => {
    const [a, b] = [await api.user(), await api.user()];
    const t = (await api.http().post('/api/house/tables').set(auth(a)).send({ ruleset: 'citizen', seats: 2, purpose: 'friendly' }).expect(201)).body as { id: string };
    const gameId = ((await api.http().post(`/api/house/tables/${t.id}/join`).set(auth(b)).send({}).expect(200)).body as { gameId: string }).gameId;
    const view = (await api.http().get(`/api/games/${gameId}/view`).set(auth(a)).expect(200)).body as { fairness: { dealClosesAt: string | null }; view: { hand: unknown[] } };
    expect(view.fairness.dealClosesAt).not.toBeNull();
    expect(view.view.hand).toEqual([]);
    for (const who of [a, b]) {
      const record = (await api.http().get(`/api/games/${gameId}/record`).set(auth(who)).expect(200)).body as { hands: unknown[]; seed: string | null };
      expect(record.hands).toEqual([]);
      expect(record.seed).toBeNull();
    }
    expect(((await api.http().get(`/api/games/${gameId}/record`).expect(200)).body as { hands: unknown[] }).hands).toEqual([]);
  });
});
