import { Module } from '@nestjs/common';
import { GameReviewRepository, TournamentModule } from '@dcs/tournament';
import { GameReviewService } from './game-review.service';
import { GamesController } from './games.controller';
import { GamesService } from './games.service';
import { MyGamesController } from './my-games.controller';
import { MyGamesRepository } from './my-games.repository';
import { MyGamesService } from './my-games.service';
import { MyNextController } from './my-next.controller';
import { MyNextRepository } from './my-next.repository';
import { MyNextService } from './my-next.service';

@Module({ imports: [TournamentModule], controllers: [GamesController, MyGamesController, MyNextController], providers: [GamesService, MyGamesService, MyGamesRepository, MyNextService, MyNextRepository, GameReviewService, GameReviewRepository], exports: [GamesService] })
export class GamesModule {}
