import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { NextFunction, Request, Response, Router } from 'express';

/** Paths the web app never answers: the JSON API, the OpenAPI document, health and socket.io. */
const SERVER_PATHS = ['/api', '/docs', '/docs-json', '/health', '/socket.io'];

const isServerPath = (p: string) => SERVER_PATHS.some((s) => p === s || p.startsWith(`${s}/`));

/**
 * The built web app (`apps/web/dist`, written by `vite build`), found from this file in the
 * sources (apps/api/src) and in the build (dist/apps/api/src); undefined when it was not built.
 */
export function findWebDist(from = __dirname): string | undefined {
  for (const up of ['../../..', '../../../..']) {
    const dir = path.resolve(from, up, 'apps/web/dist');
    if (existsSync(path.join(dir, 'index.html'))) return dir;
  }
  return undefined;
}

/**
 * Serves the web app: hashed files under /assets are immutable (a new build has new names),
 * everything else — index.html above all — is revalidated on every load, so a deploy is
 * picked up at once. A browser navigation (GET asking for HTML) to any other path gets
 * index.html and the app's router takes over; API, docs, health and socket.io paths never do,
 * so an unknown API route is still the JSON 404. Without `sourceMaps` (production) no `.map` file is
 * served: it is the JSON 404 too.
 */
export function webAppRouter(dist: string, opts: { sourceMaps: boolean } = { sourceMaps: true }): Router {
  const index = path.join(dist, 'index.html');
  const noCache = (res: Response) => res.setHeader('Cache-Control', 'no-cache');
  const router = Router();
  router.use((req, _res, next) => (isServerPath(req.path) ? next('router') : next()));
  // Source maps stay on the server in production (apps/web/README.md, "Source maps"): a `.map` is not found there.
  if (!opts.sourceMaps) router.use((req, _res, next) => (req.path.toLowerCase().endsWith('.map') ? next('router') : next()));
  router.use('/assets', express.static(path.join(dist, 'assets'), { immutable: true, maxAge: '1y', index: false }));
  router.use(express.static(dist, { index: false, setHeaders: noCache }));
  router.use((req: Request, res: Response, next: NextFunction) => {
    const navigation = (req.method === 'GET' || req.method === 'HEAD') && (req.headers.accept ?? '').includes('text/html');
    if (!navigation) return next();
    noCache(res);
    res.sendFile(index, (err) => err && next(err));
  });
  return router;
}
