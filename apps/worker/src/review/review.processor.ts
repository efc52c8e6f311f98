import { InjectQueue, Processor } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { JOBS, jobIds, jobOptions, QUEUES, type ReviewGamePayload } from '@dcs/common';
import { ResilientWorkerHost } from '../common/resilient-worker-host';
import { ReviewService, type ReviewJobResult } from './review.service';

/** Thin: validates the payload and calls the service. Both jobs are idempotent (a review is written once). */
@Processor(QUEUES.review)
export class ReviewProcessor extends ResilientWorkerHost {
  protected readonly logger = new Logger(ReviewProcessor.name);

  constructor(
    private readonly service: ReviewService,
    @InjectQueue(QUEUES.review) private readonly queue: Queue,
  ) {
    super();
  }

  async process(job: Job): Promise<ReviewJobResult | { queued: number }> {
    switch (job.name) {
      case JOBS.reviewGame: {
        const { gameId } = job.data as ReviewGamePayload;
        if (typeof gameId !== 'string' || gameId === '') throw new Error('review-game: gameId missing');
        return this.service.reviewGame(gameId);
      }
      case JOBS.reviewScan: {
        const ids = await this.service.unreviewed(new Date());
        for (const gameId of ids) await this.queue.add(JOBS.reviewGame, { gameId }, jobOptions(QUEUES.review, JOBS.reviewGame, jobIds.reviewGame(gameId)));
        if (ids.length) this.logger.log(`review scan: queued ${ids.length} game(s)`);
        return { queued: ids.length };
      }
      default:
        throw new Error(`unknown review job ${job.name}`);
    }
  }
}
