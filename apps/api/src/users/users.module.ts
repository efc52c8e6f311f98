import { Module } from '@nestjs/common';
import { LiveEmitterModule } from '@dcs/tournament';
import { UsersController } from './users.controller';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

@Module({ imports: [LiveEmitterModule], controllers: [UsersController], providers: [UsersService, UsersRepository], exports: [UsersRepository] })
export class UsersModule {}
