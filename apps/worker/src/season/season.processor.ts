import { Processor } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { JOBS, QUEUES, SeasonClosePayload } from '@dcs/common';
import { ResilientWorkerHost } from '../common/resilient-worker-host';
import { SeasonCloseService } from './season-close.service';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The season close after its last challenge (idempotent: closing a closed season changes nothing). */
@Processor(QUEUES.season, { concurrency: 2 })
export class SeasonProcessor extends ResilientWorkerHost {
  protected readonly logger = new Logger(SeasonProcessor.name);

  constructor(private readonly seasons: SeasonCloseService) {
    super();
  }

  async process(job: Job<SeasonClosePayload>): Promise<unknown> {
    if (job.name !== JOBS.seasonClose) throw new Error(`unknown season job ${job.name}`);
    const seasonId = job.data?.seasonId;
    if (typeof seasonId !== 'string' || !uuid.test(seasonId)) throw new Error('payload.seasonId must be a UUID');
    return this.seasons.close(seasonId);
  }
}
