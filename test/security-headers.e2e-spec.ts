import type { AddressInfo } from 'node:net';
import { io, Socket } from 'socket.io-client';
import { startApi, TestApi } from './support/api';
import { createTestEnv, TestEnv } from './support/test-env';

/** The CSP as a map of directive → sources. */
function csp(header: string | undefined): Record<string, string[]> {
  expect(header).toBeDefined();
  return Object.fromEntries(
    header!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe('security headers and CORS', () => {
  let env: TestEnv;
  let api: TestApi;
  let open: TestApi;
  let port: number;
  let openPort: number;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    env = await createTestEnv('headers');
    api = await startApi(env);
    open = await startApi(env, env.config({ CORS_ORIGINS: 'https://app.example.org, http://localhost:5173' }));
    for (const a of [api, open]) await a.app.listen(0, '127.0.0.1');
    port = (api.app.getHttpServer().address() as AddressInfo).port;
    openPort = (open.app.getHttpServer().address() as AddressInfo).port;
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.close();
  });
  afterAll(async () => {
    await api.close();
    await open.close();
    await env.drop();
  });

  describe('helmet', () => {
    it.each([
      ['a public read', '/api/cities'],
      ['an error', '/no-such-thing'],
      ['a refused request', '/api/me'],
    ])('sends the security headers and no X-Powered-By on %s', async (_what, path) => {
      const res = await api.http().get(path);
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'no-referrer',
        'strict-transport-security': expect.stringContaining('max-age='),
        'cross-origin-opener-policy': 'same-origin',
      });
    });

    it('sets a CSP for the same-origin web app: own scripts and styles only, images also as data:, media also as blob: (voice clips), requests and socket.io to itself', async () => {
      const res = await api.http().get('/api/cities');
      const host = `127.0.0.1:${new URL(res.request.url).port}`;
      expect(csp(res.headers['content-security-policy'])).toMatchObject({
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'"],
        'img-src': ["'self'", 'data:'],
        'media-src': ["'self'", 'blob:'],
        'connect-src': ["'self'", `ws://${host}`, `wss://${host}`],
        'object-src': ["'none'"],
        'frame-ancestors': ["'none'"],
        'base-uri': ["'self'"],
      });
    });

    it('leaves a Host header that is not a host out of the policy', async () => {
      const res = await api.http().get('/api/cities').set('Host', "evil.example; script-src 'unsafe-inline'");
      expect(csp(res.headers['content-security-policy'])['connect-src']).toEqual(["'self'"]);
      expect(csp(res.headers['content-security-policy'])['script-src']).toEqual(["'self'"]);
    });
  });

  describe('Swagger UI at /docs', () => {
    it('renders: the page, and every script, stylesheet and icon it loads, answer 200 under its policy', async () => {
      const page = await api.http().get('/docs');
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.text).toContain('<div id="swagger-ui"></div>');
      const policy = csp(page.headers['content-security-policy']);
      // Swagger UI lays itself out with inline <style>: allowed here only; its scripts are files from this origin
      expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
      expect(policy['script-src']).toEqual(["'self'"]);
      expect(page.text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>\s*\S/);

      const assets = [...page.text.matchAll(/<(?:script[^>]*\bsrc|link[^>]*\bhref)="([^"]+)"/g)].map((m) => new URL(m[1], 'http://x/docs').pathname);
      expect(assets).toEqual(expect.arrayContaining(['/docs/swagger-ui-bundle.js', '/docs/swagger-ui-init.js', '/docs/swagger-ui.css']));
      for (const asset of assets) {
        const res = await api.http().get(asset);
        expect({ asset, status: res.status }).toEqual({ asset, status: 200 });
        expect(res.headers['content-type']).toMatch(asset.endsWith('.js') ? /javascript/ : asset.endsWith('.css') ? /text\/css/ : /image\/png/);
      }
      // the init script points the UI at the document, which loads too
      const init = await api.http().get('/docs/swagger-ui-init.js');
      expect(init.text).toContain('"openapi"');
      expect((await api.http().get('/docs-json')).status).toBe(200);
    });

    it('keeps inline styles out of every other page', async () => {
      for (const path of ['/docs-json', '/api/cities', '/docsx']) {
        const res = await api.http().get(path);
        expect({ path, styleSrc: csp(res.headers['content-security-policy'])['style-src'] }).toEqual({ path, styleSrc: ["'self'"] });
      }
    });
  });

  describe('CORS', () => {
    const preflight = (a: TestApi, origin: string) =>
      a.http().options('/api/auth/login').set('Origin', origin).set('Access-Control-Request-Method', 'POST').set('Access-Control-Request-Headers', 'content-type');

    it('allows no other origin by default', async () => {
      const pre = await preflight(api, 'https://app.example.org');
      expect(pre.headers['access-control-allow-origin']).toBeUndefined();
      const get = await api.http().get('/api/cities').set('Origin', 'https://app.example.org');
      expect(get.status).toBe(200);
      expect(get.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('allows exactly the CORS_ORIGINS, nothing else', async () => {
      const pre = await preflight(open, 'https://app.example.org');
      expect(pre.status).toBe(204);
      expect(pre.headers['access-control-allow-origin']).toBe('https://app.example.org');
      expect(pre.headers['access-control-allow-methods']).toContain('POST');
      const get = await open.http().get('/api/cities').set('Origin', 'http://localhost:5173');
      expect(get.headers['access-control-allow-origin']).toBe('http://localhost:5173');
      expect(get.headers['access-control-expose-headers']).toContain('Retry-After');
      for (const origin of ['https://evil.example', 'https://app.example.org.evil.example', 'http://app.example.org']) {
        const res = await preflight(open, origin);
        expect({ origin, allowed: res.headers['access-control-allow-origin'] }).toEqual({ origin, allowed: undefined });
      }
    });

    it('refuses a socket.io connection from a page of another origin unless listed', async () => {
      const connect = (p: number, origin?: string) =>
        new Promise<string>((resolve) => {
          const socket = io(`http://127.0.0.1:${p}/live`, { transports: ['websocket'], forceNew: true, reconnection: false, ...(origin ? { extraHeaders: { Origin: origin } } : {}) });
          sockets.push(socket);
          socket.once('connect', () => resolve('connected'));
          socket.once('connect_error', () => resolve('refused'));
        });
      expect(await connect(port)).toBe('connected'); // not a browser
      expect(await connect(port, `http://127.0.0.1:${port}`)).toBe('connected'); // the web app the API serves
      expect(await connect(port, 'https://evil.example')).toBe('refused');
      expect(await connect(port, 'https://app.example.org')).toBe('refused');
      expect(await connect(openPort, 'https://app.example.org')).toBe('connected');
      expect(await connect(openPort, 'https://evil.example')).toBe('refused');
    });

    it('refuses a socket.io long-polling handshake from another origin', async () => {
      const res = await api.http().get('/socket.io/?EIO=4&transport=polling').set('Origin', 'https://evil.example');
      expect(res.status).toBe(403);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const listed = await open.http().get('/socket.io/?EIO=4&transport=polling').set('Origin', 'https://app.example.org');
      expect(listed.status).toBe(200);
      expect(listed.headers['access-control-allow-origin']).toBe('https://app.example.org');
    });
  });
});
