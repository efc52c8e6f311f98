import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '@dcs/db';
import { AppConfig } from '../config/app-config';

/**
 * The one PrismaClient of a process, through the pg driver adapter (see docs/adr/0001). Disconnected
 * in the last shutdown phase: HTTP requests and worker jobs still running at shutdown (they are
 * stopped in the phases before) keep their database to the end.
 */
@Injectable()
export class PrismaService extends PrismaClient implements OnApplicationShutdown {
  constructor(config: AppConfig) {
    super({ adapter: new PrismaPg({ connectionString: config.DATABASE_URL }) });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.$disconnect();
  }
}
