import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { LoggerModule } from 'nestjs-pino';
import { AppConfig, ConfigModule, loggerParams, PrismaModule } from '@dcs/common';
import { MaintenanceModule } from './maintenance/maintenance.module';

export function bullConnection(url: string) {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    username: u.username || undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0,
    tls: u.protocol === 'rediss:' ? {} : undefined,
    // BullMQ workers block on Redis: never give up a command, reconnect forever.
    maxRetriesPerRequest: null,
    retryStrategy: (attempt: number) => Math.min(attempt * 250, 3000),
  };
}

@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot(loggerParams(config, 'worker')),
        PrismaModule,
        ScheduleModule.forRoot(),
        BullModule.forRoot({ connection: bullConnection(config.REDIS_URL), prefix: config.QUEUE_PREFIX }),
        MaintenanceModule,
      ],
    };
  }
}
