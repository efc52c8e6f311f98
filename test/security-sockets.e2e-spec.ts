import type { AddressInfo } from 'node:net';
import { JwtService } from '@nestjs/jwt';
import { AppConfig } from '@dcs/common';
import { startApi, TestApi } from './support/api';
import { tableWithGame } from './support/fixtures';
import { connectLive, RecordingClient, waitFor } from './support/live-client';
import { createTestEnv, TestEnv } from './support/test-env';

/*
 * Issue 26, the live sockets (SPEC 7: "a socket's private views stop when its token is revoked, expires or its
 * roles change"), on TWO API instances sharing one Redis: the socket on instance B, the revocation and the moves
 * through instance A. And the limits per account over all its sockets and both instances.
 */

interface Move {
  type: string;
  tile?: string;
  end?: string;
}
interface ViewBody {
  seat: number | null;
  view: { version: number; turn: number | null; finished: boolean; hand?: string[]; legalMoves?: Move[] };
}

const PASSWORD = 'correct horse battery'; // test/support/api.ts's default
const asSent = (m: Move): Move => ({ type: m.type, ...(m.tile ? { tile: m.tile } : {}), ...(m.end ? { end: m.end } : {}) });
const defaults = new AppConfig();

type Client = RecordingClient;

/** The `game:view`s the client received from frame `after` on that carry a hand (a seat's private view). */
const privateViews = (c: Client, after = 0): ViewBody[] =>
  c
    .of('game:view', after)
    .map((e) => e.view as ViewBody)
    .filter((v) => Array.isArray(v.view.hand));

const portOf = (api: TestApi) => (api.app.getHttpServer().address() as AddressInfo).port;

