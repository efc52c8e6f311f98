import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUES } from '@dcs/common';
import { ChallengeFlowService } from './challenge-flow.service';
import { ChallengeQueue } from './challenge-queue';
import { GameMoveStore } from './game-move.store';
import { GamesRepository } from './games.repository';
import { TurnClockService } from './turn-clock.service';

/**
 * The running challenge, shared by the API (moves that end a game, tiebreak picks,
 * director acts) and the worker (timers). Needs BullModule.forRoot in the app.
 */
@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.challenge })],
  providers: [ChallengeFlowService, ChallengeQueue, GamesRepository, GameMoveStore, TurnClockService],
  exports: [ChallengeFlowService, ChallengeQueue, GamesRepository, GameMoveStore, TurnClockService],
})
export class TournamentModule {}
