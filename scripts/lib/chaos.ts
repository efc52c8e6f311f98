/**
 * The chaos run (issue 23): a challenge played by socket.io bot clients through the reverse proxy while
 * the platform is hurt — each API instance restarted in turn (SIGTERM, drain, start), a worker killed
 * with SIGKILL (a new one takes its place), the Redis restarted — and the same challenge played again
 * without faults for comparison. Used by bench/chaos.ts (full size, figures) and test/chaos.e2e-spec.ts
 * (reduced, asserted).
 *
 * Everything is private: a redis-server of its own on a free port (the one restarted; never the shared
 * Redis), a throwaway database (a copy of the migrated template, dropped at the end), the cluster
 * (scripts/lib/cluster.ts: nginx in front of N APIs, M workers, from the tools build).
 *
 * Same challenge twice: the cluster runs with a rehearsal seed (AppConfig.REHEARSAL_SEED), so the seeding
 * draw, the bracket, every round's deals and every 6-4/5-5 draw depend only on the draw's place (round,
 * table); both challenges have the same players; each bot's move depends only on its own view and a
 * randomness seeded by (player, round, version). So a run without faults and a run with faults must give
 * the same games move for move, the same bracket and the same placements — unless a fault lost, duplicated
 * or reordered something. One table of round 1 stops playing at a fixed version (its bots wait) and is
 * ended by the round's hard stop, which the run brings forward (the round's hard_stop_at set to now, its
 * queued job promoted) once every other table of the round is decided — in the run with faults with a
 * worker killed by SIGKILL at that moment — so it stops that table at a state both runs share. The turn
 * clock and the rounds are long (no timeouts, no hard stop by the clock), so time plays no part in any result.
 *
 * Measured: every move a client saw acknowledged is in the game's stored action log (lost: 0), no move is
 * stored twice (each requestId once, and every stored player move was acknowledged to its client), each
 * client's reconnection time (from its socket's disconnect to the moment it is joined to its table again),
 * the hard stops' audit entries (one per stopped game), and the two runs' brackets and placements.
 */
import { randomBytes } from 'node:crypto';
import { Pool } from 'pg';
import { io, Socket } from 'socket.io-client';
import { JwtService } from '@nestjs/jwt';
import { Queue } from 'bullmq';
import { JOBS, jobIds, jobOptions, QUEUES } from '@dcs/common';
import { LIVE_RECONNECT } from '@dcs/common/live/reconnect';
import { createBot, seedRng, type Action, type PlayerView } from '@dcs/engine';
import { Cluster, startCluster } from './cluster';
import { TempRedis } from './temp-redis';
import { closeOnInterrupt, withThrowawayEnv } from './throwaway-env';

export interface ChaosOptions {
  players: number;
  apis: number;
  workers: number;
  /** the build the processes run from (.build/tools) */
  buildDir: string;
  /** a bot's pause before it moves, in the run without faults and in the run with (slower: the tables play through the faults; the moves do not depend on it) */
  thinkMs: { reference: number; chaos: number };
  /** the stalled table of round 1 stops at this game version */
  stallAt: number;
  /** each challenge must complete within this (15 minutes unless said; a full-size run on a busy machine needs more) */
  completeWithinMs?: number;
  log?: (line: string) => void;
}

export interface RunResult {
  challengeId: string;
  wallMs: number;
  /** rounds, tables (seats, scores, places), byes and placements: what is compared */
  outcome: ChallengeOutcome;
}

export interface ChallengeOutcome {
  rounds: { round: number; byes: string[]; tables: { index: number; endedBy: string | null; version: number; result: unknown }[] }[];
  placements: { userId: string; placement: string; rankingPoints: number; prizeCents: number }[];
}

