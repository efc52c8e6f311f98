/**
 * `npm run bench:live [-- --quick] [-- --json] [-- --profile] [-- --proxy] [-- --tables N] [-- --think MS] [-- --seconds S]`
 *
 * --proxy: the run below, then the same through the reverse proxy (nginx from deploy/nginx.conf.template,
 * TLS, scripts/lib/proxy.ts) in front of 3 API instances; the two phase tables are printed side by side.
 *
 * Live tables under load, end to end: two API instances and one worker started as child
 * processes from the tools build (.build/tools, never dist/), on a throwaway database (`dcs_bench_live_<pid>`, migrated,
 * dropped at the end) and their own queue / socket.io prefix in Redis (deleted at the end).
 * Real socket.io clients over loopback, one per player, half on each API instance (every table
 * spans both), each a greedy bot choosing a legal move from its own view after a think time.
 * A finished game is replaced by a fresh one at the same table, so the load is steady.
 *
 * Measured: acknowledgement latency of `action` (p50/p95/p99), accepted actions per second,
 * errors (refused acks, connection errors), lost / duplicated / out-of-order `game:view` events
 * (every client checks that each game's `seq` rises by exactly one), and memory per connection
 * (the API processes' RSS growth when the clients connect and join, divided by connections).
 * Then the pace is raised (shorter think times) until p99 passes 100 ms; the fastest pace still
 * under 100 ms is reported as the capacity of this machine. (When the target pace is already past
 * 100 ms, the pace is lowered instead until p99 is under it.)
 *
 * Full run: 128 tables (512 players), 100 ms think, 30 s, then 4 faster paces of 20 s (< 5 min).
 * --quick: 16 tables, 8 s, then 2 faster paces of 6 s. Prints a table; --json prints JSON. --profile adds where
 * an accepted action's CPU goes during the target phase: milliseconds per action of the clients (this
 * process), each API, the worker, the bench database's PostgreSQL backends and Redis (the whole server:
 * other users of it count too), and the Redis commands per action (INFO commandstats).
 */
