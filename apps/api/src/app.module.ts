import { DynamicModule, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import { BullModule } from '@nestjs/bullmq';
import { AppConfig, bullConnection, ClockModule, ConfigModule, loggerParams, PrismaModule, RedisModule } from '@dcs/common';
import { AuditModule } from './audit/audit.module';
import { AuthModule } from './auth/auth.module';
import { ChallengesModule } from './challenges/challenges.module';
import { NotificationsModule } from './notifications/notifications.module';
import { CitiesModule } from './cities/cities.module';
import { GamesModule } from './games/games.module';
import { HouseModule } from './house/house.module';
import { HealthModule } from './health/health.module';
import { IntegrityModule } from './integrity/integrity.module';
import { ConductModule } from './conduct/conduct.module';
import { DirectorCallsModule } from './director-calls/director-calls.module';
import { RulesModule } from './rules/rules.module';
import { ApiMetricsModule } from './metrics/api-metrics';
import { LiveModule } from './live/live.module';
import { RankingsModule } from './rankings/rankings.module';
import { SeasonsModule } from './seasons/seasons.module';
import { TablesModule } from './tables/tables.module';
import { TiersModule } from './tiers/tiers.module';
import { TiebreaksModule } from './tiebreaks/tiebreaks.module';
import { UsersModule } from './users/users.module';
import { DeliveryApiModule } from './delivery/delivery.module';
import { CalendarFeedsModule } from './calendar-feeds/calendar-feeds.module';
import { ExportsModule } from './exports/exports.module';
import { HttpCacheInterceptor } from './common/http-cache';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        ClockModule,
        LoggerModule.forRoot(loggerParams(config, 'api')),
        PrismaModule,
        RedisModule,
        BullModule.forRoot({ connection: bullConnection(config.REDIS_URL), prefix: config.QUEUE_PREFIX }),
        AuthModule,
        UsersModule,
        DeliveryApiModule,
        CalendarFeedsModule,
        HealthModule,
        CitiesModule,
        AuditModule,
        GamesModule,
        HouseModule,
        TablesModule,
        TiersModule,
        RankingsModule,
        SeasonsModule,
        ChallengesModule,
        NotificationsModule,
        TiebreaksModule,
        IntegrityModule,
        ConductModule,
        DirectorCallsModule,
        RulesModule,
        ApiMetricsModule,
        LiveModule,
        ExportsModule,
      ],
      // one cache policy for every read (apps/api/src/common/http-cache.ts)
      providers: [{ provide: APP_INTERCEPTOR, useClass: HttpCacheInterceptor }],
    };
  }
}