export interface ChaosReport {
  players: number;
  apis: number;
  workers: number;
  reference: RunResult;
  chaos: RunResult;
  faults: { at: number; what: string; ms: number }[];
  moves: { acknowledged: number; stored: number; lost: number; duplicated: number; storedNotAcknowledged: number; retried: number };
  /** back: clients connected again and joined to their table (atTheirSeat: the join answered their game from their seat; betweenTables: no table at that moment) */
  reconnections: { disconnects: number; back: number; atTheirSeat: number; betweenTables: number; notBack: number; p50Ms: number; p99Ms: number; maxMs: number; over5s: number; connectedP50Ms: number; connectedP99Ms: number };
  /** the clients' refused or unanswered events, by event and code (a move refused is read again and sent again when still due) */
  clientErrors: Record<string, number>;
  hardStops: { games: number; auditEntries: number; firedOnce: boolean; reference: number };
  identical: boolean;
  differences: string[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

interface Seat {
  gameId: string;
  round: number;
  table: number;
  seat: number;
}

interface ViewPayload {
  gameId: string;
  status: string;
  seat: number | null;
  view: PlayerView;
}

/** A join answered: the seat it was made for and the view it answered. */
interface Joined {
  seat: Seat;
  view: ViewPayload;
}

/** The moves every client saw acknowledged, and its reconnections. */
class Ledger {
  acked = new Map<string, { gameId: string; version: number }>();
  retried = 0;
  reconnections: number[] = [];
  /** from a disconnect to the socket's connect (before its join) */
  connects: number[] = [];
  disconnects = 0;
  notBack = 0;
  /** back, joined to the table it sat at, at its own seat (the join's view is that game's, seen from its seat) */
  atTheirSeat = 0;
  /** back between two tables (its game over, the next round not seated yet): connected is enough */
  betweenTables = 0;
  errors = new Map<string, number>();
  error(code: string): void {
    this.errors.set(code, (this.errors.get(code) ?? 0) + 1);
  }
}

/**
 * One player: a socket through the proxy (WebSocket only, reconnecting), joined to its current table;
 * on its turn it moves after `thinkMs`; a move whose answer does not come (its instance went away) is
 * sent again with the same requestId once the socket is back, so it is applied once.
 */
class Bot {
  seat: Seat | null = null;
  latest: ViewPayload | null = null;
  lastSeq = -1;
  private acting = false;
  private timer: NodeJS.Timeout | null = null;
  private lastProgress = Date.now();
  private disconnectedAt: number | null = null;
  private readonly bot = createBot('greedy');
  stopped = false;

  constructor(
    readonly userId: string,
    readonly socket: Socket,
    private readonly ledger: Ledger,
    private readonly opts: { thinkMs: number; stallAt: number },
  ) {
    socket.on('game:view', (e: { gameId: string; seq: number; view: ViewPayload }) => this.onView(e.gameId, e.seq, e.view));
    socket.on('disconnect', () => {
      if (this.stopped) return;
      this.ledger.disconnects++;
      this.disconnectedAt ??= Date.now();
    });
    socket.on('connect', () => void this.back());
  }

  /** Connected again: joined to its table again (no table right now: the connection is enough), then counted back. */
  private async back(): Promise<void> {
    const since = this.disconnectedAt;
    if (since === null || this.stopped) return;
    this.ledger.connects.push(Date.now() - since);
    let joined: Joined | null = null;
    while (this.seat && !(joined = await this.join())) {
      if (this.stopped || !this.socket.connected) return; // the next connect tries again
      await sleep(100);
    }
    this.ledger.reconnections.push(Date.now() - since);
    if (!joined) this.ledger.betweenTables++;
    else if (joined.view.gameId === joined.seat.gameId && joined.view.seat === joined.seat.seat) this.ledger.atTheirSeat++;
    this.disconnectedAt = null;
  }

  /** Seated at a (new) game: join its room. */
  async seatAt(seat: Seat): Promise<void> {
    if (this.seat?.gameId === seat.gameId) return;
    this.seat = seat;
    this.latest = null;
    this.lastSeq = -1;
    await this.join();
  }

  /** Joins the current game's room and takes its view (a reconnect, a refresh); null when it could not. */
  async join(): Promise<Joined | null> {
    const seat = this.seat;
    if (!seat || !this.socket.connected) return null;
    try {
      const ack = (await this.socket.timeout(5000).emitWithAck('join', { gameId: seat.gameId })) as { ok: boolean; seq: number; view: ViewPayload; error?: { code: string } };
      if (!ack.ok) {
        this.ledger.error(`join:${ack.error?.code}`);
        return null;
      }
      if (this.seat?.gameId === seat.gameId) this.onView(seat.gameId, ack.seq, ack.view);
      return { seat, view: ack.view };
    } catch {
      // Which join went unanswered: the round of the table it joined, and whether its connection closed meanwhile
      // (an answer lost with its instance) or stayed open (an instance that did not answer within 5 s).
      this.ledger.error(`join:timeout:round-${seat.round}:${this.socket.connected ? 'connection-open' : 'connection-closed'}`);
      return null;
    }
  }

  private onView(gameId: string, seq: number, view: ViewPayload): void {
    if (gameId !== this.seat?.gameId || seq < this.lastSeq) return;
    if (seq > this.lastSeq) this.lastProgress = Date.now();
    this.lastSeq = seq;
    this.latest = view;
    this.schedule();
  }

  private stalled(): boolean {
    return this.seat !== null && this.seat.round === 1 && this.seat.table === 0 && this.lastSeq >= this.opts.stallAt;
  }

  private myTurn(): boolean {
    const v = this.latest;
    return !!v && v.status === 'playing' && v.view.turn === this.seat?.seat && !this.stalled();
  }

  schedule(): void {
    if (this.stopped || this.acting || this.timer || !this.myTurn()) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.act();
    }, this.opts.thinkMs);
  }

