import { Module } from '@nestjs/common';
import { GamesModule } from '../games/games.module';
import { TablesController } from './tables.controller';
import { TablesService } from './tables.service';

@Module({ imports: [GamesModule], controllers: [TablesController], providers: [TablesService] })
export class TablesModule {}
