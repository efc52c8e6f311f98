import { Module } from '@nestjs/common';
import { ChallengeCalendarModule } from '@dcs/tournament';
import { CitiesController } from './cities.controller';
import { CitiesRepository } from './cities.repository';
import { CitiesService } from './cities.service';

@Module({ imports: [ChallengeCalendarModule], controllers: [CitiesController], providers: [CitiesService, CitiesRepository], exports: [CitiesRepository] })
export class CitiesModule {}
