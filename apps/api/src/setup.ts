import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { json } from 'express';
import { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { AppConfig } from '@dcs/common';
import { AppModule } from './app.module';
import { AllExceptionsFilter, bodyErrorHandler } from './common/all-exceptions.filter';
import { buildOpenApiDocument } from './common/openapi';
import { validationPipe } from './common/validation';
import { RedisIoAdapter } from './live/redis-io.adapter';

/** Builds the API with everything main.ts has (pipes, filter, OpenAPI, shutdown hooks); tests use it too. */
export async function createApi(config: AppConfig): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), { bufferLogs: true, bodyParser: false });
  app.useLogger(app.get(Logger));
  // Our own JSON parser, so a malformed or oversized body gets the stable error body too.
  app.use(json({ limit: '100kb' }));
  app.use(bodyErrorHandler);
  app.set('trust proxy', 'loopback');
  app.useGlobalPipes(validationPipe());
  app.useGlobalFilters(new AllExceptionsFilter());
  // socket.io rooms span every API instance through Redis (live tables).
  app.useWebSocketAdapter(new RedisIoAdapter(app, config));
  app.enableShutdownHooks();
  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app), { jsonDocumentUrl: 'docs-json' });
  return app;
}