  /** Every second: a table with no news for 3 s (a push lost while Redis was away) is read again. */
  watch(): void {
    if (this.stopped || !this.seat || this.acting || Date.now() - this.lastProgress < 3000) return;
    if (this.latest && this.latest.status !== 'playing') return;
    this.lastProgress = Date.now();
    void this.join();
  }

  private async act(): Promise<void> {
    if (!this.myTurn() || !this.seat) return;
    const seat = this.seat;
    const view = this.latest!.view;
    this.acting = true;
    // The move depends on the view and (player, round, version) only: the same game is played the same way.
    const move: Action = this.bot.decide(view, seedRng(`chaos/${this.userId}/${seat.round}/${view.version}`));
    const requestId = `${this.userId.slice(0, 8)}:${seat.gameId}:${view.version}`;
    const payload = {
      gameId: seat.gameId,
      type: move.type,
      ...('tile' in move && move.tile ? { tile: move.tile } : {}),
      ...('end' in move && move.end ? { end: move.end } : {}),
      version: view.version,
      requestId,
    };
    try {
      for (let attempt = 0; !this.stopped; attempt++) {
        if (attempt > 0) this.ledger.retried++;
        while (!this.socket.connected && !this.stopped) await sleep(50);
        try {
          const ack = (await this.socket.timeout(5000).emitWithAck('action', payload)) as { ok: boolean; seq?: number; view?: ViewPayload; error?: { code: string } };
          if (ack.ok) {
            this.ledger.acked.set(requestId, { gameId: seat.gameId, version: view.version + 1 });
            if (ack.view && ack.seq !== undefined) this.onView(seat.gameId, ack.seq, ack.view);
            break;
          }
          this.ledger.error(`action:${ack.error?.code}`);
          // Refused (the game moved on meanwhile, a limit while Redis was away): read the table again.
          await sleep(200);
          await this.join();
          if (this.lastSeq !== view.version) break;
        } catch {
          this.ledger.error('action:no-answer'); // the instance went away with the move in flight: send it again
        }
      }
    } finally {
      this.acting = false;
    }
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.disconnectedAt !== null) this.ledger.notBack++;
    this.socket.close();
  }
}

/** Runs the reference challenge, then the chaos challenge, and checks them. */
export async function runChaos(opts: ChaosOptions): Promise<ChaosReport> {
  const log = opts.log ?? (() => undefined);
  const redis = new TempRedis(await TempRedis.freePort(), { persistent: true });
  await redis.start();
  log(`private redis-server on ${redis.url} (append-only file: a restart keeps its data, as docker-compose.yml runs it)`);
  // Interrupted (Ctrl-C, SIGTERM), withThrowawayEnv closes the cluster, drops the database and exits: the
  // private redis-server goes with the process then, never left running.
  const onExit = () => redis.removeNow();
  process.once('exit', onExit);
  try {
    return await withThrowawayEnv('chaos', (t) => runIn(opts, redis, t), { ...process.env, REDIS_URL: redis.url }, log);
  } finally {
    process.removeListener('exit', onExit);
    await redis.remove();
  }
}

