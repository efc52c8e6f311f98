import { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import type { Server, ServerOptions } from 'socket.io';
import { AppConfig, corsOrigins } from '@dcs/common';
import { coalesceFrames } from './frame-coalescing';

/**
 * socket.io with its in-memory adapter and the same origin rule as HTTP CORS. Rooms span every
 * API instance through our own live protocol on Redis, not through a socket.io adapter: LiveHub
 * delivers to this instance's sockets and hears the others' emits (and the worker's), LiveEmitter
 * publishes (see docs/realtime.md, "Who emits what").
 */
export class LiveIoAdapter extends IoAdapter {
  constructor(
    app: INestApplicationContext,
    private readonly config: AppConfig,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const origins = corsOrigins(this.config);
    const server = super.createIOServer(port, {
      ...options,
      // CORS for the long-polling transport; a websocket is not covered by CORS, so allowRequest checks Origin for both.
      ...(origins.length ? { cors: { origin: origins } } : {}),
      // The heartbeat that notices a connection dead without a word (a lost machine behind the proxy): AppConfig's LiveSettings.
      pingInterval: this.config.LIVE_PING_INTERVAL_MS,
      pingTimeout: this.config.LIVE_PING_TIMEOUT_MS,
      allowRequest: (req, done) => {
        const ok = originAllowed(req.headers.origin, req.headers.host, origins);
        done(ok ? null : 'origin not allowed', ok);
      },
    } as ServerOptions) as Server;
    // One write per socket per callback, not one per frame (see frame-coalescing.ts).
    if (this.config.LIVE_COALESCE_FRAMES) coalesceFrames(server);
    return server;
  }
}

/**
 * Whether a socket.io connection may open: no Origin (not a browser), the API's own origin (the web
 * app it serves), or one listed in CORS_ORIGINS. Other sites' pages are refused, as over HTTP.
 */
export function originAllowed(origin: string | undefined, host: string | undefined, allowed: string[]): boolean {
  if (!origin) return true;
  if (allowed.includes(origin)) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
