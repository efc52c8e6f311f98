import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { ThrottlerModule } from '@nestjs/throttler';
import type Redis from 'ioredis';
import { AppConfig, REDIS } from '@dcs/common';
import { AuthGuard } from '../common/auth.guard';
import { UsersModule } from '../users/users.module';
import { SessionCaptureModule } from '../anticheat/session-capture.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { LoginThrottlerGuard } from './login-throttler.guard';
import { RedisThrottlerStorage } from './redis-throttler.storage';

@Module({
  imports: [
    UsersModule,
    SessionCaptureModule,
    JwtModule.registerAsync({
      inject: [AppConfig],
      // Every token this app signs expires (verification refuses one without exp).
      useFactory: (config: AppConfig) => ({
        secret: config.JWT_SECRET,
        signOptions: { algorithm: 'HS256', expiresIn: config.JWT_TTL_SECONDS },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
    ThrottlerModule.forRootAsync({
      inject: [AppConfig, REDIS],
      useFactory: (config: AppConfig, redis: Redis) => ({
        // The only throttled route is login; the name 'default' keeps the standard Retry-After header.
        throttlers: [{ name: 'default', limit: config.LOGIN_RATE_LIMIT, ttl: config.LOGIN_RATE_WINDOW_SECONDS * 1000 }],
        storage: new RedisThrottlerStorage(redis, config),
      }),
    }),
  ],
  controllers: [AuthController],
  providers: [AuthService, LoginThrottlerGuard, { provide: APP_GUARD, useClass: AuthGuard }],
  exports: [JwtModule],
})
export class AuthModule {}
