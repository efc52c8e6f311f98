import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Pool } from 'pg';
import { AppConfig } from '../config/app-config';
import { boundedClose } from '../lifecycle/bounded-close';

export const PG_POOL = Symbol('PG_POOL');

/**
 * A plain node-postgres pool for the few hot paths where Prisma's query compiler costs
 * more than the query (measured: ~60 % of the CPU of a game move). Everything else uses Prisma.
 */
export function createPgPool(config: AppConfig): Pool {
  const pool = new Pool({ connectionString: config.DATABASE_URL, max: 10 });
  pool.on('error', () => undefined); // idle client errors: the pool replaces the client
  return pool;
}

@Injectable()
/** Ends the pool in the last shutdown phase, once requests and jobs have stopped (see PrismaService); bounded (boundedClose). */
export class PgPoolCloser implements OnApplicationShutdown {
  private readonly logger = new Logger('PgPool');
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}
  async onApplicationShutdown(): Promise<void> {
    await boundedClose('database pool', () => this.pool.end(), this.logger);
  }
}
