import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { json, type NextFunction, type Request, type Response } from 'express';
import { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { AppConfig } from '@dcs/common';
import { AppModule } from './app.module';
import { AllExceptionsFilter, bodyErrorHandler } from './common/all-exceptions.filter';
import { buildOpenApiDocument } from './common/openapi';
import { buildAsyncApiDocument } from './live/live.asyncapi';
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
  // The socket.io events (AsyncAPI 3), beside the OpenAPI document; registered before the Swagger UI's own /docs routes.
  let asyncApi: Record<string, unknown> | undefined;
  app.use('/docs/asyncapi.json', (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET') return next();
    asyncApi ??= buildAsyncApiDocument(app);
    res.json(asyncApi);
  });
  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app), { jsonDocumentUrl: 'docs-json' });
  return app;
}
