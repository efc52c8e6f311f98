import { InjectQueue } from '@nestjs/bullmq';
import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { AppConfig, Clock, deliveryJobIds, type DeliverySendPayload, JOBS, jobOptions, QUEUES } from '@dcs/common';
import { type Claimed, DeliveriesRepository } from '@dcs/tournament';

/** A delivery taken this long ago and still `sending` lost its job (Redis flushed, a job removed): queued again. */
const LOST_AFTER_MS = 10 * 60 * 1000;
const BATCH = 500;

/**
 * Every DELIVERY_POLL_MS, each worker takes the deliveries that are due (SKIP LOCKED: never the same row
 * twice) and queues one send job each under the delivery's id and claim; once a minute it takes again, under
 * a new claim, the ones whose job was lost. A database or Redis outage is logged once and retried at the next tick: the game flow never waits on it.
 */
@Injectable()
export class DeliveryPoller implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(DeliveryPoller.name);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private lastLostCheck = 0;
  private failing = false;
  private stopped = false;

  constructor(
    @InjectQueue(QUEUES.delivery) private readonly queue: Queue<DeliverySendPayload>,
    private readonly deliveries: DeliveriesRepository,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    this.queue.on('error', () => undefined);
    this.schedule(0);
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.tick().then(() => undefined).finally(() => {
        this.running = null;
        this.schedule(this.config.DELIVERY_POLL_MS);
      });
    }, ms);
    this.timer.unref();
  }

  /** One poll: what is due now (in batches until none is left), and now and then what was lost. */
  async tick(): Promise<number> {
    let queued = 0;
    try {
      for (;;) {
        const n = await this.deliveries.claimDue(this.clock.now(), BATCH, (claimed) => this.enqueue(claimed));
        queued += n;
        if (n < BATCH || this.stopped) break;
      }
      if (Date.now() - this.lastLostCheck > 60_000) {
        this.lastLostCheck = Date.now();
        const now = this.clock.now();
        await this.deliveries.reclaimStuck(new Date(now.getTime() - LOST_AFTER_MS), now, BATCH, (claimed) => this.enqueue(claimed));
      }
      if (this.failing) this.logger.log('deliveries flow again');
      this.failing = false;
    } catch (err) {
      if (!this.failing) this.logger.warn(`cannot take due deliveries (${(err as Error).message}); retrying`);
      this.failing = true;
    }
    return queued;
  }

  private async enqueue(claimed: Claimed[]): Promise<void> {
    if (!claimed.length) return;
    await this.queue.addBulk(
      claimed.map(({ id, claim }) => ({ name: JOBS.deliverySend, data: { deliveryId: id, claim }, opts: jobOptions(QUEUES.delivery, JOBS.deliverySend, deliveryJobIds.send(id, claim)) })),
    );
  }
}
