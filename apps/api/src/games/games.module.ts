import { Module } from '@nestjs/common';
import { GameReviewRepository, TournamentModule } from '@dcs/tournament';
import { GameReviewService } from './game-review.service';
import { GamesController } from './games.controller';
import { GamesService } from './games.service';
import { MyGamesController } from './my-games.controller';
import { MyGamesRepository } from './my-games.repository';
import { MyGamesService } from './my-games.service';

@Module({ imports: [TournamentModule], controllers: [GamesController, MyGamesController], providers: [GamesService, MyGamesService, MyGamesRepository, GameReviewService, GameReviewRepository], exports: [GamesService] })
export class GamesModule {}
