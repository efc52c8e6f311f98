import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '@dcs/db';
import { AppConfig } from '../config/app-config';
import { boundedClose } from '../lifecycle/bounded-close';
import { trackedPool } from './tx-connection';

/**
 * The one PrismaClient of a process, through the pg driver adapter (see docs/adr/0001). Disconnected
 * in the last shutdown phase: HTTP requests and worker jobs still running at shutdown (they are
 * stopped in the phases before) keep their database to the end; a client a stuck job still holds
 * does not hold the shutdown (boundedClose).
 */
@Injectable()
export class PrismaService extends PrismaClient implements OnApplicationShutdown {
  constructor(config: AppConfig) {
    // Prisma's defaults (2 s to get a connection, 5 s for the whole transaction) end a flow's step — a table's decide when
    // a round's 128 games end together, a deal under the challenge's lock — on a busy machine rather than on a real fault,
    // and the step is then left to a retry or the recovery sweep. Still bounded, so a stuck transaction cannot hold its locks
    // for long; the seating's longer bound stays its own (SEATING_TX).
    // Its pool is one whose connections txConnection finds (a few megabyte-sized statements go to the transaction's connection directly).
    super({ adapter: new PrismaPg(trackedPool(config.DATABASE_URL), { disposeExternalPool: true }), transactionOptions: { maxWait: 10_000, timeout: 15_000 } });
  }

  async onApplicationShutdown(): Promise<void> {
    await boundedClose('Prisma', () => this.$disconnect(), new Logger(PrismaService.name));
  }
}
