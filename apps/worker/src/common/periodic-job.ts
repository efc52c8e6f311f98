import { Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';

/**
 * Registers a periodic job with BullMQ's job scheduler under one id (so every worker
 * instance upserts the same schedule instead of adding another), optionally runs it once
 * at start-up, and keeps trying in the background while Redis is down instead of crashing.
 */
export abstract class PeriodicJob implements OnApplicationBootstrap {
  protected abstract readonly logger: Logger;
  private stopped = false;

  protected constructor(
    private readonly queue: Queue,
    private readonly schedulerId: string,
    private readonly jobName: string,
    private readonly every: () => number,
    /** Re-upserting an existing scheduler keeps its next run; queue one run now as well. */
    private readonly runAtStart: boolean,
  ) {}

  onApplicationBootstrap(): void {
    this.queue.on('error', () => undefined); // reported by the attempts below
    void this.register(0);
  }

  beforeApplicationShutdown(): void {
    this.stopped = true;
  }

  private async register(attempt: number): Promise<void> {
    if (this.stopped) return;
    try {
      const every = this.every();
      await this.queue.upsertJobScheduler(this.schedulerId, { every }, { name: this.jobName, data: {} });
      if (this.runAtStart) await this.queue.add(this.jobName, {}, { removeOnComplete: 100, removeOnFail: 100 });
      this.logger.log(`${this.jobName} scheduled every ${every} ms`);
    } catch (err) {
      if (attempt === 0) this.logger.warn(`cannot schedule ${this.jobName} yet (${(err as Error).message}); retrying`);
      setTimeout(() => void this.register(attempt + 1), Math.min(1000 * (attempt + 1), 5000)).unref();
    }
  }
}
