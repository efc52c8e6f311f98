import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { AppConfig } from '@dcs/common';
import { startApi, TestApi } from './support/api';
import { connectLive, RecordingClient } from './support/live-client';
import { createTestEnv, TestEnv } from './support/test-env';

/** Tokens over HTTP and the socket.io handshake: expiry required, the Bearer scheme in any case. */
describe('access tokens', () => {
  let env: TestEnv;
  let config: AppConfig;
  let api: TestApi;
  let port: number;
  const open: RecordingClient[] = [];
  const live = async (token?: string) => {
    const c = await connectLive(port, token);
    open.push(c);
    return c;
  };

  beforeAll(async () => {
    env = await createTestEnv('tokens');
    config = env.config();
    api = await startApi(env, config);
    await api.app.listen(0, '127.0.0.1');
    port = (api.app.getHttpServer().address() as AddressInfo).port;
  });
  afterEach(() => {
    for (const c of open.splice(0)) c.socket.close();
  });
  afterAll(async () => {
    await api.close();
    await env.drop();
  });

  /** Signed with the deployment's own secret, as someone holding it (or an old build) could. */
  const signed = (claims: object, options: { expiresIn?: number } = {}) => new JwtService({ secret: config.JWT_SECRET }).sign(claims, { algorithm: 'HS256', ...options });
  const me = (authorization: string) => api.http().get('/api/me').set('Authorization', authorization);
  /** The code of an `action` for a game that does not exist: the caller is checked first. */
  const actionCode = async (c: RecordingClient) => (await c.call('action', { gameId: randomUUID(), type: 'knock', version: 0 })).error?.code;

  describe('a correctly signed token without exp', () => {
    it('is refused over HTTP with 401 TOKEN_WITHOUT_EXPIRY', async () => {
      const u = await api.user();
      const res = await me(`Bearer ${signed({ sub: u.id, tv: 0 })}`);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: 'TOKEN_WITHOUT_EXPIRY', message: expect.stringContaining('no expiry') });
      // the same claims with an expiry are fine
      expect((await me(`Bearer ${signed({ sub: u.id, tv: 0 }, { expiresIn: 60 })}`)).status).toBe(200);
    });

    it('is refused at the socket.io handshake with TOKEN_WITHOUT_EXPIRY', async () => {
      const u = await api.user();
      await expect(live(signed({ sub: u.id, tv: 0 }))).rejects.toMatchObject({ message: 'TOKEN_WITHOUT_EXPIRY', data: { code: 'TOKEN_WITHOUT_EXPIRY' } });
      await expect(live(signed({ sub: u.id, tv: 0 }, { expiresIn: 60 }))).resolves.toBeDefined();
    });
  });

  it('refuses a signed token whose subject is not a user id with 401 INVALID_TOKEN, not a 500', async () => {
    const res = await me(`Bearer ${signed({ sub: 'not-a-uuid', tv: 0 }, { expiresIn: 60 })}`);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('INVALID_TOKEN');
  });

  describe('the Bearer scheme in any letter case', () => {
    it.each(['Bearer', 'bearer', 'BEARER', 'bEaReR'])('accepts "%s <token>" over HTTP', async (scheme) => {
      const u = await api.user();
      const res = await me(`${scheme} ${u.token}`);
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(u.id);
    });

    it('still refuses another scheme or a missing token with 401 UNAUTHORIZED', async () => {
      const u = await api.user();
      for (const header of [`Basic ${u.token}`, 'Bearer', 'Bearer ', `Bearer${u.token}`, `Bearer ${u.token} extra`]) {
        const res = await me(header);
        expect({ header, status: res.status, code: res.body.code }).toEqual({ header, status: 401, code: 'UNAUTHORIZED' });
      }
    });

    it.each(['bearer', 'BEARER', 'Bearer'])('accepts "%s <token>" as the socket.io auth token', async (scheme) => {
      const u = await api.user();
      const c = await live(`${scheme} ${u.token}`);
      expect(await actionCode(c)).toBe('NOT_FOUND');
    });

    it('accepts an Authorization header at the socket.io handshake (clients that cannot set auth)', async () => {
      const u = await api.user();
      const { io } = await import('socket.io-client');
      const socket = io(`http://127.0.0.1:${port}/live`, { transports: ['websocket'], forceNew: true, reconnection: false, extraHeaders: { Authorization: `bearer ${u.token}` } });
      const c = new RecordingClient(socket);
      open.push(c);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      expect(await actionCode(c)).toBe('NOT_FOUND');
    });
  });

  describe('account security', () => {
    const login = (email: string, password: string) => api.http().post('/api/auth/login').send({ email, password });
    const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
    /** Waits until the server has closed the socket (after acknowledging the refusal). */
    const closedByServer = (c: RecordingClient) =>
      new Promise<string>((resolve) => {
        if (!c.socket.connected) return resolve('already closed');
        c.socket.once('disconnect', (reason) => resolve(reason));
      });

    it('POST /api/auth/logout-everywhere ends every token of the caller, on HTTP and on open sockets at their next use', async () => {
      const u = await api.user();
      const other = (await login(u.email, u.password)).body.accessToken as string;
      const socket = await live(other);
      expect(await actionCode(socket)).toBe('NOT_FOUND');

      const res = await api.http().post('/api/auth/logout-everywhere').set(bearer(u.token));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true });
      for (const token of [u.token, other]) {
        const stale = await me(`Bearer ${token}`);
        expect(stale.status).toBe(401);
        expect(stale.body.code).toBe('INVALID_TOKEN');
      }
      const closed = closedByServer(socket);
      expect(await actionCode(socket)).toBe('INVALID_TOKEN');
      expect(await closed).toBe('io server disconnect');
      await expect(live(other)).rejects.toMatchObject({ message: 'INVALID_TOKEN' });
      // signing in again works
      const again = await login(u.email, u.password);
      expect(again.status).toBe(200);
      expect((await me(`Bearer ${again.body.accessToken}`)).status).toBe(200);
    });

    it('POST /api/auth/logout-everywhere needs a signed-in caller', async () => {
      const res = await api.http().post('/api/auth/logout-everywhere');
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHORIZED');
    });

    it('POST /api/auth/password changes the password, ends the other tokens and sockets, and returns a fresh token', async () => {
      const u = await api.user({ password: 'the old password' });
      const socket = await live(u.token);
      const res = await api.http().post('/api/auth/password').set(bearer(u.token)).send({ currentPassword: 'the old password', newPassword: 'a brand new password' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ tokenType: 'Bearer', expiresIn: config.JWT_TTL_SECONDS, user: { id: u.id } });
      expect((await me(`Bearer ${res.body.accessToken}`)).status).toBe(200);
      expect((await me(`Bearer ${u.token}`)).body.code).toBe('INVALID_TOKEN');
      const closed = closedByServer(socket);
      expect(await actionCode(socket)).toBe('INVALID_TOKEN');
      expect(await closed).toBe('io server disconnect');
      expect((await login(u.email, 'the old password')).status).toBe(401);
      expect((await login(u.email, 'a brand new password')).status).toBe(200);
      const [row] = await env.sql<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [u.id]);
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
    });

    it('POST /api/auth/password refuses a wrong current password, a short or unchanged new one, and changes nothing', async () => {
      const u = await api.user({ password: 'the old password' });
      const [before] = await env.sql<{ password_hash: string; token_version: number }>('SELECT password_hash, token_version FROM users WHERE id = $1', [u.id]);
      const change = (body: object) => api.http().post('/api/auth/password').set(bearer(u.token)).send(body);

      const wrong = await change({ currentPassword: 'not the password', newPassword: 'a brand new password' });
      expect(wrong.status).toBe(403);
      expect(wrong.body).toEqual({ code: 'WRONG_PASSWORD', message: 'The current password is wrong' });
      const short = await change({ currentPassword: 'the old password', newPassword: 'short' });
      expect(short.status).toBe(400);
      expect(short.body.details).toEqual([{ field: 'newPassword', problems: ['newPassword must be at least 10 characters'] }]);
      const same = await change({ currentPassword: 'the old password', newPassword: 'the old password' });
      expect(same.status).toBe(400);
      expect(same.body.code).toBe('PASSWORD_UNCHANGED');
      const missing = await change({ newPassword: 'a brand new password' });
      expect(missing.status).toBe(400);
      expect(missing.body.details[0].field).toBe('currentPassword');

      const [after] = await env.sql<{ password_hash: string; token_version: number }>('SELECT password_hash, token_version FROM users WHERE id = $1', [u.id]);
      expect(after).toEqual(before);
      expect((await me(`Bearer ${u.token}`)).status).toBe(200);
    });

    it('POST /api/auth/password is rate limited like login: after LOGIN_RATE_LIMIT wrong guesses, 429 even with the right password', async () => {
      // a low limit (argon2 is slow on purpose, and each guess verifies one hash)
      const strict = await startApi(env, env.config({ LOGIN_RATE_LIMIT: '3' }));
      try {
        const u = await strict.user({ password: 'the old password' });
        const change = (currentPassword: string) => strict.http().post('/api/auth/password').set(bearer(u.token)).send({ currentPassword, newPassword: 'a brand new password' });
        const statuses = [];
        for (let i = 0; i < 3; i++) statuses.push((await change(`guess number ${i}`)).status);
        expect(statuses).toEqual([403, 403, 403]);
        const blocked = await change('the old password');
        expect(blocked.status).toBe(429);
        expect(blocked.body).toEqual({ code: 'RATE_LIMITED', message: expect.any(String) });
        expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
        // the same account's login shares the count
        expect((await strict.http().post('/api/auth/login').send({ email: u.email, password: 'the old password' })).status).toBe(429);
      } finally {
        await strict.close();
      }
    }, 120_000);

    it('a token from before a role change fails with 401 ROLES_CHANGED, on HTTP, at the handshake and on an open socket', async () => {
      const admin = await api.user({ roles: ['admin'] });
      const target = await api.user();
      const socket = await live(target.token);
      const res = await api.http().post(`/api/admin/users/${target.id}/roles`).set(bearer(admin.token)).send({ roles: ['director'], reason: 'runs Atlanta' });
      expect(res.status).toBe(200);

      const stale = await me(`Bearer ${target.token}`);
      expect(stale.status).toBe(401);
      expect(stale.body).toEqual({ code: 'ROLES_CHANGED', message: expect.stringMatching(/roles have changed.*sign in again/) });
      await expect(live(target.token)).rejects.toMatchObject({ message: 'ROLES_CHANGED', data: { code: 'ROLES_CHANGED' } });
      const closed = closedByServer(socket);
      expect(await actionCode(socket)).toBe('ROLES_CHANGED');
      expect(await closed).toBe('io server disconnect');
      // audited as before
      const audit = await env.sql<{ action: string; data: unknown }>('SELECT action, data FROM audit_log WHERE entity_id = $1', [target.id]);
      expect(audit).toEqual([{ action: 'user.roles.set', data: { from: ['competitor'], to: ['competitor', 'director'] } }]);
      // signing in again gives a token with the new roles
      const again = await login(target.email, target.password);
      expect((await me(`Bearer ${again.body.accessToken}`)).body.roles).toEqual(['competitor', 'director']);
    });
  });
});
