import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { APPEAL_OVERDUE_SCHEDULER_ID, APPEAL_REMINDERS_SCHEDULER_ID, AppConfig, JOBS, QUEUES } from '@dcs/common';
import { PeriodicJob } from '../common/periodic-job';

/** The periodic appeal reminder sweep (first run at start-up). */
@Injectable()
export class AppealRemindersScheduler extends PeriodicJob {
  protected readonly logger = new Logger(AppealRemindersScheduler.name);

  constructor(@InjectQueue(QUEUES.integrity) queue: Queue, config: AppConfig) {
    super(queue, APPEAL_REMINDERS_SCHEDULER_ID, JOBS.appealReminders, () => config.APPEAL_SWEEP_INTERVAL_MS, true);
  }
}

/** The periodic overdue sweep (first run at start-up). */
@Injectable()
export class AppealOverdueScheduler extends PeriodicJob {
  protected readonly logger = new Logger(AppealOverdueScheduler.name);

  constructor(@InjectQueue(QUEUES.integrity) queue: Queue, config: AppConfig) {
    super(queue, APPEAL_OVERDUE_SCHEDULER_ID, JOBS.appealOverdue, () => config.APPEAL_SWEEP_INTERVAL_MS, true);
  }
}
