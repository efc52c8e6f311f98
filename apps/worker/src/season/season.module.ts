import { Module } from '@nestjs/common';
import { TournamentModule } from '@dcs/tournament';
import { SeasonCloseService } from './season-close.service';
import { SeasonProcessor } from './season.processor';
import { SeasonRecovery } from './season-recovery';
import { SeasonRecoveryRepository } from './season-recovery.repository';

@Module({ imports: [TournamentModule], providers: [SeasonProcessor, SeasonCloseService, SeasonRecovery, SeasonRecoveryRepository] })
export class SeasonModule {}
