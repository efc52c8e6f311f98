import { Module } from '@nestjs/common';
import { Clock } from '@dcs/common';
import { IntegrityQueriesRepository, IntegrityRepository, PenaltiesRepository, PenaltyEffects, TournamentModule } from '@dcs/tournament';
import { UsersModule } from '../users/users.module';
import { IntegrityBoardController, IntegrityPlayerController } from './integrity.controller';
import { IntegrityService } from './integrity.service';

/** The review board (SPEC 5): cases, decisions and the penalty ladder, appeals, reports. */
@Module({
  imports: [UsersModule, TournamentModule],
  controllers: [IntegrityBoardController, IntegrityPlayerController],
  providers: [IntegrityService, IntegrityRepository, IntegrityQueriesRepository, PenaltyEffects, PenaltiesRepository, Clock],
  exports: [PenaltyEffects, Clock],
})
export class IntegrityModule {}
