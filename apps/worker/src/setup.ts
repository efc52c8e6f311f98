import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { AppConfig } from '@dcs/common';
import { WorkerModule } from './worker.module';

/**
 * Boots the worker (no HTTP): BullMQ processors and @nestjs/schedule jobs. Shutdown lets running jobs finish.
 * `shutdownHooks: false`: as for `createApi`, for a process that owns its signals.
 */
export async function createWorker(config: AppConfig, opts: { shutdownHooks?: boolean } = {}): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  if (opts.shutdownHooks !== false) app.enableShutdownHooks();
  return app;
}
