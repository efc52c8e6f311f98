import { Processor } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { Clock, JOBS, QUEUES } from '@dcs/common';
import { AppealDeadlinesService, type AppealSweepResult } from '@dcs/tournament';
import { ResilientWorkerHost } from '../common/resilient-worker-host';

/** Thin: the appeal reminder and overdue sweeps, as of the injected clock. */
@Processor(QUEUES.integrity)
export class AppealDeadlinesProcessor extends ResilientWorkerHost {
  protected readonly logger = new Logger(AppealDeadlinesProcessor.name);

  constructor(
    private readonly deadlines: AppealDeadlinesService,
    private readonly clock: Clock,
  ) {
    super();
  }

  async process(job: Job): Promise<AppealSweepResult> {
    const now = this.clock.now();
    switch (job.name) {
      case JOBS.appealReminders: {
        const r = await this.deadlines.remind(now);
        if (r.appealIds.length) this.logger.log(`reminded the board of ${r.appealIds.length} appeal(s)`);
        return r;
      }
      case JOBS.appealOverdue: {
        const r = await this.deadlines.markOverdue(now);
        if (r.appealIds.length) this.logger.warn(`${r.appealIds.length} appeal(s) overdue: escalated`);
        return r;
      }
      default:
        throw new Error(`unknown integrity job ${job.name}`);
    }
  }
}
