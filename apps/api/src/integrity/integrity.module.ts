import { Module } from '@nestjs/common';
import { Clock } from '@dcs/common';
import { TournamentModule } from '@dcs/tournament';
import { UsersModule } from '../users/users.module';
import { IntegrityBoardController, IntegrityPlayerController } from './integrity.controller';
import { IntegrityRepository } from './integrity.repository';
import { IntegrityService } from './integrity.service';
import { PenaltyEffects } from './penalty-effects.service';
import { PenaltiesRepository } from './penalties.repository';

/** The review board (SPEC 5): cases, decisions and the penalty ladder, appeals, reports. */
@Module({
  imports: [UsersModule, TournamentModule],
  controllers: [IntegrityBoardController, IntegrityPlayerController],
  providers: [IntegrityService, IntegrityRepository, PenaltyEffects, PenaltiesRepository, Clock],
  exports: [PenaltyEffects, Clock],
})
export class IntegrityModule {}
