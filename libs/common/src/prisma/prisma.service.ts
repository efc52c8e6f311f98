import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '@dcs/db';
import { AppConfig } from '../config/app-config';
import { boundedClose } from '../lifecycle/bounded-close';

/**
 * The one PrismaClient of a process, through the pg driver adapter (see docs/adr/0001). Disconnected
 * in the last shutdown phase: HTTP requests and worker jobs still running at shutdown (they are
 * stopped in the phases before) keep their database to the end; a client a stuck job still holds
 * does not hold the shutdown (boundedClose).
 */
@Injectable()
export class PrismaService extends PrismaClient implements OnApplicationShutdown {
  constructor(config: AppConfig) {
    super({ adapter: new PrismaPg({ connectionString: config.DATABASE_URL }) });
  }

  async onApplicationShutdown(): Promise<void> {
    await boundedClose('Prisma', () => this.$disconnect(), new Logger(PrismaService.name));
  }
}
