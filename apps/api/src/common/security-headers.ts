import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

/** A Host header as it may appear in a CSP source (anything else is left out of the policy). */
const HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;
const sameHostSockets = (req: IncomingMessage, _res: ServerResponse): string => {
  const host = req.headers.host ?? '';
  return HOST.test(host) ? `ws://${host} wss://${host}` : '';
};

/**
 * Security headers on every response (helmet), X-Powered-By removed. The Content-Security-Policy
 * fits the single-page web app the API serves from its own origin: scripts, styles, fonts and
 * images from this origin only (images also as data: URLs), media from it and from blob: URLs (a
 * reported voice clip is fetched with the staff's token and played from memory), requests to this origin and its
 * socket.io websocket (ws/wss to the same host: older browsers do not count it as 'self'), no
 * plugins, no framing. Swagger UI at `docsPath` writes its layout in inline <style> blocks, so
 * its pages alone also allow inline styles; its scripts are files, and stay 'self'.
 */
export function securityHeaders(docsPath: string): (req: Request, res: Response, next: NextFunction) => void {
  const directives = {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    connectSrc: ["'self'", sameHostSockets],
    fontSrc: ["'self'", 'data:'],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    imgSrc: ["'self'", 'data:'],
    mediaSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'"],
  };
  const options = { xFrameOptions: { action: 'deny' as const } };
  const app = helmet({ ...options, contentSecurityPolicy: { useDefaults: false, directives } });
  const docs = helmet({ ...options, contentSecurityPolicy: { useDefaults: false, directives: { ...directives, styleSrc: ["'self'", "'unsafe-inline'"] } } });
  return (req, res, next) => (req.path === docsPath || req.path.startsWith(`${docsPath}/`) ? docs : app)(req, res, next);
}
