import { Processor } from '@nestjs/bullmq';
import { ResilientWorkerHost } from '../common/resilient-worker-host';
import { Logger } from '@nestjs/common';
import { DelayedError, Job } from 'bullmq';
import { ChallengeTransitionPayload, JOBS, QUEUES, ScheduleSweepPayload } from '@dcs/common';
import { ScheduleService, ScheduleSweepResult, TransitionResult } from './schedule.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TARGETS = new Set<string>(['registration_open', 'check_in_open', 'check_in_closed']);

/** The weekly calendar's jobs: the periodic sweep and the registration / check-in transitions. */
@Processor(QUEUES.schedule, { concurrency: 4 })
export class ScheduleProcessor extends ResilientWorkerHost {
  protected readonly logger = new Logger(ScheduleProcessor.name);

  constructor(private readonly service: ScheduleService) {
    super();
  }

  async process(job: Job, token?: string): Promise<ScheduleSweepResult | TransitionResult> {
    switch (job.name) {
      case JOBS.scheduleSweep:
        return this.sweep(job as Job<ScheduleSweepPayload>);
      case JOBS.challengeTransition:
        return this.transition(job as Job<ChallengeTransitionPayload>, token);
      default:
        throw new Error(`unknown schedule job ${job.name}`);
    }
  }

  private async sweep(job: Job<ScheduleSweepPayload>): Promise<ScheduleSweepResult> {
    const asOf = job.data?.requestedAt ? new Date(job.data.requestedAt) : new Date();
    if (Number.isNaN(asOf.getTime())) throw new Error(`bad requestedAt ${job.data.requestedAt}`);
    const result = await this.service.sweep(asOf);
    if (result.created || result.queued || result.retried) {
      this.logger.log(`schedule sweep: ${result.created} challenge(s) created, ${result.queued} timer(s) queued, ${result.retried} retried`);
    }
    return result;
  }

  private async transition(job: Job<ChallengeTransitionPayload>, token?: string): Promise<TransitionResult> {
    const { challengeId, to } = job.data ?? ({} as ChallengeTransitionPayload);
    if (typeof challengeId !== 'string' || !UUID.test(challengeId) || !TARGETS.has(to)) {
      throw new Error(`bad transition payload ${JSON.stringify(job.data)}`);
    }
    const result = await this.service.transition({ challengeId, to }, new Date(), job.id ?? `${job.name}:${job.timestamp}`);
    if ('notDueUntil' in result) {
      // Run too early (queued by hand, or a clock step): back to the delayed set until it is due.
      await job.moveToDelayed(result.notDueUntil.getTime(), token);
      throw new DelayedError();
    }
    return result;
  }
}
