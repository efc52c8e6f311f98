import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { LoggerModule } from 'nestjs-pino';
import { AppConfig, bullConnection, ClockModule, ConfigModule, loggerParams, PrismaModule } from '@dcs/common';
import { AnticheatWorkerModule } from './anticheat/anticheat.module';
import { EffectsModule } from './effects/effects.module';
import { MaintenanceModule } from './maintenance/maintenance.module';
import { IntegrityWorkerModule } from './integrity/integrity.module';
import { CalendarModule } from './schedule/schedule.module';
import { WorkerMetricsModule } from './metrics/worker-metrics';
import { SeasonModule } from './season/season.module';
import { ReviewWorkerModule } from './review/review.module';
import { DeliveryWorkerModule } from './delivery/delivery.module';

@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ConfigModule.forRoot(config),
        ClockModule,
        LoggerModule.forRoot(loggerParams(config, 'worker')),
        PrismaModule,
        ScheduleModule.forRoot(),
        BullModule.forRoot({ connection: bullConnection(config.REDIS_URL), prefix: config.QUEUE_PREFIX }),
        MaintenanceModule,
        IntegrityWorkerModule,
        CalendarModule,
        EffectsModule,
        SeasonModule,
        AnticheatWorkerModule,
        ReviewWorkerModule,
        WorkerMetricsModule,
        DeliveryWorkerModule,
      ],
    };
  }
}