import 'reflect-metadata';
import { cpuSeconds } from '../scripts/lib/proc-cpu';
import { createBenchDatabase, dropBenchEnv, migrateDatabase, runBench } from '../scripts/lib/throwaway-env';
import { BuiltProcess, startBuilt } from '../scripts/lib/built-process';
import { Proxy, startProxy } from '../scripts/lib/proxy';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Pool } from 'pg';
import { io, Socket } from 'socket.io-client';
import { generateVAPIDKeys } from 'web-push';
import { JwtService } from '@nestjs/jwt';
import { createBot, createGame, seedRng, type Action, type PlayerView } from '@dcs/engine';
import { sha256 } from '@dcs/common';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const num = (name: string, fallback: number): number => {
  const i = args.indexOf(`--${name}`);
  const v = i >= 0 ? Number(args[i + 1]) : fallback;
  if (!Number.isFinite(v) || v < 0) throw new Error(`--${name} must be a number`);
  return v;
};
const quick = flag('quick');
/** --profile: CPU seconds of each process (clients, APIs, worker, the bench database's PostgreSQL backends, Redis) and Redis commands during the target phase, per accepted action. */
const profile = flag('profile');
const json = flag('json');
const TABLES = num('tables', quick ? 16 : 128);
const THINK = num('think', 100);
const SECONDS = num('seconds', quick ? 8 : 30);
const RAMP: number[] = quick ? [25, 0] : [50, 20, 5, 0];
const RAMP_SECONDS = quick ? 6 : 20;
const SLOWER: number[] = quick ? [400, 1600] : [200, 400, 800, 1600];
const PG_BASE = process.env.BENCH_PG_BASE ?? 'postgresql://postgres@127.0.0.1:5432';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const ROOT = process.cwd();
const DIST = path.resolve(__dirname, '..');
const log = (line: string) => {
  if (!json) process.stderr.write(`${line}\n`);
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface GameViewEvent {
  gameId: string;
  seq: number;
  view: { status: string; seat: number | null; view: PlayerView };
}

// ------------------------------------------------------------------ measurements

interface Phase {
  name: string;
  thinkMs: number;
  startedAt: number;
  endedAt: number;
  latencies: number[];
  actions: number;
  errors: number;
}

const counters = { lost: 0, duplicated: 0, outOfOrder: 0, events: 0, connectErrors: 0, errorCodes: new Map<string, number>() };
let phase: Phase | null = null;
let think = THINK;
let acting = false;

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function summary(p: Phase) {
  const sorted = [...p.latencies].sort((a, b) => a - b);
  const secs = (p.endedAt - p.startedAt) / 1000;
  return {
    phase: p.name,
    thinkMs: p.thinkMs,
    seconds: Number(secs.toFixed(1)),
    actions: p.actions,
    actionsPerSecond: Math.round(p.actions / secs),
    p50Ms: Number(percentile(sorted, 50).toFixed(1)),
    p95Ms: Number(percentile(sorted, 95).toFixed(1)),
    p99Ms: Number(percentile(sorted, 99).toFixed(1)),
    maxMs: Number((sorted[sorted.length - 1] ?? 0).toFixed(1)),
    errors: p.errors,
  };
}

// ------------------------------------------------------------------ one player

class Player {
  gameId: string | null = null;
  lastSeq = -1;
  latest: GameViewEvent['view'] | null = null;
  private readonly buffered = new Map<string, GameViewEvent[]>();
  private readonly done = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private inFlight = false;
  private readonly bot = createBot('greedy');
  private readonly rng;

  constructor(
    readonly socket: Socket,
    readonly userId: string,
    readonly seat: number,
    readonly table: Table,
  ) {
    this.rng = seedRng(`bench-${userId}`);
    socket.on('game:view', (e: GameViewEvent) => this.onView(e));
    socket.on('connect_error', () => counters.connectErrors++);
    socket.on('disconnect', (reason) => {
      if (acting) {
        counters.connectErrors++;
        log(`  a client was disconnected: ${reason}`);
      }
    });
  }

  /** Joins the table's new game; events for it that came first (through the user room) are replayed after. */
  async join(gameId: string): Promise<void> {
    if (this.gameId) this.done.add(this.gameId);
    this.gameId = gameId;
    this.lastSeq = -1;
    this.latest = null;
    const ack = (await this.socket.timeout(20_000).emitWithAck('join', { gameId })) as { ok: boolean; seq: number; view: GameViewEvent['view']; error?: { code: string } };
    if (!ack.ok) throw new Error(`join ${gameId}: ${ack.error?.code}`);
    if (this.gameId !== gameId) return;
    // Events up to the answer's seq were sent before the view was read: the join makes them redundant.
    this.lastSeq = Math.max(this.lastSeq, ack.seq);
    const seen = this.latest as GameViewEvent['view'] | null; // views of this game may have come in meanwhile
    if (!seen || ack.seq >= seen.view.version) this.latest = ack.view;
    const early = this.buffered.get(gameId) ?? [];
    this.buffered.delete(gameId);
    for (const e of early) if (e.seq > ack.seq) this.onView(e);
    this.schedule();
  }

  private onView(e: GameViewEvent): void {
    if (e.gameId !== this.gameId || this.lastSeq < 0) {
      if (!this.done.has(e.gameId)) {
        const list = this.buffered.get(e.gameId) ?? [];
        list.push(e);
        this.buffered.set(e.gameId, list);
      }
      return;
    }
    counters.events++;
    if (e.seq === this.lastSeq) counters.duplicated++;
    else if (e.seq < this.lastSeq) counters.outOfOrder++;
    else {
      if (e.seq > this.lastSeq + 1) counters.lost += e.seq - this.lastSeq - 1;
      this.lastSeq = e.seq;
      this.latest = e.view;
    }
    if (this.latest?.status === 'finished') {
      this.table.finished(this);
      return;
    }
    this.schedule();
  }

  schedule(): void {
    if (!acting || this.timer || this.inFlight || !this.latest) return;
    const v = this.latest.view;
    if (this.latest.status !== 'playing' || v.turn !== this.seat) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.act();
    }, think);
  }

  private async act(): Promise<void> {
    if (!acting || !this.latest || !this.gameId) return;
    const view = this.latest.view;
    if (this.latest.status !== 'playing' || view.turn !== this.seat) return;
    const move: Action = this.bot.decide(view, this.rng);
    const payload = {
      gameId: this.gameId,
      type: move.type,
      ...('tile' in move && move.tile ? { tile: move.tile } : {}),
      ...('end' in move && move.end ? { end: move.end } : {}),
      version: view.version,
      requestId: `${this.seat}-${this.gameId.slice(0, 8)}-${view.version}`,
    };
    this.inFlight = true;
    const p = phase;
    const t0 = performance.now();
    try {
      const ack = (await this.socket.timeout(10_000).emitWithAck('action', payload)) as { ok: boolean; error?: { code: string } };
      const ms = performance.now() - t0;
      if (p && phase === p) {
        p.latencies.push(ms);
        if (ack.ok) p.actions++;
        else p.errors++;
      }
      if (!ack.ok) counters.errorCodes.set(ack.error?.code ?? '?', (counters.errorCodes.get(ack.error?.code ?? '?') ?? 0) + 1);
    } catch {
      if (p && phase === p) p.errors++;
      counters.errorCodes.set('ACK_TIMEOUT', (counters.errorCodes.get('ACK_TIMEOUT') ?? 0) + 1);
    } finally {
      this.inFlight = false;
    }
    this.schedule();
  }

  idle(): boolean {
    return !this.inFlight && !this.timer;
  }
}

