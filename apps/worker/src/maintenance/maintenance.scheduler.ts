import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { AppConfig, JOBS, MAINTENANCE_SCHEDULER_ID, QUEUES } from '@dcs/common';
import { PeriodicJob } from '../common/periodic-job';

/** The periodic maintenance sweep (lifts ended suspensions); its first run is at once. */
@Injectable()
export class MaintenanceScheduler extends PeriodicJob {
  protected readonly logger = new Logger(MaintenanceScheduler.name);

  constructor(@InjectQueue(QUEUES.maintenance) queue: Queue, config: AppConfig) {
    super(queue, MAINTENANCE_SCHEDULER_ID, JOBS.maintenanceSweep, () => config.MAINTENANCE_INTERVAL_MS, false);
  }
}
