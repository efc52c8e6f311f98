import { Module } from '@nestjs/common';
import { PlayersController, RankingsController } from './rankings.controller';
import { RankingsRepository } from './rankings.repository';
import { RankingsService } from './rankings.service';

@Module({ controllers: [RankingsController, PlayersController], providers: [RankingsService, RankingsRepository] })
export class RankingsModule {}