async function runIn(opts: ChaosOptions, redis: TempRedis, t: { databaseUrl: string; redisUrl: string; queuePrefix: string }): Promise<ChaosReport> {
  const log = opts.log ?? (() => undefined);
  const secret = randomBytes(32).toString('hex');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: t.databaseUrl,
    REDIS_URL: t.redisUrl,
    QUEUE_PREFIX: t.queuePrefix,
    JWT_SECRET: secret,
    LOG_LEVEL: 'error',
    REHEARSAL_SEED: `chaos-${randomBytes(8).toString('hex')}`,
    LIVE_ACTIONS_PER_SECOND: '1000',
    // the post-game review is not what is measured
    REVIEW_SCAN_INTERVAL_MS: '3600000',
  };
  log(`starting ${opts.workers} workers, ${opts.apis} APIs and the proxy`);
  const cluster = await startCluster({ apis: opts.apis, workers: opts.workers, buildDir: opts.buildDir, env, log });
  // Interrupted, the cluster's APIs, workers and nginx are stopped before the database is dropped.
  const forget = closeOnInterrupt(() => cluster.stop());
  const pool = new Pool({ connectionString: t.databaseUrl, max: 4 });
  // An idle connection ended under the pool (the throwaway database dropped after an interrupt) is no error of the run's.
  pool.on('error', () => undefined);
  const queue = new Queue(QUEUES.effects, { connection: { host: '127.0.0.1', port: redis.port, maxRetriesPerRequest: null }, prefix: t.queuePrefix });
  queue.on('error', () => undefined); // while the Redis restarts
  try {
    const { rows: users } = await pool.query<{ id: string }>(
      `INSERT INTO users (id, email, password_hash, display_name, updated_at)
       SELECT gen_random_uuid(), 'chaos' || g || '@chaos.bench', 'bot: no login', 'Chaos ' || g, now() FROM generate_series(1, $1) g RETURNING id`,
      [opts.players],
    );
    const jwt = new JwtService({ secret, signOptions: { algorithm: 'HS256' } });
    const play = (label: string, thinkMs: number, faults: (challengeId: string) => Promise<void>) =>
      playChallenge({ pool, queue, cluster, jwt, users: users.map((u) => u.id), label, thinkMs, opts, log, faults });
    const c = cluster;
    const faults: ChaosReport['faults'] = [];
    let t0 = 0;
    const fault = async (what: string, step: () => Promise<unknown>) => {
      const s = Date.now();
      await step();
      faults.push({ at: s - t0, what, ms: Date.now() - s });
      log(`  ${((s - t0) / 1000).toFixed(1)} s: ${what} (${Date.now() - s} ms)`);
    };
    /** Round 1's hard stop, brought forward once its other tables are decided and the stalled one waits at its version. */
    const hardStop = async (challengeId: string, kill: boolean) => {
      await waitFor(
        pool,
        `SELECT 1 FROM rounds r WHERE r.challenge_id = $1 AND r.number = 1 AND r.status = 'running'
           AND NOT EXISTS (SELECT 1 FROM challenge_tables t WHERE t.round_id = r.id AND t.index > 0 AND t.status <> 'finished')
           AND EXISTS (SELECT 1 FROM challenge_tables t JOIN games g ON g.table_id = t.id WHERE t.round_id = r.id AND t.index = 0 AND g.status = 'playing' AND g.version >= $2)`,
        [challengeId, opts.stallAt],
        opts.completeWithinMs ?? 15 * 60_000,
        'round 1 to wait for its hard stop',
      );
      const { rows: [round] } = await pool.query<{ id: string }>(`UPDATE rounds SET hard_stop_at = now() - interval '1 second' WHERE challenge_id = $1 AND number = 1 RETURNING id`, [challengeId]);
      const job = await queue.getJob(jobIds.hardStop(round.id));
      const bring = async () => {
        if (job && (await job.getState()) === 'delayed') await job.promote();
        else await queue.add(JOBS.roundHardStop, { roundId: round.id }, jobOptions(QUEUES.effects, JOBS.roundHardStop, `${jobIds.hardStop(round.id)}.chaos`, 0));
      };
      if (!kill) return bring();
      await fault('round 1 hard stop due, worker-1 killed (SIGKILL) at once, a new one started', async () => {
        await bring();
        await c.killWorker(0);
      });
    };
    log(`the challenge without faults (${opts.players} players)`);
    const ref = await play('reference', opts.thinkMs.reference, (id) => hardStop(id, false));
    log(`  completed in ${(ref.run.wallMs / 1000).toFixed(1)} s`);

    log(`the same challenge with faults`);
    const chaos = await play('chaos', opts.thinkMs.chaos, async (challengeId) => {
      t0 = Date.now();
      await waitFor(pool, `SELECT 1 FROM rounds WHERE challenge_id = $1 AND number = 1 AND status = 'running'`, [challengeId], 60_000, 'round 1');
      await sleep(1000);
      // Each API in turn, Redis after the first, while the tables play; then the hard stop with a worker killed.
      for (let i = 0; i < c.apis.length; i++) {
        await fault(`api-${i + 1} restarted (SIGTERM, drain, start)`, () => c.restartApi(i));
        if (i === 0) await fault('Redis restarted', () => redis.restart());
        await sleep(500);
      }
      await hardStop(challengeId, true);
    });
    log(`  completed in ${(chaos.run.wallMs / 1000).toFixed(1)} s`);

    // Lost: a move its client saw acknowledged that the game's action log does not hold.
    const stored = await pool.query<{ request_id: string | null; game_id: string; version: number; user_id: string | null }>(
      `SELECT a.request_id, a.game_id, a.version, a.user_id FROM game_actions a JOIN games g ON g.id = a.game_id JOIN challenge_tables t ON t.id = g.table_id WHERE t.challenge_id = $1`,
      [chaos.run.challengeId],
    );
    const byRequest = new Map<string, number>();
    for (const r of stored.rows) if (r.request_id) byRequest.set(r.request_id, (byRequest.get(r.request_id) ?? 0) + 1);
    let lost = 0;
    for (const [requestId, a] of chaos.ledger.acked) {
      const row = stored.rows.find((r) => r.request_id === requestId);
      if (!row || row.game_id !== a.gameId || row.version !== a.version) lost++;
    }
    const duplicated = [...byRequest.values()].filter((n) => n > 1).length;
    const playerMoves = stored.rows.filter((r) => r.user_id !== null);
    const storedNotAcknowledged = playerMoves.filter((r) => !r.request_id || !chaos.ledger.acked.has(r.request_id)).length;

    const audit = async (challengeId: string) =>
      (
        await pool.query<{ entity_id: string; n: string }>(
          `SELECT a.entity_id, count(*) n FROM audit_log a JOIN games g ON g.id::text = a.entity_id JOIN challenge_tables t ON t.id = g.table_id
           WHERE a.action = 'game.hard-stop' AND t.challenge_id = $1 GROUP BY a.entity_id`,
          [challengeId],
        )
      ).rows;
    const stops = await audit(chaos.run.challengeId);
    const refStops = await audit(ref.run.challengeId);
    const differences = compare(ref.run.outcome, chaos.run.outcome);
    const rec = chaos.ledger.reconnections;
    return {
      players: opts.players,
      apis: opts.apis,
      workers: opts.workers,
      reference: ref.run,
      chaos: chaos.run,
      faults,
      moves: { acknowledged: chaos.ledger.acked.size, stored: playerMoves.length, lost, duplicated, storedNotAcknowledged, retried: chaos.ledger.retried },
      reconnections: {
        disconnects: chaos.ledger.disconnects,
        back: rec.length,
        atTheirSeat: chaos.ledger.atTheirSeat,
        betweenTables: chaos.ledger.betweenTables,
        notBack: chaos.ledger.notBack,
        p50Ms: percentile(rec, 50),
        p99Ms: percentile(rec, 99),
        maxMs: rec.length ? Math.max(...rec) : 0,
        over5s: rec.filter((ms) => ms > 5000).length,
        connectedP50Ms: percentile(chaos.ledger.connects, 50),
        connectedP99Ms: percentile(chaos.ledger.connects, 99),
      },
      clientErrors: Object.fromEntries(chaos.ledger.errors),
      hardStops: { games: stops.length, auditEntries: stops.reduce((n, r) => n + Number(r.n), 0), firedOnce: stops.length > 0 && stops.every((r) => Number(r.n) === 1), reference: refStops.length },
      identical: differences.length === 0,
      differences,
    };
  } finally {
    await queue.close().catch(() => undefined);
    await pool.end().catch(() => undefined);
    await cluster.stop();
    forget();
  }
}

