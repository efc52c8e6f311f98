import { Module } from '@nestjs/common';
import { ChallengeCalendarModule } from '@dcs/tournament';
import { UsersModule } from '../users/users.module';
import { ChallengesController } from './challenges.controller';
import { ChallengesRepository } from './challenges.repository';
import { ChallengesService } from './challenges.service';

@Module({ imports: [UsersModule, ChallengeCalendarModule], controllers: [ChallengesController], providers: [ChallengesService, ChallengesRepository] })
export class ChallengesModule {}
