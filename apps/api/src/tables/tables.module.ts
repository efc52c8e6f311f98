import { Module } from '@nestjs/common';
import { GamesModule } from '../games/games.module';
import { TablesController } from './tables.controller';
import { TablesRepository } from './tables.repository';
import { TablesService } from './tables.service';

@Module({ imports: [GamesModule], controllers: [TablesController], providers: [TablesService, TablesRepository] })
export class TablesModule {}
