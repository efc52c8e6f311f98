import { Module } from '@nestjs/common';
import { TournamentModule } from '@dcs/tournament';
import { GamesController } from './games.controller';
import { GamesService } from './games.service';

@Module({ imports: [TournamentModule], controllers: [GamesController], providers: [GamesService], exports: [GamesService] })
export class GamesModule {}
