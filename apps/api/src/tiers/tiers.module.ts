import { Module } from '@nestjs/common';
import { TiersController } from './tiers.controller';
import { TiersRepository } from './tiers.repository';
import { TiersService } from './tiers.service';

@Module({ controllers: [TiersController], providers: [TiersService, TiersRepository] })
export class TiersModule {}
