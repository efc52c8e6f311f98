import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { AppConfig, JOBS, MAINTENANCE_SCHEDULER_ID, QUEUES } from '@dcs/common';

/**
 * Registers the periodic sweep with BullMQ's job scheduler (one scheduler id, so
 * every worker instance upserts the same schedule instead of adding another).
 * If Redis is down at boot, it keeps trying in the background instead of crashing.
 */
@Injectable()
export class MaintenanceScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger(MaintenanceScheduler.name);
  private stopped = false;

  constructor(
    @InjectQueue(QUEUES.maintenance) private readonly queue: Queue,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    // The queue reconnects by itself; its errors are reported by the attempts below.
    this.queue.on('error', () => undefined);
    void this.register(0);
  }

  beforeApplicationShutdown(): void {
    this.stopped = true;
  }

  private async register(attempt: number): Promise<void> {
    if (this.stopped) return;
    try {
      await this.queue.upsertJobScheduler(
        MAINTENANCE_SCHEDULER_ID,
        { every: this.config.MAINTENANCE_INTERVAL_MS },
        { name: JOBS.maintenanceSweep, data: {} },
      );
      this.logger.log(`maintenance sweep scheduled every ${this.config.MAINTENANCE_INTERVAL_MS} ms`);
    } catch (err) {
      if (attempt === 0) this.logger.warn(`cannot schedule the maintenance sweep yet (${(err as Error).message}); retrying`);
      setTimeout(() => void this.register(attempt + 1), Math.min(1000 * (attempt + 1), 5000)).unref();
    }
  }
}
