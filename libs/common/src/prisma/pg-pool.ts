import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Pool } from 'pg';
import { AppConfig } from '../config/app-config';

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
/** Ends the pool in the last shutdown phase, once requests and jobs have stopped (see PrismaService). */
export class PgPoolCloser implements OnApplicationShutdown {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}
  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}
