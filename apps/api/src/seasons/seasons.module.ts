import { Module } from '@nestjs/common';
import { ChallengeCalendarModule, TournamentModule } from '@dcs/tournament';
import { SeasonsController } from './seasons.controller';
import { SeasonsRepository } from './seasons.repository';
import { SeasonsService } from './seasons.service';

@Module({ imports: [TournamentModule, ChallengeCalendarModule], controllers: [SeasonsController], providers: [SeasonsService, SeasonsRepository] })
export class SeasonsModule {}
