import { generateVAPIDKeys } from 'web-push';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type { App } from 'supertest/types';
import { createApi } from '../apps/api/src/setup';
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
      for (const p of ['/assets/index-abc123.js.map', '/assets/index-abc123.js.MAP', '/assets/./index-abc123.js.map', '/assets/index-abc123.js.map?x=1']) {
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
});
