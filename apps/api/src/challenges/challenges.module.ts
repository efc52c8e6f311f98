import { Module } from '@nestjs/common';
import { ChallengeCalendarModule, RegistrationsModule } from '@dcs/tournament';
import { UsersModule } from '../users/users.module';
import { ChallengesController } from './challenges.controller';
import { ChallengesRepository } from './challenges.repository';
import { ChallengesService } from './challenges.service';

@Module({ imports: [UsersModule, ChallengeCalendarModule, RegistrationsModule], controllers: [ChallengesController], providers: [ChallengesService, ChallengesRepository] })
export class ChallengesModule {}
