import { Module } from '@nestjs/common';
import { ChallengeCalendarModule, RegistrationsModule, TournamentModule } from '@dcs/tournament';
import { UsersModule } from '../users/users.module';
import { BracketRepository } from './bracket.repository';
import { BracketService } from './bracket.service';
import { ChallengesController } from './challenges.controller';
import { ChallengesRepository } from './challenges.repository';
import { ChallengesService } from './challenges.service';

/** Every /challenges route (and /cities/:id/challenges): calendar, registrations, the bracket and a director's acts on a challenge. */
@Module({
  imports: [UsersModule, ChallengeCalendarModule, RegistrationsModule, TournamentModule],
  controllers: [ChallengesController],
  providers: [ChallengesService, ChallengesRepository, BracketService, BracketRepository],
})
export class ChallengesModule {}