async function waitFor(pool: Pool, sql: string, params: unknown[], timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await pool.query(sql, params).catch(() => ({ rowCount: 0 }))).rowCount) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

/** One challenge of `users`, played to completion by bots through the proxy while `faults` runs. */
async function playChallenge(p: {
  pool: Pool;
  queue: Queue;
  cluster: Cluster;
  jwt: JwtService;
  users: string[];
  label: string;
  thinkMs: number;
  opts: ChaosOptions;
  log: (line: string) => void;
  faults: (challengeId: string) => Promise<void>;
}): Promise<{ run: RunResult; ledger: Ledger }> {
  const { pool } = p;
  const client = await pool.connect();
  let challengeId: string;
  try {
    await client.query('BEGIN');
    const { rows: [city] } = await client.query<{ id: string }>(
      `INSERT INTO cities (id, name, slug, time_zone, region, tier, updated_at) VALUES (gen_random_uuid(), $1, $2, 'America/New_York', 'south', 'T2', now()) RETURNING id`,
      [`Chaos ${p.label}`, `chaos-${p.label}-${randomBytes(3).toString('hex')}`],
    );
    const { rows: [ch] } = await client.query<{ id: string }>(
      `INSERT INTO challenges (id, city_id, local_date, starts_at, registration_opens_at, check_in_opens_at, check_in_closes_at, status, prize_pool_cents, prize_split,
         round_seconds, break_seconds, turn_ms, updated_at)
       VALUES (gen_random_uuid(), $1, to_char(now(), 'YYYY-MM-DD'), now(), now(), now(), now(), 'check_in_closed', 100000, '{"first":5000,"second":3000,"thirdFourthEach":1000}'::jsonb,
         3600, 0, 600000, now()) RETURNING id`,
      [city.id],
    );
    challengeId = ch.id;
    await client.query(
      `INSERT INTO registrations (id, challenge_id, user_id, status, position, checked_in_at, updated_at)
       SELECT gen_random_uuid(), $1, u, 'registered', i, now(), now() FROM unnest($2::uuid[]) WITH ORDINALITY AS x(u, i)`,
      [challengeId, p.users],
    );
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }

  const ledger = new Ledger();
  const bots = await Promise.all(
    p.users.map(
      (userId) =>
        new Promise<Bot>((resolve, reject) => {
          const socket = io(`${p.cluster.proxy.url}/live`, {
            transports: ['websocket'],
            rejectUnauthorized: false,
            forceNew: true,
            ...LIVE_RECONNECT, // as the web app reconnects
            auth: { token: p.jwt.sign({ sub: userId, tv: 0 }, { expiresIn: 3600 }) },
          });
          socket.once('connect', () => resolve(new Bot(userId, socket, ledger, { thinkMs: p.thinkMs, stallAt: p.opts.stallAt })));
          socket.once('connect_error', reject);
        }),
    ),
  );
  const byUser = new Map(bots.map((b) => [b.userId, b]));
  const watch = setInterval(() => bots.forEach((b) => b.watch()), 1000);
  const started = Date.now();
  try {
    // 12:00: the challenge's start job (the worker's schedule sweep may queue the same one: one id, one job).
    await p.queue.add(JOBS.challengeStart, { challengeId }, jobOptions(QUEUES.effects, JOBS.challengeStart, jobIds.start(challengeId), 0));
    let failed: Error | null = null;
    const faults = p.faults(challengeId).then(
      () => null,
      (err: Error) => (failed = err),
    );
    let seated = 0;
    // Seat every bot at its table's game as the rounds are seated (read from the database: the test's eyes, not the bots' guide to moves).
    for (;;) {
      const { rows } = await pool.query<{ game_id: string; user_id: string; seat: number; number: number; index: number }>(
        `SELECT g.id game_id, s.user_id, s.seat, r.number, t.index FROM games g JOIN challenge_tables t ON t.id = g.table_id JOIN rounds r ON r.id = t.round_id
         JOIN table_seats s ON s.table_id = t.id WHERE t.challenge_id = $1 AND g.status = 'playing'`,
        [challengeId],
      );
      for (const r of rows) void byUser.get(r.user_id)?.seatAt({ gameId: r.game_id, round: r.number, table: r.index, seat: r.seat });
      // Progress: a slow run (a busy machine) is told apart from a stuck one.
      const round = Math.max(seated, ...rows.map((r) => r.number));
      if (round > seated) p.log(`  ${p.label}: round ${(seated = round)} playing at ${((Date.now() - started) / 1000).toFixed(1)} s`);
      const { rows: [c] } = await pool.query<{ status: string }>(`SELECT status FROM challenges WHERE id = $1`, [challengeId]);
      if (c.status === 'completed') break;
      // A fault step that failed (a wait that timed out) ends the run now, not at the time limit.
      if (failed) throw failed;
      if (c.status === 'cancelled') throw new Error(`the ${p.label} challenge was cancelled`);
      const within = p.opts.completeWithinMs ?? 15 * 60_000;
      if (Date.now() - started > within) throw new Error(`the ${p.label} challenge did not complete in ${Math.round(within / 60_000)} minutes (last round seated: ${seated})`);
      await sleep(250);
    }
    const wallMs = Date.now() - started;
    const err = await faults;
    if (err) throw err;
    return { run: { challengeId, wallMs, outcome: await outcomeOf(pool, challengeId) }, ledger };
  } finally {
    clearInterval(watch);
    for (const b of bots) b.stop();
  }
}

