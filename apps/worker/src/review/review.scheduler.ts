import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { AppConfig, JOBS, QUEUES, REVIEW_SCHEDULER_ID } from '@dcs/common';
import { PeriodicJob } from '../common/periodic-job';

/** The periodic review scan (every finished game gets its post-game analysis); first run at start-up. */
@Injectable()
export class ReviewScheduler extends PeriodicJob {
  protected readonly logger = new Logger(ReviewScheduler.name);

  constructor(@InjectQueue(QUEUES.review) queue: Queue, config: AppConfig) {
    super(queue, REVIEW_SCHEDULER_ID, JOBS.reviewScan, () => config.REVIEW_SCAN_INTERVAL_MS, true);
  }
}