describe('live sockets end with their session, and are limited per account across sockets and instances (issue 26)', () => {
  let env: TestEnv;
  let a: TestApi;
  let b: TestApi;
  const open: Client[] = [];
  const on = async (api: TestApi, token?: string) => {
    const c = await connectLive(portOf(api), token);
    open.push(c);
    return c;
  };

  beforeAll(async () => {
    env = await createTestEnv('secsockets');
    a = await startApi(env);
    await a.app.listen(0, '127.0.0.1');
    b = await startApi(env);
    await b.app.listen(0, '127.0.0.1');
  });
  afterEach(() => {
    for (const c of open.splice(0)) c.socket.close();
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await env.drop();
  });

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const emailOf = async (userId: string) => (await env.sql<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId]))[0].email;
  const login = async (userId: string) => {
    const res = await a.http().post('/api/auth/login').send({ email: await emailOf(userId), password: PASSWORD });
    expect(res.status).toBe(200);
    return res.body.accessToken as string;
  };
  const version = async (gameId: string) => Number((await env.sql<{ version: number }>('SELECT version FROM games WHERE id = $1', [gameId]))[0].version);

  /**
   * A game whose seat 0 (the victim) plays on instance B; seat 1 watches its own views on A. `tokens` holds
   * the token each seat moves with over HTTP on A (a revoked victim signs in again).
   */
  async function table() {
    const { gameId, players } = await tableWithGame(a);
    const victim = players[0];
    const socket = await on(b, victim.token);
    const observer = await on(a, players[1].token);
    for (const c of [socket, observer]) expect(await c.call('join', { gameId })).toMatchObject({ ok: true });
    const tokens = players.map((p) => p.token);
    /** The seat on turn makes its first legal move over HTTP on instance A; resolves once the observer has seen it. */
    const move = async () => {
      const view0 = await a.http().get(`/api/games/${gameId}/view`).set(bearer(tokens[1]));
      const turn = (view0.body as ViewBody).view.turn!;
      const mine = (await a.http().get(`/api/games/${gameId}/view`).set(bearer(tokens[turn]))).body as ViewBody;
      const res = await a.http().post(`/api/games/${gameId}/actions`).set(bearer(tokens[turn])).send({ ...asSent(mine.view.legalMoves![0]), version: mine.view.version });
      expect(res.status).toBe(200);
      const seq = mine.view.version + 1;
      await waitFor(`the observer sees version ${seq}`, () => observer.of('game:view').some((e) => e.seq === seq));
      return seq;
    };
    // Before anything: a move through A reaches the victim's socket on B as its own seat view (with its hand).
    const first = await move();
    await waitFor('the victim sees its own view on B', () => privateViews(socket).some((v) => v.view.version === first));
    return { gameId, players, victim, socket, observer, tokens, move };
  }

  /** After `mark` the socket got `event` with `code` and was closed by the server; no view with a hand came after the mark. */
  async function endedWithoutViews(socket: Client, mark: number, event: string, code: string) {
    await waitFor(`${event} on the socket`, () => socket.of(event, mark).length > 0);
    expect(socket.of(event, mark)[0]).toMatchObject({ code, message: expect.any(String) });
    await waitFor('the server closes the socket', () => socket.disconnectReason !== null, 10_000);
    expect(socket.disconnectReason).toBe('io server disconnect');
    expect(privateViews(socket, mark)).toEqual([]);
  }

  it('sign out everywhere (HTTP on A) ends the socket on B at once: auth:revoked, closed, and no seat view with a hand while its table plays on', async () => {
    const { gameId, victim, socket, tokens, move } = await table();
    const mark = socket.frames.length;
    const res = await a.http().post('/api/auth/logout-everywhere').set(bearer(victim.token));
    expect(res.status).toBe(200);
    // The table plays on at once (the victim, signed in again, moves over HTTP with its new token).
    tokens[0] = await login(victim.id);
    const before = await version(gameId);
    for (let i = 0; i < 5; i++) await move();
    expect(await version(gameId)).toBe(before + 5);
    await endedWithoutViews(socket, mark, 'auth:revoked', 'INVALID_TOKEN');
    // the old token is refused at a new handshake too; the new one connects and gets its seat's views again
    await expect(on(b, victim.token)).rejects.toMatchObject({ message: 'INVALID_TOKEN' });
    const again = await on(b, tokens[0]);
    expect(await again.call('join', { gameId })).toMatchObject({ ok: true, view: { seat: 0 } });
    const seq = await move();
    await waitFor('the new socket gets its seat view', () => privateViews(again).some((v) => v.view.version === seq));
  }, 60_000);

  it('a password change (HTTP on A) ends the sockets of the old token on B, not the one of the fresh token', async () => {
    const { gameId, victim, socket, tokens, move } = await table();
    const mark = socket.frames.length;
    const res = await a.http().post('/api/auth/password').set(bearer(victim.token)).send({ currentPassword: PASSWORD, newPassword: 'a brand new password' });
    expect(res.status).toBe(200);
    tokens[0] = res.body.accessToken as string;
    const fresh = await on(b, tokens[0]);
    expect(await fresh.call('join', { gameId })).toMatchObject({ ok: true, view: { seat: 0 } });
    let last = 0;
    for (let i = 0; i < 5; i++) last = await move();
    await endedWithoutViews(socket, mark, 'auth:revoked', 'INVALID_TOKEN');
    // the socket of the fresh token stays and keeps its seat's views
    await waitFor('the fresh socket sees the last move', () => privateViews(fresh).some((v) => v.view.version === last));
    expect(fresh.socket.connected).toBe(true);
    expect(fresh.of('auth:revoked')).toEqual([]);
  }, 60_000);

  it('a role change by an admin (HTTP on A) ends the socket on B with ROLES_CHANGED; no seat view with a hand after it', async () => {
    const { victim, socket, tokens, move } = await table();
    const admin = await a.user({ roles: ['admin'] });
    const mark = socket.frames.length;
    const res = await a.http().post(`/api/admin/users/${victim.id}/roles`).set(bearer(admin.token)).send({ roles: ['director'], reason: 'runs the venue' });
    expect(res.status).toBe(200);
    tokens[0] = await login(victim.id);
    for (let i = 0; i < 5; i++) await move();
    await endedWithoutViews(socket, mark, 'auth:revoked', 'ROLES_CHANGED');
    expect(socket.of('auth:revoked', mark)[0].message).toMatch(/roles have changed/);
  }, 60_000);

  it('a ban filed by an admin (HTTP on A) ends the banned player\'s socket on B at once: auth:revoked, closed, no seat view with a hand after it', async () => {
    const { victim, socket } = await table();
    const admin = await a.user({ roles: ['admin'] });
    const mark = socket.frames.length;
    const res = await a.http().post('/api/conduct/violations').set(bearer(admin.token)).send({ userId: victim.id, reason: 'abusive play', sanctions: [{ kind: 'ban' }] });
    expect(res.status).toBe(201);
    // The socket ends without sending anything itself (before, it kept its seat's views until its next event).
    await endedWithoutViews(socket, mark, 'auth:revoked', 'INVALID_TOKEN');
    // and the banned token is refused at a new handshake
    await expect(on(b, victim.token)).rejects.toMatchObject({ message: expect.stringMatching(/INVALID_TOKEN|ACCOUNT_BANNED/) });
  }, 60_000);

  it('a socket on B whose token expires is told auth:expired at its exp and closed; no seat view with a hand after it', async () => {
    const { gameId, victim, move } = await table();
    const tv = (await env.sql<{ token_version: number }>('SELECT token_version FROM users WHERE id = $1', [victim.id]))[0].token_version;
    // a token that expires in about two seconds (the socket's own; the player keeps moving with its usual token)
    const short = a.app.get(JwtService).sign({ sub: victim.id, tv, roles: ['competitor'] }, { expiresIn: 2 });
    const exp = a.app.get(JwtService).decode<{ exp: number }>(short).exp * 1000;
    const socket = await on(b, short);
    expect(await socket.call('join', { gameId })).toMatchObject({ ok: true, view: { seat: 0 } });
    const seq = await move();
    await waitFor('the short-lived socket sees its seat view', () => privateViews(socket).some((v) => v.view.version === seq));

    await waitFor('auth:expired', () => socket.of('auth:expired').length > 0, 6000);
    const at = socket.frames.findIndex((f) => f.event === 'auth:expired');
    expect(socket.frames[at].at).toBeGreaterThanOrEqual(exp - 50);
    for (let i = 0; i < 4; i++) await move();
    await endedWithoutViews(socket, at, 'auth:expired', 'INVALID_TOKEN');
  }, 60_000);

  /** Three sockets of one seated player: two on A, one on B. */
  async function threeSockets() {
    const { gameId, players } = await tableWithGame(a);
    const p = players[1];
    const sockets = [await on(a, p.token), await on(a, p.token), await on(b, p.token)];
    return { gameId, players, sockets };
  }

  it('60 actions spread over three sockets of one player (on two instances): at most LIVE_ACTIONS_PER_SECOND get through, the rest RATE_LIMITED; nothing changes', async () => {
    const { gameId, sockets } = await threeSockets();
    const before = await version(gameId);
    const acks = await Promise.all(Array.from({ length: 60 }, (_, i) => sockets[i % 3].call('action', { gameId, type: 'knock', version: 999 })));
    const codes = acks.map((x) => x.error?.code);
    expect(codes.every((c) => c === 'STALE_VERSION' || c === 'RATE_LIMITED')).toBe(true);
    expect(codes.filter((c) => c === 'STALE_VERSION').length).toBeLessThanOrEqual(defaults.LIVE_ACTIONS_PER_SECOND);
    expect(codes.filter((c) => c === 'RATE_LIMITED').length).toBeGreaterThanOrEqual(60 - defaults.LIVE_ACTIONS_PER_SECOND);
    expect(acks.find((x) => x.error?.code === 'RATE_LIMITED')!.error!.message).toMatch(/per account/);
    expect(await version(gameId)).toBe(before);
    expect(sockets.every((s) => s.socket.connected)).toBe(true);
  }, 30_000);

  it('60 chat messages over three sockets of one player (on two instances): at most LIVE_CHAT_PER_10_SECONDS are delivered, the rest RATE_LIMITED', async () => {
    const { gameId, players, sockets } = await threeSockets();
    const listener = await on(a, players[2].token);
    expect(await listener.call('join', { gameId })).toMatchObject({ ok: true });
    const acks = await Promise.all(Array.from({ length: 60 }, (_, i) => sockets[i % 3].call('chat', { gameId, text: 'nice move' })));
    const delivered = acks.filter((x) => x.ok).length;
    expect(delivered).toBeGreaterThan(0);
    expect(delivered).toBeLessThanOrEqual(defaults.LIVE_CHAT_PER_10_SECONDS);
    expect(acks.filter((x) => x.error?.code === 'RATE_LIMITED').length).toBe(60 - delivered);
    // what the table sees: the delivered ones, no more
    await waitFor('the delivered messages reach the table', () => listener.of('chat:message').length === delivered);
    await new Promise((r) => setTimeout(r, 200));
    expect(listener.of('chat:message')).toHaveLength(delivered);
  }, 30_000);

  it('joins are limited per account too: 40 joins and watches over two sockets on two instances, at most LIVE_JOINS_PER_SECOND answered', async () => {
    const { gameId, players } = await tableWithGame(a);
    const p = players[2];
    const sockets = [await on(a, p.token), await on(b, p.token)];
    // every fourth is a watchChallenge: it counts in the same allowance
    const challengeId = '00000000-0000-4000-8000-000000000000';
    const acks = await Promise.all(Array.from({ length: 40 }, (_, i) => sockets[i % 2].call(i % 4 === 3 ? 'watchChallenge' : 'join', i % 4 === 3 ? { challengeId } : { gameId })));
    const joined = acks.filter((x) => x.ok).length;
    expect(joined).toBeGreaterThan(0);
    expect(joined).toBeLessThanOrEqual(defaults.LIVE_JOINS_PER_SECOND);
    expect(acks.filter((x) => x.error?.code === 'RATE_LIMITED').length).toBe(40 - joined);
  }, 30_000);

  it(`one player holds at most LIVE_SOCKETS_PER_USER sockets over both instances: the next is refused with TOO_MANY_CONNECTIONS, and a closed one frees its place`, async () => {
    const u = await a.user();
    const max = defaults.LIVE_SOCKETS_PER_USER;
    const held: Client[] = [];
    for (let i = 0; i < max; i++) held.push(await on(i % 2 ? b : a, u.token));
    for (const api of [a, b]) {
      await expect(on(api, u.token)).rejects.toMatchObject({ message: 'TOO_MANY_CONNECTIONS', data: { code: 'TOO_MANY_CONNECTIONS', message: expect.stringMatching(/at most/i) } });
    }
    expect(held.every((c) => c.socket.connected)).toBe(true);
    // another player and spectators are not affected
    const other = await a.user();
    await expect(on(b, other.token)).resolves.toBeDefined();
    await expect(on(b)).resolves.toBeDefined();
    // closing one (on B) lets one more in (on A), once B has removed it from the count
    held[1].socket.close();
    let again: Client | null = null;
    const until = Date.now() + 5000;
    while (!again) {
      again = await on(a, u.token).catch((err: Error) => {
        if (err.message !== 'TOO_MANY_CONNECTIONS' || Date.now() > until) throw err;
        return null;
      });
      if (!again) await new Promise((r) => setTimeout(r, 50));
    }
    expect(again.socket.connected).toBe(true);
  }, 30_000);
});
