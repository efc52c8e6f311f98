import { Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import type Redis from 'ioredis';
import { Gauge, type Registry } from 'prom-client';
import { AppConfig, METRICS, METRICS_REDIS, MetricsCoreModule, QUEUES } from '@dcs/common';
import { MetricsRepository } from './metrics.repository';

const STATES = ['waiting', 'active', 'delayed', 'failed', 'completed', 'prioritized', 'waiting-children'] as const;

/**
 * The queues, read from Redis at each scrape (so any worker reports the whole platform's queues): jobs
 * per queue and state, and the lag of each queue's oldest job that is due (waiting, or delayed past its
 * time): for `challenge` that is the turn clocks' and hard stops' lag behind their deadlines.
 */
@Injectable()
export class QueueMetrics implements OnApplicationShutdown {
  private readonly queues: Queue[];

  constructor(
    @Inject(METRICS) registry: Registry,
    config: AppConfig,
    @Inject(METRICS_REDIS) redis: Redis,
    games: MetricsRepository,
  ) {
    new Gauge({
      name: 'dcs_tables_idle',
      help: 'challenge games still playing with no move (no change at all) for at least `over` seconds',
      labelNames: ['over'],
      registers: [registry],
      async collect() {
        const idle = await games.idleTables().catch(() => null);
        if (!idle) return;
        this.set({ over: '60' }, idle.over60);
        this.set({ over: '120' }, idle.over120);
      },
    });
    this.queues = Object.values(QUEUES).map((name) => new Queue(name, { connection: redis, prefix: config.QUEUE_PREFIX }));
    const queues = this.queues;
    new Gauge({
      name: 'dcs_queue_jobs',
      help: 'BullMQ jobs by queue and state (failed: kept failed jobs; a rise is a failure)',
      labelNames: ['queue', 'state'],
      registers: [registry],
      async collect() {
        await Promise.all(
          queues.map(async (q) => {
            const counts = await q.getJobCounts(...STATES).catch(() => null);
            if (counts) for (const s of STATES) this.set({ queue: q.name, state: s }, counts[s] ?? 0);
          }),
        );
      },
    });
    new Gauge({
      name: 'dcs_queue_due_lag_seconds',
      help: 'how late the oldest due job of each queue is (0: none is late); for `challenge`, the turn-clock and hard-stop lag',
      labelNames: ['queue'],
      registers: [registry],
      async collect() {
        const now = Date.now();
        await Promise.all(
          queues.map(async (q) => {
            try {
              const [waiting] = await q.getWaiting(0, 0);
              const [delayed] = await q.getDelayed(0, 0);
              const due = [waiting, delayed].filter((j) => j).map((j) => j.timestamp + (j.delay ?? 0)).filter((t) => t <= now);
              this.set({ queue: q.name }, due.length ? (now - Math.min(...due)) / 1000 : 0);
            } catch {
              /* Redis away: the gauge keeps its last value; dcs_redis_latency_seconds says -1 */
            }
          }),
        );
      },
    });
  }

  async onApplicationShutdown(): Promise<void> {
    // The connection is the metrics' (MetricsCoreModule closes it after this).
    await Promise.allSettled(this.queues.map((q) => q.close()));
  }
}

@Module({ imports: [MetricsCoreModule.forProcess('worker')], providers: [QueueMetrics, MetricsRepository] })
export class WorkerMetricsModule {}
