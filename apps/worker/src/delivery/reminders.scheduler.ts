import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { AppConfig, JOBS, QUEUES, REMINDER_SWEEP_SCHEDULER_ID } from '@dcs/common';
import { PeriodicJob } from '../common/periodic-job';

/** The reminder sweep, as often as the schedule sweep (which creates the challenges it reminds of), and once at start-up. */
@Injectable()
export class ReminderSweepScheduler extends PeriodicJob {
  protected readonly logger = new Logger(ReminderSweepScheduler.name);

  constructor(@InjectQueue(QUEUES.delivery) queue: Queue, config: AppConfig) {
    super(queue, REMINDER_SWEEP_SCHEDULER_ID, JOBS.reminderSweep, () => config.SCHEDULE_SWEEP_INTERVAL_MS, true);
  }
}
