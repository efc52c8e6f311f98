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
  const me = (authorization: string) => api.http().get('/me').set('Authorization', authorization);
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
});
