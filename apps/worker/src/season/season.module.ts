import { Module } from '@nestjs/common';
import { TournamentModule } from '@dcs/tournament';
import { SeasonProcessor } from './season.processor';
import { SeasonRecovery } from './season-recovery';

@Module({ imports: [TournamentModule], providers: [SeasonProcessor, SeasonRecovery] })
export class SeasonModule {}
