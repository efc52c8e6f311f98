import { Processor } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { Clock, JOBS, QUEUES } from '@dcs/common';
import { ResilientWorkerHost } from '../common/resilient-worker-host';
import { AppealDeadlinesRepository, AppealSweepResult } from './appeal-deadlines.repository';

/** Thin: the appeal reminder and overdue sweeps, as of the injected clock. */
@Processor(QUEUES.integrity)
export class AppealDeadlinesProcessor extends ResilientWorkerHost {
  protected readonly logger = new Logger(AppealDeadlinesProcessor.name);

  constructor(
    private readonly repo: AppealDeadlinesRepository,
    private readonly clock: Clock,
  ) {
    super();
  }

  async process(job: Job): Promise<AppealSweepResult> {
    const now = this.clock.now();
    switch (job.name) {
      case JOBS.appealReminders: {
        const r = await this.repo.remind(now);
        if (r.appealIds.length) this.logger.log(`reminded the board of ${r.appealIds.length} appeal(s)`);
        return r;
      }
      case JOBS.appealOverdue: {
        const r = await this.repo.markOverdue(now);
        if (r.appealIds.length) this.logger.warn(`${r.appealIds.length} appeal(s) overdue: escalated`);
        return r;
      }
      default:
        throw new Error(`unknown integrity job ${job.name}`);
    }
  }
}
