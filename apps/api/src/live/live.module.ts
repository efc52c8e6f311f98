import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { AuthGuard } from '../common/auth.guard';
import { GamesModule } from '../games/games.module';
import { UsersModule } from '../users/users.module';
import { LiveGateway } from './live.gateway';

/** Live tables over socket.io (namespace /live). The adapter (RedisIoAdapter) is set in setup.ts. */
@Module({ imports: [AuthModule, UsersModule, GamesModule], providers: [LiveGateway, AuthGuard] })
export class LiveModule {}