async function outcomeOf(pool: Pool, challengeId: string): Promise<ChallengeOutcome> {
  const { rows: rounds } = await pool.query<{ id: string; number: number; byes: string[] }>(`SELECT id, number, byes FROM rounds WHERE challenge_id = $1 ORDER BY number`, [challengeId]);
  const { rows: tables } = await pool.query<{ round_id: string; index: number; ended_by: string | null; result: unknown; version: number }>(
    `SELECT t.round_id, t.index, t.ended_by, t.result, (SELECT max(g.version) FROM games g WHERE g.table_id = t.id) version FROM challenge_tables t WHERE t.challenge_id = $1 ORDER BY t.index`,
    [challengeId],
  );
  const { rows: placements } = await pool.query<{ user_id: string; placement: string; ranking_points: number; prize_cents: number }>(
    `SELECT user_id, placement, ranking_points, prize_cents FROM placements WHERE challenge_id = $1 ORDER BY user_id`,
    [challengeId],
  );
  return {
    rounds: rounds.map((r) => ({
      round: r.number,
      byes: r.byes,
      tables: tables.filter((t) => t.round_id === r.id).map((t) => ({ index: t.index, endedBy: t.ended_by, version: t.version, result: t.result })),
    })),
    placements: placements.map((x) => ({ userId: x.user_id, placement: x.placement, rankingPoints: x.ranking_points, prizeCents: x.prize_cents })),
  };
}

