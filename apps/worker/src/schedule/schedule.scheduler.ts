import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { AppConfig, JOBS, QUEUES, SCHEDULE_SCHEDULER_ID, ScheduleSweepPayload } from '@dcs/common';

/**
 * Registers the periodic schedule sweep (one scheduler id shared by every worker
 * instance) and queues one sweep at start-up, so a worker that was down catches up
 * at once. If Redis is down at boot, it keeps trying in the background.
 */
@Injectable()
export class ScheduleScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger(ScheduleScheduler.name);
  private stopped = false;

  constructor(
    @InjectQueue(QUEUES.schedule) private readonly queue: Queue,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.queue.on('error', () => undefined);
    void this.register(0);
  }

  beforeApplicationShutdown(): void {
    this.stopped = true;
  }

  private async register(attempt: number): Promise<void> {
    if (this.stopped) return;
    try {
      const every = this.config.SCHEDULE_SWEEP_INTERVAL_MS;
      await this.queue.upsertJobScheduler(SCHEDULE_SCHEDULER_ID, { every }, { name: JOBS.scheduleSweep, data: {} });
      // Re-upserting an existing scheduler keeps its next run; this one runs now.
      const startup: ScheduleSweepPayload = {};
      await this.queue.add(JOBS.scheduleSweep, startup, { removeOnComplete: 100, removeOnFail: 100 });
      this.logger.log(`schedule sweep scheduled every ${every} ms`);
    } catch (err) {
      if (attempt === 0) this.logger.warn(`cannot schedule the schedule sweep yet (${(err as Error).message}); retrying`);
      setTimeout(() => void this.register(attempt + 1), Math.min(1000 * (attempt + 1), 5000)).unref();
    }
  }
}
