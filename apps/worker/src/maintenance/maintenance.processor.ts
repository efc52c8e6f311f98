import { Processor } from '@nestjs/bullmq';
import { ResilientWorkerHost } from '../common/resilient-worker-host';
import { Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { JOBS, MaintenanceSweepPayload, QUEUES } from '@dcs/common';
import type { SweepResult } from './maintenance.repository';
import { MaintenanceService } from './maintenance.service';

@Processor(QUEUES.maintenance)
export class MaintenanceProcessor extends ResilientWorkerHost {
  protected readonly logger = new Logger(MaintenanceProcessor.name);

  constructor(private readonly maintenance: MaintenanceService) {
    super();
  }

  async process(job: Job<MaintenanceSweepPayload>): Promise<SweepResult> {
    if (job.name !== JOBS.maintenanceSweep) throw new Error(`unknown maintenance job ${job.name}`);
    const asOf = job.data.requestedAt ? new Date(job.data.requestedAt) : new Date(job.timestamp);
    if (Number.isNaN(asOf.getTime())) throw new Error(`bad requestedAt ${job.data.requestedAt}`);
    const result = await this.maintenance.sweep(job.id ?? `${job.name}:${job.timestamp}`, asOf);
    if (!result.alreadyDone) this.logger.log(`maintenance sweep ${result.jobId}: lifted ${result.liftedSuspensions} suspension(s)`);
    return result;
  }
}
