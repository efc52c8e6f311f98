import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { json, raw, type NextFunction, type Request, type Response } from 'express';
import { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { AppConfig, corsOrigins, trustProxySetting } from '@dcs/common';
import { AppModule } from './app.module';
import { AllExceptionsFilter, bodyErrorHandler } from './common/all-exceptions.filter';
import { securityHeaders } from './common/security-headers';
import { buildOpenApiDocument } from './common/openapi';
import { buildAsyncApiDocument } from './live/live.asyncapi';
import { validationPipe } from './common/validation';
import { wellFormedText } from './common/well-formed-text';
import { boundedDepth } from './common/payload-depth';
import { LiveIoAdapter } from './live/live-io.adapter';
import { findWebDist, webAppRouter } from './web-app';

/** The one route whose body is not JSON: a voice clip's bytes. */
const VOICE_CLIP_ROUTE = /^\/api\/reports\/[^/]+\/voice-clip$/;

/** Every JSON route is under this prefix (`/api/cities` …); `/health`, `/docs`, `/docs-json` and socket.io are not. */
export const API_PREFIX = 'api';

/** Builds the API with everything main.ts has (pipes, filter, OpenAPI, shutdown hooks); tests use it too. */
/**
 * `shutdownHooks: false` for a process that owns its signals itself (the simulation closes its apps and drops its database on
 * Ctrl-C): Nest's own hooks would dispose of the same app at the same time and, failing on the second close, exit 1.
 */
export async function createApi(config: AppConfig, opts: { webDist?: string; shutdownHooks?: boolean } = {}): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), { bufferLogs: true, bodyParser: false });
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  app.use(securityHeaders('/docs'));
  // Cross-origin browsers only from CORS_ORIGINS (none by default); socket.io checks the same list (LiveIoAdapter).
  const origins = corsOrigins(config);
  if (origins.length) app.enableCors({ origin: origins, exposedHeaders: ['Retry-After'], maxAge: 600 });
  // Our own JSON parser, so a malformed or oversized body gets the stable error body too.
  // A reported voice clip (POST /api/reports/:id/voice-clip) is audio, not JSON: read as bytes, kept aside (res.locals.voiceClip) so
  // nothing walks it as a body; VoiceReportsService checks its type, size (2 MB: a minute of 16 kHz PCM WAV fits) and length. Past 4 MB the parser refuses it.
  app.use(VOICE_CLIP_ROUTE, raw({ type: () => true, limit: '4mb' }), (req: Request, res: Response, next: NextFunction) => {
    res.locals.voiceClip = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    req.body = {};
    next();
  });
  app.use(json({ limit: '100kb' }));
  app.use(bodyErrorHandler);
  // Before anything walks the body recursively (the text check below, class-transformer, class-validator).
  app.use(boundedDepth);
  app.use(wellFormedText);
  // X-Forwarded-For decides req.ip (rate limits, recorded sessions) only when sent by a configured proxy.
  app.set('trust proxy', trustProxySetting(config));
  // The JSON API lives under /api so the web app can own every other path; health and the
  // OpenAPI document stay at the root (load balancers and tools look for them there).
  app.setGlobalPrefix(API_PREFIX, { exclude: ['health'] });
  // The web app (when built) from `/`; API, docs, health and socket.io paths pass through.
  const webDist = opts.webDist ?? findWebDist();
  if (webDist) app.use(webAppRouter(webDist, { sourceMaps: config.NODE_ENV !== 'production' }));
  app.useGlobalPipes(validationPipe());
  app.useGlobalFilters(new AllExceptionsFilter());
  // socket.io (live tables); its rooms span every API instance through LiveHub and LiveEmitter on Redis.
  app.useWebSocketAdapter(new LiveIoAdapter(app, config));
  if (opts.shutdownHooks !== false) app.enableShutdownHooks();
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
