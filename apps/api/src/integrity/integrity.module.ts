import { Module } from '@nestjs/common';
import { IntegrityQueriesRepository, IntegrityRepository, PenaltiesRepository, PenaltyEffects, TournamentModule } from '@dcs/tournament';
import { UsersModule } from '../users/users.module';
import { IntegrityBoardController, IntegrityPlayerController } from './integrity.controller';
import { IntegrityService } from './integrity.service';

/** The review board (SPEC 5): cases, decisions and the penalty ladder, appeals, reports. */
@Module({
  imports: [UsersModule, TournamentModule],
  controllers: [IntegrityBoardController, IntegrityPlayerController],
  providers: [IntegrityService, IntegrityRepository, IntegrityQueriesRepository, PenaltyEffects, PenaltiesRepository],
  exports: [PenaltyEffects],
})
export class IntegrityModule {}
