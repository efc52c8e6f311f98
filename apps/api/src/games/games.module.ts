import { Module } from '@nestjs/common';
import { TournamentModule } from '@dcs/tournament';
import { GamesController } from './games.controller';
import { GamesService } from './games.service';
import { MyGamesController } from './my-games.controller';
import { MyGamesRepository } from './my-games.repository';
import { MyGamesService } from './my-games.service';

@Module({ imports: [TournamentModule], controllers: [GamesController, MyGamesController], providers: [GamesService, MyGamesService, MyGamesRepository], exports: [GamesService] })
export class GamesModule {}
