import { Module } from '@nestjs/common';
import { ExportsRepository, TournamentModule } from '@dcs/tournament';
import { RankingsModule } from '../rankings/rankings.module';
import { ExportsController } from './exports.controller';
import { ExportsService } from './exports.service';

@Module({ imports: [TournamentModule, RankingsModule], controllers: [ExportsController], providers: [ExportsService, ExportsRepository] })
export class ExportsModule {}