// ------------------------------------------------------------------ one table

class Table {
  players: Player[] = [];
  private dealing = false;

  constructor(
    readonly id: string,
    private readonly deal: (tableId: string) => Promise<string>,
  ) {}

  /** A finished game is replaced by a fresh one at the same table (once, by whichever seat sees the end first). */
  finished(_by: Player): void {
    if (this.dealing || !acting) return;
    this.dealing = true;
    void (async () => {
      try {
        const gameId = await this.deal(this.id);
        await Promise.all(this.players.map((p) => p.join(gameId)));
      } catch (err) {
        counters.errorCodes.set('DEAL', (counters.errorCodes.get('DEAL') ?? 0) + 1);
        log(`  dealing a new game failed: ${(err as Error).message}`);
      } finally {
        this.dealing = false;
      }
    })();
  }
}

// ------------------------------------------------------------------ processes

function start(name: string, script: string, env: Record<string, string>): BuiltProcess {
  return startBuilt(name, script, { ...process.env, ...env }, { cwd: ROOT });
}

async function waitHealthy(port: number, proc: BuiltProcess): Promise<void> {
  // Up to 2 minutes: on a loaded 2-core machine three Nest processes starting at once can take that long.
  for (let i = 0; i < 1200; i++) {
    if (proc.child.exitCode !== null) throw new Error(`${proc.name} exited:\n${proc.tail.join('\n')}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health`);
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${proc.name} did not start:\n${proc.tail.join('\n')}`);
}

function rssKb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : 0;
}

/** Redis's own counters: calls and microseconds per command (INFO commandstats) and the server's CPU seconds. */
async function redisStats(url: string): Promise<{ cpu: number; commands: Map<string, { calls: number; usec: number }> }> {
  const { default: Redis } = await import('ioredis');
  const r = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await r.connect();
    const [stats, cpu] = [await r.info('commandstats'), await r.info('cpu')];
    const commands = new Map<string, { calls: number; usec: number }>();
    for (const m of stats.matchAll(/cmdstat_(\S+?):calls=(\d+),usec=(\d+)/g)) commands.set(m[1], { calls: Number(m[2]), usec: Number(m[3]) });
    const num = (k: string) => Number(new RegExp(`${k}:([\\d.]+)`).exec(cpu)?.[1] ?? 0);
    return { cpu: num('used_cpu_sys') + num('used_cpu_user'), commands };
  } finally {
    r.disconnect();
  }
}

async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

// ------------------------------------------------------------------ the run

/** One run's printed report: the phase table and the lines under it. */
interface LiveRun {
  result: Record<string, unknown>;
  title: string;
  table: string[];
  lines: string[];
}

/**
 * One measurement: the clients straight to the API instances (`direct`: 2, half the seats on each) or
 * through the reverse proxy (`proxy`: nginx from deploy/nginx.conf.template with TLS, in front of 3).
 */
async function measure(via: 'direct' | 'proxy'): Promise<LiveRun> {
  const API_COUNT = via === 'proxy' ? 3 : 2;
  counters.lost = counters.duplicated = counters.outOfOrder = counters.events = counters.connectErrors = 0;
  counters.errorCodes.clear();
  phase = null;
  think = THINK;
  let proxy: Proxy | null = null;
  const tag = `${process.pid}_${randomBytes(2).toString('hex')}`;
  const dbName = `dcs_bench_live_${tag}`;
  const dbUrl = `${PG_BASE}/${dbName}`;
  const prefix = `bench-live-${tag}`;
  const secret = randomBytes(32).toString('hex');
  await createBenchDatabase(PG_BASE, dbName);
  const procs: BuiltProcess[] = [];
  const sockets: Socket[] = [];
  let pool: Pool | null = null;
  try {
    log(`database ${dbName}: migrating`);
    await migrateDatabase(dbUrl);

    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: dbUrl,
      REDIS_URL,
      QUEUE_PREFIX: prefix,
      JWT_SECRET: secret,
      LOG_LEVEL: 'error',
      API_HOST: '127.0.0.1',
      // production refuses to start without a Web Push key pair of its own
      ...(({ publicKey, privateKey }) => ({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey }))(generateVAPIDKeys()),
      // At the fastest paces a bot acts more often than a person can; the per-connection limit is not what is measured.
      LIVE_ACTIONS_PER_SECOND: '1000',
    };
    const ports = await Promise.all(Array.from({ length: API_COUNT }, () => freePort()));
    const apis = ports.map((port, i) => start(`api-${i + 1}`, path.join(DIST, 'apps/api/src/main.js'), { ...env, API_PORT: String(port) }));
    procs.push(...apis);
    procs.push(start('worker', path.join(DIST, 'apps/worker/src/main.js'), env));
    await Promise.all(ports.map((port, i) => waitHealthy(port, apis[i])));
    if (via === 'proxy') proxy = await startProxy(ports.map((p) => `127.0.0.1:${p}`));
    log(`${API_COUNT} API instances (ports ${ports.join(', ')}) and 1 worker up${proxy ? `, the proxy on ${proxy.url}` : ''}`);

    // Fixtures: players, a running challenge with one round and TABLES tables (marked decided, so
    // a game's end deals the next game rather than moving the bracket), a game per table.
    pool = new Pool({ connectionString: dbUrl, max: 4 });
    const players = TABLES * 4;
    const { rows: users } = await pool.query<{ id: string }>(
      `INSERT INTO users (id, email, password_hash, display_name, updated_at)
       SELECT gen_random_uuid(), 'bench' || g || '@live.bench', 'bench: no login', 'Bench ' || g, now() FROM generate_series(1, $1) g RETURNING id`,
      [players],
    );
    const { rows: [city] } = await pool.query<{ id: string }>(
      `INSERT INTO cities (id, name, slug, time_zone, region, tier, updated_at) VALUES (gen_random_uuid(), 'Bench City', $1, 'America/New_York', 'south', 'T1', now()) RETURNING id`,
      [`bench-${tag}`],
    );
    const { rows: [challenge] } = await pool.query<{ id: string }>(
      `INSERT INTO challenges (id, city_id, local_date, starts_at, registration_opens_at, check_in_opens_at, check_in_closes_at, status, prize_pool_cents, prize_split, updated_at)
       VALUES (gen_random_uuid(), $1, '2027-01-02', now(), now(), now(), now(), 'running', 0, '{"first":5000,"second":3000,"thirdFourthEach":1000}'::jsonb, now()) RETURNING id`,
      [city.id],
    );
    const { rows: [round] } = await pool.query<{ id: string }>(
      `INSERT INTO rounds (id, challenge_id, number, status, starts_at) VALUES (gen_random_uuid(), $1, 1, 'running', now()) RETURNING id`,
      [challenge.id],
    );
    const db = pool;
    const deal = async (tableId: string): Promise<string> => {
      const seed = randomBytes(32).toString('hex');
      const created = createGame({ ruleset: 'dcs-tournament', players: 4, seed });
      if (!created.ok) throw new Error(created.error.message);
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO games (id, table_id, ruleset, players, status, state, version, seed, seed_hash, updated_at)
         VALUES (gen_random_uuid(), $1, 'dcs-tournament', 4, 'playing', $2::jsonb, $3, $4, $5, now()) RETURNING id`,
        [tableId, JSON.stringify(created.state), created.state.version, seed, sha256(seed)],
      );
      return rows[0].id;
    };
    const tables: Table[] = [];
    const firstGames: string[] = [];
    for (let t = 0; t < TABLES; t++) {
      const { rows: [table] } = await pool.query<{ id: string }>(
        `INSERT INTO challenge_tables (id, challenge_id, round_id, index, status) VALUES (gen_random_uuid(), $1, $2, $3, 'finished') RETURNING id`,
        [challenge.id, round.id, t],
      );
      const seatUsers = users.slice(t * 4, t * 4 + 4);
      await pool.query(
        `INSERT INTO table_seats (id, table_id, seat, user_id, seed) SELECT gen_random_uuid(), $1, s - 1, ($2::uuid[])[s], s FROM generate_series(1, 4) s`,
        [table.id, seatUsers.map((u) => u.id)],
      );
      tables.push(new Table(table.id, deal));
      firstGames.push(await deal(table.id));
    }

    // Connect every player (direct: half on each instance, seats 0 and 2 on A, 1 and 3 on B; through the proxy:
    // where it sends them) and measure the APIs' memory.
    const jwt = new JwtService({ secret, signOptions: { algorithm: 'HS256' } });
    const rssBefore = apis.map((a) => rssKb(a.child.pid!));
    const connectOne = (port: number, token: string) =>
      new Promise<Socket>((resolve, reject) => {
        const url = proxy ? `${proxy.url}/live` : `http://127.0.0.1:${port}/live`;
        const socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false, rejectUnauthorized: false, auth: { token } });
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', (err) => reject(err));
      });
    for (let t = 0; t < TABLES; t++) {
      const table = tables[t];
      const seated = await Promise.all(
        [0, 1, 2, 3].map(async (seat) => {
          const userId = users[t * 4 + seat].id;
          const socket = await connectOne(ports[seat % 2], jwt.sign({ sub: userId, tv: 0 }, { expiresIn: 3600 }));
          sockets.push(socket);
          return new Player(socket, userId, seat, table);
        }),
      );
      table.players = seated;
    }
    await Promise.all(tables.map((t, i) => Promise.all(t.players.map((p) => p.join(firstGames[i])))));
    await sleep(1000);
    const rssAfter = apis.map((a) => rssKb(a.child.pid!));
    const perConnKb = apis.map((_, i) => (rssAfter[i] - rssBefore[i]) / (players / API_COUNT));
    log(`${players} clients connected and joined; API RSS ${rssBefore.map((r) => (r / 1024).toFixed(0)).join('/')} → ${rssAfter.map((r) => (r / 1024).toFixed(0)).join('/')} MB`);

    // --profile: where an action's CPU goes (every process on the machine that serves it), and Redis's commands.
    const { rows: pgPids } = await pool.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [dbName]);
    type Snap = { cpu: Record<string, number>; redis: Awaited<ReturnType<typeof redisStats>> };
    const snapshot = async (): Promise<Snap> => {
      const cpu: Record<string, number> = { clients: process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6 };
      for (const p of procs) cpu[p.name] = cpuSeconds(p.child.pid!);
      cpu.postgres = pgPids.reduce((sum, r) => sum + cpuSeconds(r.pid), 0);
      const redis = await redisStats(REDIS_URL);
      cpu.redis = redis.cpu;
      return { cpu, redis };
    };
    const perAction = (a: Snap, b: Snap, actions: number) => {
      const n = Math.max(actions, 1);
      const cpuMs = Object.fromEntries(Object.keys(b.cpu).map((k) => [k, Number((((b.cpu[k] - a.cpu[k]) * 1000) / n).toFixed(3))]));
      const redisCommands = [...b.redis.commands]
        .map(([cmd, v]) => ({ cmd, calls: v.calls - (a.redis.commands.get(cmd)?.calls ?? 0), usec: v.usec - (a.redis.commands.get(cmd)?.usec ?? 0) }))
        .filter((c) => c.calls > 0)
        .sort((x, y) => y.usec - x.usec)
        .slice(0, 8)
        .map((c) => ({ cmd: c.cmd, perAction: Number((c.calls / n).toFixed(2)), usPerAction: Number((c.usec / n).toFixed(1)) }));
      return { actions, cpuMsPerAction: cpuMs, totalCpuMsPerAction: Number(Object.values(cpuMs).reduce((x, y) => x + y, 0).toFixed(3)), redisCommands };
    };
    const profiled: { result: ReturnType<typeof perAction> | null } = { result: null };

    // Phases: the target pace, then faster ones until p99 passes 100 ms.
    const phases: ReturnType<typeof summary>[] = [];
    acting = true;
    const runPhase = async (name: string, thinkMs: number, seconds: number) => {
      think = thinkMs;
      for (const t of tables) for (const p of t.players) p.schedule();
      await sleep(2000); // settle at the new pace
      const profiling = profile && name === 'target';
      const before = profiling ? await snapshot() : null;
      phase = { name, thinkMs, startedAt: performance.now(), endedAt: 0, latencies: [], actions: 0, errors: 0 };
      await sleep(seconds * 1000);
      phase.endedAt = performance.now();
      const actionsInPhase = phase.actions;
      if (before) profiled.result = perAction(before, await snapshot(), actionsInPhase);
      const s = summary(phase);
      phase = null;
      phases.push(s);
      log(`  ${name.padEnd(8)} think ${String(thinkMs).padStart(3)} ms: ${s.actionsPerSecond} actions/s, p50 ${s.p50Ms} p95 ${s.p95Ms} p99 ${s.p99Ms} ms, ${s.errors} errors`);
      return s;
    };
    log(`playing: ${TABLES} tables, ${SECONDS} s at ${THINK} ms think`);
    const target = await runPhase('target', THINK, SECONDS);
    if (target.p99Ms <= 100) {
      for (const ms of RAMP) {
        if (ms >= THINK) continue;
        const s = await runPhase('faster', ms, RAMP_SECONDS);
        if (s.p99Ms > 100) break;
      }
    } else {
      // Already past 100 ms at the target pace: slow down until p99 is under it, to find the capacity.
      for (const ms of SLOWER) {
        if (ms <= THINK) continue;
        const s = await runPhase('slower', ms, RAMP_SECONDS);
        if (s.p99Ms <= 100) break;
      }
    }

    // Stop, let everything in flight land, then check every client against the database.
    acting = false;
    for (let i = 0; i < 200 && !tables.every((t) => t.players.every((p) => p.idle())); i++) await sleep(25);
    await sleep(1500);
    const current = tables.flatMap((t) => t.players);
    const versions = new Map(
      (await pool.query<{ id: string; version: number }>(`SELECT id, version FROM games WHERE id = ANY($1::uuid[])`, [[...new Set(current.map((p) => p.gameId!))]])).rows.map((r) => [r.id, r.version]),
    );
    let tailLost = 0;
    for (const p of current) tailLost += Math.max(0, (versions.get(p.gameId!) ?? 0) - p.lastSeq);
    counters.lost += tailLost;
    const totalActions = Number((await pool.query<{ n: string }>(`SELECT count(*) n FROM game_actions`)).rows[0].n);

    const under = phases.filter((p) => p.p99Ms <= 100);
    const capacity = under.length ? under.reduce((a, b) => (b.actionsPerSecond > a.actionsPerSecond ? b : a)) : null;
    const crossed = phases.find((p) => p.p99Ms > 100) ?? null;
    const result = {
      tables: TABLES,
      players,
      connections: players,
      via,
      apiInstances: API_COUNT,
      workers: 1,
      target: { ...target, p99TargetMs: 50, pass: target.p99Ms < 50 && target.errors === 0 && counters.lost + counters.duplicated + counters.outOfOrder === 0 },
      phases,
      events: { checked: counters.events, lost: counters.lost, duplicated: counters.duplicated, outOfOrder: counters.outOfOrder },
      errors: { refusedOrTimedOut: Object.fromEntries(counters.errorCodes), connection: counters.connectErrors },
      memory: { apiRssMbBefore: rssBefore.map((r) => Math.round(r / 1024)), apiRssMbAfter: rssAfter.map((r) => Math.round(r / 1024)), kbPerConnection: Number((perConnKb.reduce((a, b) => a + b, 0) / perConnKb.length).toFixed(1)) },
      capacity: capacity
        ? { actionsPerSecond: capacity.actionsPerSecond, thinkMs: capacity.thinkMs, p99Ms: capacity.p99Ms, p99Passed100ms: crossed !== null, crossedAt: crossed ? { thinkMs: crossed.thinkMs, actionsPerSecond: crossed.actionsPerSecond, p99Ms: crossed.p99Ms } : null }
        : null,
      gameActionsStored: totalActions,
      ...(profiled.result ? { profile: profiled.result } : {}),
    };
    const lines: string[] = [];
    const out = (line: string) => lines.push(line);
    const row = (cells: (string | number)[]) => cells.map((c, i) => String(c).padStart(i === 0 ? 8 : 10)).join(' ');
    const table = [row(['phase', 'think ms', 'actions/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'errors']), ...phases.map((p) => row([p.phase, p.thinkMs, p.actionsPerSecond, p.p50Ms, p.p95Ms, p.p99Ms, p.maxMs, p.errors]))];
    const title = `live tables: ${TABLES} tables, ${players} socket.io clients over loopback${proxy ? ' through the proxy (nginx, TLS)' : ''}, ${API_COUNT} API instances + 1 worker (one machine)`;
    out(`target (${THINK} ms think): p99 ${target.p99Ms} ms (< 50 ms: ${target.p99Ms < 50 ? 'yes' : 'NO'}), ${target.errors} errors`);
    out(`events checked: ${counters.events}; lost ${counters.lost}, duplicated ${counters.duplicated}, out of order ${counters.outOfOrder}`);
    out(`errors: ${JSON.stringify(result.errors.refusedOrTimedOut)}; connection errors ${counters.connectErrors}`);
    out(`memory: API RSS ${result.memory.apiRssMbBefore.join('/')} MB → ${result.memory.apiRssMbAfter.join('/')} MB: ${result.memory.kbPerConnection} kB per connection`);
    const cpuProfile = profiled.result;
    if (cpuProfile) {
      out(`CPU per accepted action (target phase, ms): ${Object.entries(cpuProfile.cpuMsPerAction).map(([k, v]) => `${k} ${v}`).join(', ')}; total ${cpuProfile.totalCpuMsPerAction}`);
      out(`Redis commands per action: ${cpuProfile.redisCommands.map((c) => `${c.cmd} ${c.perAction} (${c.usPerAction} µs)`).join(', ')}`);
    }
    if (capacity) {
      out(
        `capacity of this machine: ${capacity.actionsPerSecond} actions/s with p99 ${capacity.p99Ms} ms (think ${capacity.thinkMs} ms)` +
          (crossed ? `; p99 passed 100 ms at ${crossed.actionsPerSecond} actions/s (think ${crossed.thinkMs} ms)` : '; p99 never passed 100 ms (a lower bound)'),
      );
    } else {
      out('capacity: p99 was above 100 ms at every pace');
    }
    return { result, title, table, lines };
  } finally {
    acting = false;
    for (const s of sockets) s.close();
    await pool?.end().catch(() => undefined);
    await proxy?.stop();
    await Promise.all(procs.map((p) => p.stop()));
    await dropBenchEnv({ pgBase: PG_BASE, dbName, redisUrl: REDIS_URL, prefix });
  }
}

/** --proxy: the direct run, then the same through the proxy against 3 APIs; the two tables side by side. */
async function main(): Promise<void> {
  const runs = flag('proxy') ? [await measure('direct'), await measure('proxy')] : [await measure('direct')];
  if (json) {
    process.stdout.write(`${JSON.stringify(runs.length === 1 ? runs[0].result : { direct: runs[0].result, proxy: runs[1].result })}\n`);
    return;
  }
  if (runs.length === 1) {
    console.log(`\n${runs[0].title}\n`);
    for (const line of [...runs[0].table, '', ...runs[0].lines]) console.log(line);
    return;
  }
  const [direct, proxied] = runs;
  const width = Math.max(...direct.table.map((l) => l.length), 'direct (2 APIs)'.length);
  console.log(`\n${direct.title}\n${proxied.title}\n`);
  console.log(`${'direct (2 APIs)'.padEnd(width)}   │ through the proxy (3 APIs)`);
  for (let i = 0; i < Math.max(direct.table.length, proxied.table.length); i++) console.log(`${(direct.table[i] ?? '').padEnd(width)}   │ ${proxied.table[i] ?? ''}`);
  for (const run of runs) {
    console.log(`\n${run === direct ? 'direct' : 'through the proxy'}:`);
    for (const line of run.lines) console.log(`  ${line}`);
  }
}

runBench(main);
