import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import express, { NextFunction, Request, Response, Router } from 'express';

/** Paths the web app never answers: the JSON API, the OpenAPI document, health and socket.io. */
const SERVER_PATHS = ['/api', '/docs', '/docs-json', '/health', '/socket.io'];

const isServerPath = (p: string) => SERVER_PATHS.some((s) => p === s || p.startsWith(`${s}/`));

/** Text files the build writes `.br` and `.gz` copies of (apps/web/vite.config.mts, `precompress`). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/i;
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/**
 * The content codings an Accept-Encoding header allows, in our order of preference (br, then gzip): a coding
 * named with q=0 is refused, `*` allows whatever is not named. No header: identity only (RFC 9110 12.5.3 lets
 * us choose, and a client that sends none may not decode).
 */
export function acceptedEncodings(header: string | undefined): ('br' | 'gzip')[] {
  if (!header) return [];
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(token, Number.isFinite(value) ? value : 0);
  }
  const allowed = (name: string) => (q.has(name) ? (q.get(name) ?? 0) > 0 : (q.get('*') ?? 0) > 0);
  return ENCODINGS.map((e) => e.name).filter(allowed);
}

/** The path of a request as the static middleware will read it (percent-decoded); undefined when it does not decode. */
function decodedPath(p: string): string | undefined {
  try {
    return decodeURIComponent(p);
  } catch {
    return undefined;
  }
}

/**
 * Every file of the build, listed once when the router is made (a build never changes under a running server:
 * a deploy starts new processes), so a request costs no file-system call to find a file or its compressed copies.
 */
function filesOf(dist: string): Set<string> {
  const entries = readdirSync(dist, { recursive: true, withFileTypes: true });
  return new Set(entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)));
}

/**
 * Sends a file of the app, or its precompressed copy when the browser accepts it (brotli first, then gzip), with
 * `Vary: Accept-Encoding` on every compressible file so a shared cache never hands a brotli body to a client that
 * asked for none. The copy carries the original's type and the cache policy given.
 */
function sendAppFile(req: Request, res: Response, next: NextFunction, files: Set<string>, file: string, cacheControl: string): void {
  const headers: Record<string, string> = { 'Cache-Control': cacheControl };
  if (COMPRESSIBLE.test(file)) {
    headers.Vary = 'Accept-Encoding';
    for (const name of acceptedEncodings(req.headers['accept-encoding'])) {
      const suffix = ENCODINGS.find((e) => e.name === name)?.suffix ?? '';
      if (!files.has(file + suffix)) continue;
      res.type(path.extname(file));
      res.sendFile(file + suffix, { headers: { ...headers, 'Content-Encoding': name }, cacheControl: false }, (err) => err && next(err));
      return;
    }
  }
  res.sendFile(file, { headers, cacheControl: false }, (err) => err && next(err));
}

/**
 * A request for a compressible file the app holds, answered by sendAppFile; anything else (no such file, a
 * folder, a path outside the build) goes on to express.static and the navigation fallback.
 */
function precompressed(root: string, files: Set<string>, cacheControl: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !COMPRESSIBLE.test(req.path)) return next();
    const rel = decodedPath(req.path);
    if (rel === undefined || rel.includes('\0')) return next();
    const file = path.join(root, path.normalize(rel));
    if (!file.startsWith(root + path.sep) || !files.has(file)) return next();
    sendAppFile(req, res, next, files, file, cacheControl);
  };
}

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
 * so an unknown API route is still the JSON 404. Text files are sent precompressed (brotli or gzip, written
 * by the build) when the browser accepts it, with `Vary: Accept-Encoding`. Without `sourceMaps` (production) no `.map` file is
 * served: it is the JSON 404 too.
 */
export function webAppRouter(dist: string, opts: { sourceMaps: boolean } = { sourceMaps: true }): Router {
  const index = path.join(dist, 'index.html');
  const files = filesOf(dist);
  const noCache = (res: Response) => res.setHeader('Cache-Control', 'no-cache');
  const router = Router();
  router.use((req, _res, next) => (isServerPath(req.path) ? next('router') : next()));
  // Source maps stay on the server in production (apps/web/README.md, "Source maps"): a `.map` is not found there.
  // The decoded path, as express.static reads it: `/assets/x.js%2emap` is x.js.map too; a path that does not decode is refused.
  if (!opts.sourceMaps) router.use((req, _res, next) => ((decodedPath(req.path) ?? '.map').toLowerCase().endsWith('.map') ? next('router') : next()));
  const assets = path.join(dist, 'assets');
  router.use('/assets', precompressed(assets, files, 'public, max-age=31536000, immutable'));
  router.use('/assets', express.static(path.join(dist, 'assets'), { immutable: true, maxAge: '1y', index: false }));
  router.use(precompressed(dist, files, 'no-cache'));
  router.use(express.static(dist, { index: false, setHeaders: noCache }));
  router.use((req: Request, res: Response, next: NextFunction) => {
    const navigation = (req.method === 'GET' || req.method === 'HEAD') && (req.headers.accept ?? '').includes('text/html');
    if (!navigation) return next();
    sendAppFile(req, res, next, files, index, 'no-cache');
  });
  return router;
}
