import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUES } from '@dcs/common';
import { GameReviewRepository, TournamentModule } from '@dcs/tournament';
import { AnalysisPool } from './analysis-pool';
import { ReviewProcessor } from './review.processor';
import { ReviewScheduler } from './review.scheduler';
import { ReviewService } from './review.service';

/** Post-game analysis for the players (issue 24): a review per finished game, and the scan that finds them. */
@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.review }), TournamentModule],
  providers: [AnalysisPool, ReviewProcessor, ReviewScheduler, ReviewService, GameReviewRepository],
  exports: [ReviewService],
})
export class ReviewWorkerModule {}
