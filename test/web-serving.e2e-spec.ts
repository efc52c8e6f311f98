import { generateVAPIDKeys } from 'web-push';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type { App } from 'supertest/types';
import { createApi } from '../apps/api/src/setup';
import { acceptedEncodings } from '../apps/api/src/web-app';
import { createTestEnv, TestEnv } from './support/test-env';

/** The API serves the built web app from `/` (apps/web/dist), with an SPA fallback for navigations. */
describe('web app serving', () => {
  let env: TestEnv;
  let app: INestApplication;
  let dist: string;
  const http = () => request(app.getHttpServer() as App);
  const html = 'text/html,application/xhtml+xml';

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>DCS</title><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["../src/main.tsx"],"sourcesContent":["// the source"]}');
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
    // a real bundle's worth of JavaScript, with the copies the build writes beside it (apps/web/vite.config.mts)
    const bundle = readFileSync(path.join(__dirname, '../node_modules/react-dom/cjs/react-dom-client.production.js'));
    writeFileSync(path.join(dist, 'assets', 'index-big123.js'), bundle);
    writeFileSync(path.join(dist, 'assets', 'index-big123.js.br'), brotliCompressSync(bundle));
    writeFileSync(path.join(dist, 'assets', 'index-big123.js.gz'), gzipSync(bundle, { level: 9 }));
    writeFileSync(path.join(dist, 'index.html.gz'), gzipSync(readFileSync(path.join(dist, 'index.html'))));
    env = await createTestEnv('web_serving');
    app = await createApi(env.config(), { webDist: dist });
    await app.init();
  });
  afterAll(async () => {
    await app?.close();
    await env?.drop();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html at / and revalidates it on every load', async () => {
    const res = await http().get('/').set('Accept', html).expect(200);
    expect(res.text).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets as immutable for a year', async () => {
    const res = await http().get('/assets/index-abc123.js').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other files without long caching', async () => {
    const res = await http().get('/favicon.svg').expect(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers a browser navigation to an app route with index.html', async () => {
    const res = await http().get('/challenges/8a1c0e0e-0000-4000-8000-000000000000').set('Accept', html).expect(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain('<div id="root">');
  });

  it('never answers API, docs or health paths with the app', async () => {
    const api = await http().get('/api/no-such-thing').set('Accept', html).expect(404);
    expect(api.body.code).toBe('NOT_FOUND');
    const cities = await http().get('/api/cities').set('Accept', html).expect(200);
    expect(Array.isArray(cities.body)).toBe(true);
    expect((await http().get('/health').set('Accept', html)).headers['content-type']).toMatch(/json/);
    expect((await http().get('/docs-json').set('Accept', html)).body.openapi).toBeDefined();
    expect((await http().get('/docs').set('Accept', html)).text).toContain('swagger');
  });

  it('leaves non-navigation requests to unknown paths as the JSON 404', async () => {
    const res = await http().get('/no-such-file.js').set('Accept', 'application/json').expect(404);
    expect(res.body.code).toBe('NOT_FOUND');
    expect((await http().post('/challenges/x').set('Accept', html)).body.code).toBe('NOT_FOUND');
  });

  it('serves the source maps outside production', async () => {
    expect((await http().get('/assets/index-abc123.js.map').expect(200)).text).toContain('sourcesContent');
  });

  it('never serves a source map in production, under any spelling of its path: the JSON 404', async () => {
    // production refuses to start without Web Push keys (issue 28): a pair of its own
    const vapid = generateVAPIDKeys();
    const prod = await createApi(env.config({ NODE_ENV: 'production', JWT_SECRET: 'Zq8v1s0uX2pL7mN4bT9cR3kW6yH5jD0fG1aE8iO2', VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey }), { webDist: dist });
    await prod.init();
    try {
      const server = prod.getHttpServer() as App;
      for (const p of ['/assets/index-abc123.js.map', '/assets/index-abc123.js.MAP', '/assets/./index-abc123.js.map', '/assets/index-abc123.js.map?x=1', '/assets/index-abc123.js%2emap', '/assets/index-abc123.js%2Emap', '/assets/index-abc123%2ejs%2emap', '/assets/%69ndex-abc123.js.m%61p', '/assets/index-abc123.js.map%']) {
        const res = await request(server).get(p).set('Accept', html);
        expect([p, res.status, res.body.code]).toEqual([p, 404, 'NOT_FOUND']);
      }
      // the bundles and the app itself are served as before
      await request(server).get('/assets/index-abc123.js').expect(200);
      expect((await request(server).get('/').set('Accept', html).expect(200)).text).toContain('<div id="root">');
    } finally {
      await prod.close();
    }
  });

  describe('precompressed files (issue 43: 580 kB uncompressed, blank for seconds on a slow line)', () => {
    let base: string;
    let server: Server;
    /** The bytes as they travel (no client-side decoding), with the response's headers. */
    const raw = (p: string, headers: Record<string, string>) =>
      new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        get(`${base}${p}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
    const original = () => readFileSync(path.join(dist, 'assets', 'index-big123.js'));

    beforeAll(async () => {
      server = (app.getHttpServer() as Server).listen(0, '127.0.0.1');
      await new Promise((r) => server.once('listening', r));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise((r) => server.close(r)));

    it('sends the JavaScript bundle as brotli to a browser that accepts it: smaller, same bytes once decoded, cached as before', async () => {
      const res = await raw('/assets/index-big123.js', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(res.body.length).toBeLessThan(original().length / 3);
      expect(brotliDecompressSync(res.body).equals(original())).toBe(true);
    });

    it('sends gzip to a browser that does not take brotli, and the file itself to one that takes neither', async () => {
      const gz = await raw('/assets/index-big123.js', { 'Accept-Encoding': 'gzip, br;q=0' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.headers.vary).toMatch(/Accept-Encoding/i);
      expect(gunzipSync(gz.body).equals(original())).toBe(true);
      expect(gz.body.length).toBeLessThan(original().length / 2);

      for (const headers of [{}, { 'Accept-Encoding': 'identity' }, { 'Accept-Encoding': 'deflate' }] as Record<string, string>[]) {
        const plain = await raw('/assets/index-big123.js', headers);
        expect([plain.headers['content-encoding'], plain.body.equals(original())]).toEqual([undefined, true]);
        expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
      }
    });

    it('sends index.html compressed on a navigation too, still revalidated on every load', async () => {
      const res = await raw('/challenges/8a1c0e0e-0000-4000-8000-000000000000', { Accept: html, 'Accept-Encoding': 'gzip' });
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(gunzipSync(res.body).toString()).toContain('<div id="root">');
    });

    it('reads Accept-Encoding as RFC 9110 does: q=0 refuses, * allows the rest, no header means none', () => {
      expect(acceptedEncodings('gzip, deflate, br')).toEqual(['br', 'gzip']);
      expect(acceptedEncodings('br;q=0, *')).toEqual(['gzip']);
      expect(acceptedEncodings('*;q=0.5')).toEqual(['br', 'gzip']);
      expect(acceptedEncodings('gzip;q=0, br;q=0.1')).toEqual(['br']);
      expect(acceptedEncodings('identity')).toEqual([]);
      expect(acceptedEncodings(undefined)).toEqual([]);
    });
  });
});
