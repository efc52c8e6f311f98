import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUES } from '@dcs/common';
import { ChallengeFlowService } from './challenge-flow.service';
import { ChallengeQueue } from './challenge-queue';
import { GameMoveStore } from './game-move.store';
import { GamesRepository } from './games.repository';

/**
 * The running challenge, shared by the API (moves that end a game, tiebreak picks,
 * director acts) and the worker (timers). Needs BullModule.forRoot in the app.
 */
@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.challenge })],
  providers: [ChallengeFlowService, ChallengeQueue, GamesRepository, GameMoveStore],
  exports: [ChallengeFlowService, ChallengeQueue, GamesRepository, GameMoveStore],
})
export class TournamentModule {}
