import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { JOBS, MaintenanceSweepPayload, QUEUES } from '@dcs/common';
import { MaintenanceRepository, SweepResult } from './maintenance.repository';

@Processor(QUEUES.maintenance)
export class MaintenanceProcessor extends WorkerHost {
  private readonly logger = new Logger(MaintenanceProcessor.name);

  constructor(private readonly repo: MaintenanceRepository) {
    super();
  }

  private redisDown = false;

  /** BullMQ reconnects by itself; log the outage once instead of on every retry. */
  @OnWorkerEvent('error')
  onError(err: Error): void {
    if (!this.redisDown) this.logger.warn(`queue connection problem (${err.message}); retrying`);
    this.redisDown = true;
  }

  @OnWorkerEvent('ready')
  onReady(): void {
    if (this.redisDown) this.logger.log('queue connection restored');
    this.redisDown = false;
  }

  async process(job: Job<MaintenanceSweepPayload>): Promise<SweepResult> {
    if (job.name !== JOBS.maintenanceSweep) throw new Error(`unknown maintenance job ${job.name}`);
    const asOf = job.data.requestedAt ? new Date(job.data.requestedAt) : new Date(job.timestamp);
    if (Number.isNaN(asOf.getTime())) throw new Error(`bad requestedAt ${job.data.requestedAt}`);
    const result = await this.repo.sweep(job.id ?? `${job.name}:${job.timestamp}`, asOf);
    if (!result.alreadyDone) this.logger.log(`maintenance sweep ${result.jobId}: lifted ${result.liftedSuspensions} suspension(s)`);
    return result;
  }
}
