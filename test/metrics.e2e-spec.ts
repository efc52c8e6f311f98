import type { AddressInfo } from 'node:net';
import { INestApplicationContext } from '@nestjs/common';
import { createWorker } from '../apps/worker/src/setup';
import { freePort } from '../scripts/lib/proxy';
import { startApi, TestApi } from './support/api';
import { tableWithGame } from './support/fixtures';
import { connectLive, RecordingClient, waitFor } from './support/live-client';
import { createTestEnv, TestEnv } from './support/test-env';

interface Move {
  type: string;
  tile?: string;
  end?: string;
}

interface ViewBody {
  view: { version: number; turn: number | null; legalMoves?: Move[] };
}

const asSent = (m: Move): Move => ({ type: m.type, ...(m.tile ? { tile: m.tile } : {}), ...(m.end ? { end: m.end } : {}) });

/** The value of one sample line of a Prometheus text page (`name{labels} value`), or undefined. */
function sample(page: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of page.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const l = /\{([^}]*)\}/.exec(line)?.[1] ?? '';
    if (Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`))) return Number(line.split(' ').pop());
  }
  return undefined;
}

/** Each process's Prometheus endpoint (METRICS_PORT, loopback), read after a game's moves over the live sockets. */
describe('metrics', () => {
  let env: TestEnv;
  let api: TestApi;
  let worker: INestApplicationContext;
  let apiMetricsPort: number;
  let workerMetricsPort: number;
  let port: number;
  const sockets: RecordingClient[] = [];

  beforeAll(async () => {
    env = await createTestEnv('metrics');
    apiMetricsPort = await freePort();
    workerMetricsPort = await freePort();
    api = await startApi(env, env.config({ METRICS_PORT: String(apiMetricsPort) }));
    await api.app.listen(0, '127.0.0.1');
    port = (api.app.getHttpServer().address() as AddressInfo).port;
    worker = await createWorker(env.config({ METRICS_PORT: String(workerMetricsPort) }), { shutdownHooks: false });
    await worker.init();
  });
  afterAll(async () => {
    for (const s of sockets) s.socket.close();
    await worker?.close();
    await api?.close();
    await env?.drop();
  });

  const scrape = async (p: number) => {
    const res = await fetch(`http://127.0.0.1:${p}/metrics`);
    expect(res.status).toBe(200);
    return res.text();
  };

  it('counts and times the moves of a game, the HTTP routes, the sockets, the database, Redis and the queues', async () => {
    const { gameId, players } = await tableWithGame(api);
    for (const p of players) sockets.push(await connectLive(port, p.token));
    const joined = new Map<RecordingClient, ViewBody>();
    for (const c of sockets) joined.set(c, (await c.call<{ view: ViewBody }>('join', { gameId })).view);
    const current = (c: RecordingClient) => {
      const views = c.of('game:view').map((e) => e.view as ViewBody);
      const l = views.at(-1);
      const j = joined.get(c)!;
      return l && l.view.version > j.view.version ? l : j;
    };
    let moves = 0;
    for (let i = 0; i < 8; i++) {
      const v = current(sockets[0]).view;
      if (v.turn === null) break;
      const mover = sockets[v.turn];
      const mine = current(mover).view;
      const ack = await mover.call<{ seq: number }>('action', { gameId, ...asSent(mine.legalMoves![0]), version: mine.version });
      expect(ack.ok).toBe(true);
      moves++;
      await waitFor('broadcast', () => sockets.every((s) => current(s).view.version === ack.seq));
    }
    // a refused action counts as refused
    expect((await sockets[0].call('action', { gameId, type: 'knock', version: 0 })).ok).toBe(false);
    await api.http().get('/api/cities').expect(200);

    const page = await scrape(apiMetricsPort);
    expect(sample(page, 'dcs_game_actions_total', { event: 'action', outcome: 'ok' })).toBe(moves);
    expect(sample(page, 'dcs_game_actions_total', { event: 'action', outcome: 'refused' })).toBe(1);
    expect(sample(page, 'dcs_game_action_ack_seconds_count', { event: 'action' })).toBe(moves + 1);
    expect(sample(page, 'dcs_http_request_duration_seconds_count', { method: 'GET', route: '/api/cities', status: '200' })).toBe(1);
    expect(sample(page, 'dcs_socket_connections')).toBe(4);
    expect(sample(page, 'dcs_socket_rooms', { kind: 'game' })).toBe(1);
    expect(sample(page, 'dcs_socket_rooms', { kind: 'user' })).toBe(4);
    expect(sample(page, 'dcs_game_group_commit_size_sum')).toBeGreaterThanOrEqual(moves);
    expect(sample(page, 'dcs_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    expect(sample(page, 'dcs_db_query_seconds')).toBeGreaterThan(0);
    expect(sample(page, 'dcs_redis_latency_seconds')).toBeGreaterThan(0);
    expect(page).toContain('process="api"');

    const wpage = await scrape(workerMetricsPort);
    expect(wpage).toContain('process="worker"');
    expect(sample(wpage, 'dcs_queue_jobs', { queue: 'challenge', state: 'failed' })).toBe(0);
    // the game's turn clock is a delayed job of the challenge queue, not due yet
    expect(sample(wpage, 'dcs_queue_jobs', { queue: 'challenge', state: 'delayed' })).toBeGreaterThanOrEqual(1);
    expect(sample(wpage, 'dcs_queue_due_lag_seconds', { queue: 'challenge' })).toBe(0);
    expect(sample(wpage, 'dcs_redis_latency_seconds')).toBeGreaterThan(0);
    // the game just moved: no table is idle; one whose last move is 3 minutes old is, for both alerts' thresholds
    expect(sample(wpage, 'dcs_tables_idle', { over: '120' })).toBe(0);
    await env.sql(`UPDATE games SET updated_at = now() - interval '3 minutes' WHERE id = $1`, [gameId]);
    const later = await scrape(workerMetricsPort);
    expect(sample(later, 'dcs_tables_idle', { over: '60' })).toBe(1);
    expect(sample(later, 'dcs_tables_idle', { over: '120' })).toBe(1);
  });

  it('is not served on the public API port', async () => {
    const res = await api.http().get('/metrics');
    expect(res.status).toBe(404);
  });
});
