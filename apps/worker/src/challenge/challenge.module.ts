import { Module } from '@nestjs/common';
import { TournamentModule } from '@dcs/tournament';
import { ChallengeProcessor } from './challenge.processor';
import { ChallengeRecovery } from './challenge-recovery';

@Module({ imports: [TournamentModule], providers: [ChallengeProcessor, ChallengeRecovery] })
export class ChallengeModule {}
