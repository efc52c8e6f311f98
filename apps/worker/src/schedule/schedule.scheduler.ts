import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { AppConfig, JOBS, QUEUES, SCHEDULE_SCHEDULER_ID } from '@dcs/common';
import { PeriodicJob } from '../common/periodic-job';

/** The periodic schedule sweep, also run once at start-up so a worker that was down catches up at once. */
@Injectable()
export class ScheduleScheduler extends PeriodicJob {
  protected readonly logger = new Logger(ScheduleScheduler.name);

  constructor(@InjectQueue(QUEUES.schedule) queue: Queue, config: AppConfig) {
    super(queue, SCHEDULE_SCHEDULER_ID, JOBS.scheduleSweep, () => config.SCHEDULE_SWEEP_INTERVAL_MS, true);
  }
}
