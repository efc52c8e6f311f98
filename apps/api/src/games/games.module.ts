import { Module } from '@nestjs/common';
import { TournamentModule } from '@dcs/tournament';
import { GamesController } from './games.controller';
import { GamesService } from './games.service';
import { GameEventsPublisher } from '../live/game-events.publisher';

@Module({ imports: [TournamentModule], controllers: [GamesController], providers: [GamesService, GameEventsPublisher], exports: [GamesService, GameEventsPublisher] })
export class GamesModule {}