/** What differs between the two runs' outcomes, table by table and player by player (empty: identical). */
export function compare(a: ChallengeOutcome, b: ChallengeOutcome): string[] {
  const out: string[] = [];
  if (a.rounds.length !== b.rounds.length) out.push(`rounds: ${a.rounds.length} without faults, ${b.rounds.length} with`);
  for (const ra of a.rounds) {
    const rb = b.rounds.find((r) => r.round === ra.round);
    if (!rb) continue;
    if (JSON.stringify(ra.byes) !== JSON.stringify(rb.byes)) out.push(`round ${ra.round}: byes differ`);
    for (const ta of ra.tables) {
      const tb = rb.tables.find((t) => t.index === ta.index);
      if (JSON.stringify(ta) !== JSON.stringify(tb)) out.push(`round ${ra.round} table ${ta.index + 1}: ${JSON.stringify(ta)} without faults, ${JSON.stringify(tb)} with`);
    }
  }
  if (JSON.stringify(a.placements) !== JSON.stringify(b.placements)) {
    const other = new Map(b.placements.map((x) => [x.userId, x]));
    for (const x of a.placements) if (JSON.stringify(x) !== JSON.stringify(other.get(x.userId))) out.push(`placement of ${x.userId}: ${JSON.stringify(x)} without faults, ${JSON.stringify(other.get(x.userId))} with`);
    if (a.placements.length !== b.placements.length) out.push(`placements: ${a.placements.length} without faults, ${b.placements.length} with`);
  }
  return out;
}
