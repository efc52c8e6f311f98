import { Module } from '@nestjs/common';
import { GameReviewRepository, TournamentModule } from '@dcs/tournament';
import { PlayersController, RankingsController } from './rankings.controller';
import { RankingsRepository } from './rankings.repository';
import { RankingsService } from './rankings.service';

@Module({ imports: [TournamentModule], controllers: [RankingsController, PlayersController], providers: [RankingsService, RankingsRepository, GameReviewRepository], exports: [RankingsService] })
export class RankingsModule {}
