import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Agent, request as httpsRequest } from 'node:https';
import { request as httpRequest } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { INestApplication } from '@nestjs/common';
import { io, Socket } from 'socket.io-client';
import { createApi } from '../apps/api/src/setup';
import { freePort, Proxy, startProxy } from '../scripts/lib/proxy';
import { createTestEnv, TestEnv } from './support/test-env';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

const insecure = new Agent({ rejectUnauthorized: false });

function fetchVia(url: string, opts: { method?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<Reply> {
  const u = new URL(url);
  const send = u.protocol === 'https:' ? httpsRequest : httpRequest;
  const data = opts.body === undefined ? undefined : Buffer.from(JSON.stringify(opts.body));
  return new Promise((resolve, reject) => {
    const req = send(
      u,
      { method: opts.method ?? 'GET', agent: u.protocol === 'https:' ? insecure : undefined, headers: { ...(data ? { 'content-type': 'application/json', 'content-length': String(data.length) } : {}), ...opts.headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

const connections = (app: INestApplication) => new Promise<number>((resolve, reject) => (app.getHttpServer() as Server).getConnections((err, n) => (err ? reject(err) : resolve(n))));

/**
 * The production shape (docs/operations.md): deploy/nginx.conf.template rendered by scripts/lib/proxy.ts,
 * Debian's nginx in front of two API instances, TLS with a self-signed certificate. What goes through it:
 * health, redirect to HTTPS, compressed and cached assets, socket.io over WebSocket only, the client
 * address the API sees (TRUST_PROXY), and an API instance's drain on shutdown.
 */
describe('the reverse proxy in front of two API instances', () => {
  let env: TestEnv;
  let dist: string;
  let proxy: Proxy;
  const apps: INestApplication[] = [];
  const ports: number[] = [];
  const sockets: Socket[] = [];
  /** the instance the drain test closed */
  let drained = -1;
  const startApi = async (port: number) => {
    const app = await createApi(env.config({ TRUST_PROXY: 'loopback', REGISTER_RATE_LIMIT_PER_ADDRESS: '2', SHUTDOWN_DRAIN_MS: '400' }), { webDist: dist, shutdownHooks: false });
    await app.listen(port, '127.0.0.1');
    return app;
  };
  const bigScript = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "row number ${i}" }`).join(', ')}];\n`;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'proxy-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>DCS</title><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), bigScript);
    env = await createTestEnv('proxy_cluster');
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      apps.push(await startApi(port));
      ports.push(port);
    }
    proxy = await startProxy(ports.map((p) => `127.0.0.1:${p}`));
  });

  afterAll(async () => {
    for (const s of sockets) s.close();
    await proxy?.stop();
    for (const app of apps) await app.close().catch(() => undefined);
    await env?.drop();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers health over HTTPS and sends plain-HTTP browsers to HTTPS', async () => {
    const health = await fetchVia(`${proxy.url}/health`);
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body.toString())).toEqual({ status: 'ok', services: { database: 'up', redis: 'up' } });
    const plain = await fetchVia(`http://127.0.0.1:${proxy.httpPort}/challenges?x=1`, { headers: { Host: 'localhost' } });
    expect(plain.status).toBe(308);
    expect(plain.headers.location).toBe(`https://localhost:${proxy.httpsPort}/challenges?x=1`);
  });

  it('compresses the hashed assets, marks them immutable and keeps them in its cache', async () => {
    const first = await fetchVia(`${proxy.url}/assets/index-abc123.js`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(first.body).toString()).toBe(bigScript);
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(first.headers['x-cache-status']).toBe('MISS');
    const second = await fetchVia(`${proxy.url}/assets/index-abc123.js`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(second.headers['x-cache-status']).toBe('HIT');
    expect(gunzipSync(second.body).toString()).toBe(bigScript);
    // JSON too
    const cities = await fetchVia(`${proxy.url}/api/cities`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(cities.status).toBe(200);
  });

  it('refuses socket.io long-polling and carries the WebSocket transport', async () => {
    const polling = await fetchVia(`${proxy.url}/socket.io/?EIO=4&transport=polling`);
    expect(polling.status).toBe(400);
    expect(JSON.parse(polling.body.toString()).code).toBe('WEBSOCKET_ONLY');
    const s = io(`${proxy.url}/live`, { transports: ['websocket'], rejectUnauthorized: false, reconnection: false, forceNew: true });
    sockets.push(s);
    await new Promise<void>((resolve, reject) => {
      s.once('connect', () => resolve());
      s.once('connect_error', reject);
    });
    expect(s.connected).toBe(true);
    s.close();
  });

  it('gives the API the client address the proxy saw: a forged X-Forwarded-For earns no fresh registration budget', async () => {
    const register = (n: number, forged: string) =>
      fetchVia(`${proxy.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'X-Forwarded-For': forged },
        body: { email: `proxied${n}-${env.name}@example.org`, password: 'a-long-enough-password-123', displayName: `Proxied ${n}` },
      });
    expect((await register(1, '203.0.113.1')).status).toBe(201);
    expect((await register(2, '203.0.113.2')).status).toBe(201);
    const third = await register(3, '203.0.113.3');
    expect(third.status).toBe(429);
    expect(JSON.parse(third.body.toString()).code).toBe('RATE_LIMITED');
  });

  it('drains an instance on shutdown: health says so, requests go to the other, its sockets reconnect there', async () => {
    const s = io(`${proxy.url}/live`, { transports: ['websocket'], rejectUnauthorized: false, forceNew: true, reconnectionDelay: 100, reconnectionDelayMax: 300 });
    sockets.push(s);
    await new Promise<void>((resolve, reject) => {
      s.once('connect', () => resolve());
      s.once('connect_error', reject);
    });
    // The instance holding the socket: the proxy keeps no idle connection to the APIs, so it is the one with a connection.
    const held = await Promise.all(apps.map(connections));
    const holder = held.findIndex((n) => n > 0);
    expect(holder).toBeGreaterThanOrEqual(0);
    const other = 1 - holder;
    drained = holder;
    let reasons: string[] = [];
    s.on('disconnect', (reason) => reasons.push(reason));
    // back on its table: the socket's own connect (the manager's 'reconnect' comes before the namespace's handshake)
    const reconnected = new Promise<void>((resolve) => s.once('connect', () => resolve()));

    const closing = apps[holder].close();
    // Within SHUTDOWN_DRAIN_MS: the instance still answers, and its health says it is draining.
    const draining = await fetchVia(`http://127.0.0.1:${ports[holder]}/health`);
    expect(draining.status).toBe(503);
    expect(JSON.parse(draining.body.toString())).toMatchObject({ code: 'UNHEALTHY', details: { draining: true } });
    expect(draining.headers.connection).toBe('close');
    // Through the proxy nothing fails while it drains and after it is gone.
    const statuses: number[] = [];
    const load = (async () => {
      for (let i = 0; i < 20; i++) {
        statuses.push((await fetchVia(`${proxy.url}/api/cities`)).status);
        // A POST too (refused by validation: nothing is written, no limit counts it)
        statuses.push((await fetchVia(`${proxy.url}/api/auth/register`, { method: 'POST', body: { email: 'not-an-address' } })).status);
      }
    })();
    await closing;
    await load;
    expect(statuses.filter((st) => st !== 200 && st !== 400)).toEqual([]);
    expect(statuses).toHaveLength(40);
    await reconnected;
    expect(reasons[0]).toBe('transport close');
    expect(s.connected).toBe(true);
    expect(await connections(apps[other])).toBeGreaterThan(0);
    reasons = [];
  });

  it('connects every new socket at once after each instance refused in turn (a rolling restart), none turned away by the proxy', async () => {
    expect(drained).toBeGreaterThanOrEqual(0);
    const connect = () => {
      const s = io(`${proxy.url}/live`, { transports: ['websocket'], rejectUnauthorized: false, reconnection: false, forceNew: true });
      sockets.push(s);
      return new Promise<boolean>((resolve) => {
        s.once('connect', () => resolve(true));
        s.once('connect_error', () => resolve(false));
      });
    };
    // The drained instance is down: each handshake meets its refusal and goes on to the other.
    expect(await Promise.all(Array.from({ length: 4 }, connect))).toEqual([true, true, true, true]);
    // It starts again on its port, then the other one drains and stops (its sockets go).
    apps[drained] = await startApi(ports[drained]);
    await apps[1 - drained].close();
    // Both have refused connections lately; the one that is up takes every new socket.
    expect(await Promise.all(Array.from({ length: 8 }, connect))).toEqual(Array(8).fill(true));
    expect(await connections(apps[drained])).toBeGreaterThanOrEqual(8);
  });
});
