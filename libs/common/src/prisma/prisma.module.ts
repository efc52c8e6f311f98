import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { createPgPool, PG_POOL, PgPoolCloser } from './pg-pool';
import { PrismaService } from './prisma.service';

@Global()
@Module({
  providers: [PrismaService, { provide: PG_POOL, inject: [AppConfig], useFactory: createPgPool }, PgPoolCloser],
  exports: [PrismaService, PG_POOL],
})
export class PrismaModule {}
