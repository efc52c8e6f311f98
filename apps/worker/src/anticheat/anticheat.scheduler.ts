import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { ANTICHEAT_SCHEDULER_ID, AppConfig, JOBS, QUEUES } from '@dcs/common';
import { PeriodicJob } from '../common/periodic-job';

/** The periodic anti-cheat scan (games the per-game job missed, linked accounts at one table); first run at start-up. */
@Injectable()
export class AnticheatScheduler extends PeriodicJob {
  protected readonly logger = new Logger(AnticheatScheduler.name);

  constructor(@InjectQueue(QUEUES.anticheat) queue: Queue, config: AppConfig) {
    super(queue, ANTICHEAT_SCHEDULER_ID, JOBS.anticheatScan, () => config.ANTICHEAT_SCAN_INTERVAL_MS, true);
  }
}
