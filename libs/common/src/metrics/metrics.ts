import { createServer, type Server } from 'node:http';
import { Inject, Injectable, Logger, Module, OnApplicationBootstrap, OnApplicationShutdown, type DynamicModule } from '@nestjs/common';
import type Redis from 'ioredis';
import type { Pool } from 'pg';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { AppConfig } from '../config/app-config';
import { PG_POOL } from '../prisma/pg-pool';
import { PrismaService } from '../prisma/prisma.service';
import { createRedis, REDIS } from '../redis/redis.module';

/** The process's own metrics registry (never prom-client's global one: two apps in one test process stay apart). */
export const METRICS = Symbol('METRICS');
export const METRICS_PROCESS = Symbol('METRICS_PROCESS');
/** The Redis client the metrics use (PING, the queues' counts): the API's shared one, or the worker's own. */
export const METRICS_REDIS = Symbol('METRICS_REDIS');
const METRICS_OWN_REDIS = Symbol('METRICS_OWN_REDIS');

/** Group-commit sizes of the game store (libs/tournament games/game.store.ts reports each batch here). */
const commitListeners = new Set<(size: number) => void>();
export function reportGroupCommit(size: number): void {
  for (const l of commitListeners) l(size);
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref())]);
}

/**
 * What every process measures: Node's own (event-loop lag, heap, GC, CPU), the database (the hot-path
 * pool's connections, a round trip's time at each scrape), Redis (a PING's time at each scrape) and the
 * game store's group-commit sizes. Served on METRICS_HOST:METRICS_PORT (`GET /metrics`), not on the API port.
 */
@Injectable()
export class ProcessMetrics implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  private server: Server | null = null;
  private readonly onCommit: (size: number) => void;

  constructor(
    @Inject(METRICS) readonly registry: Registry,
    @Inject(METRICS_PROCESS) readonly processName: string,
    private readonly config: AppConfig,
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly prisma: PrismaService,
    @Inject(METRICS_REDIS) private readonly redis: Redis,
    @Inject(METRICS_OWN_REDIS) private readonly ownRedis: boolean,
  ) {
    const r = registry;
    r.setDefaultLabels({ process: processName });
    collectDefaultMetrics({ register: r, prefix: 'dcs_' });
    const dbPool = this.pool;
    new Gauge({
      name: 'dcs_db_pool_connections',
      help: 'connections of the hot-path PostgreSQL pool, by state (total, idle, waiting: requests queued for one)',
      labelNames: ['state'],
      registers: [r],
      collect() {
        this.set({ state: 'total' }, dbPool.totalCount);
        this.set({ state: 'idle' }, dbPool.idleCount);
        this.set({ state: 'waiting' }, dbPool.waitingCount);
      },
    });
    const db = this.prisma;
    new Gauge({
      name: 'dcs_db_query_seconds',
      help: 'time of one round trip to PostgreSQL (SELECT 1 through Prisma), measured at each scrape; -1 when it failed',
      registers: [r],
      async collect() {
        const t0 = process.hrtime.bigint();
        try {
          await withTimeout(db.$queryRaw`SELECT 1`, 2000);
          this.set(Number(process.hrtime.bigint() - t0) / 1e9);
        } catch {
          this.set(-1);
        }
      },
    });
    const client = this.redis;
    if (client) {
      new Gauge({
        name: 'dcs_redis_latency_seconds',
        help: 'time of a Redis PING, measured at each scrape; -1 when it failed',
        registers: [r],
        async collect() {
          const t0 = process.hrtime.bigint();
          try {
            await withTimeout(client.ping(), 2000);
            this.set(Number(process.hrtime.bigint() - t0) / 1e9);
          } catch {
            this.set(-1);
          }
        },
      });
    }
    const commits = new Histogram({ name: 'dcs_game_group_commit_size', help: 'moves written per statement by the game store (group commit)', buckets: [1, 2, 4, 8, 16, 32, 64, 128], registers: [r] });
    this.onCommit = (size) => commits.observe(size);
    commitListeners.add(this.onCommit);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.METRICS_PORT) return;
    const server = createServer((req, res) => {
      if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
        res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"code":"NOT_FOUND","message":"GET /metrics"}');
        return;
      }
      this.registry.metrics().then(
        (text) => res.writeHead(200, { 'Content-Type': this.registry.contentType }).end(text),
        (err: Error) => res.writeHead(500, { 'Content-Type': 'text/plain' }).end(err.message),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.config.METRICS_PORT, this.config.METRICS_HOST, () => resolve());
    });
    this.server = server;
    this.logger.log(`metrics on http://${this.config.METRICS_HOST}:${this.config.METRICS_PORT}/metrics`);
  }

  async onApplicationShutdown(): Promise<void> {
    commitListeners.delete(this.onCommit);
    if (this.ownRedis) this.redis.disconnect();
    const s = this.server;
    this.server = null;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }
}

/**
 * `MetricsCoreModule.forProcess('api')`: the registry and ProcessMetrics (global, for the process's own
 * collectors). The API's metrics use its shared Redis client (REDIS); the worker, which has none, gets one
 * of its own, closed at shutdown.
 */
@Module({})
export class MetricsCoreModule {
  static forProcess(name: 'api' | 'worker'): DynamicModule {
    const own = name === 'worker';
    return {
      module: MetricsCoreModule,
      global: true,
      providers: [
        { provide: METRICS, useFactory: () => new Registry() },
        { provide: METRICS_PROCESS, useValue: name },
        { provide: METRICS_OWN_REDIS, useValue: own },
        own
          ? { provide: METRICS_REDIS, inject: [AppConfig], useFactory: (config: AppConfig) => createRedis(config.REDIS_URL, 'metrics') }
          : { provide: METRICS_REDIS, inject: [REDIS], useFactory: (redis: Redis) => redis },
        ProcessMetrics,
      ],
      exports: [METRICS, METRICS_REDIS, ProcessMetrics],
    };
  }
}
