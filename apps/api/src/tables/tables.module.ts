import { Module } from '@nestjs/common';
import { TournamentModule } from '@dcs/tournament';
import { GamesModule } from '../games/games.module';
import { TablesController } from './tables.controller';
import { TablesRepository } from './tables.repository';
import { TablesService } from './tables.service';

/** Every /tables route: a table's public view and a director's acts on a table. */
@Module({ imports: [GamesModule, TournamentModule], controllers: [TablesController], providers: [TablesService, TablesRepository] })
export class TablesModule {}
