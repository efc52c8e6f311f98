import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { AppConfig } from '@dcs/common';

/**
 * The API's drain on SIGTERM (and on any `app.close()`), before Nest closes socket.io and the rest:
 *
 * 1. `draining` is set: `/health` answers 503 (`UNHEALTHY`, `draining: true`), so a load balancer with
 *    active checks (Docker, Kubernetes, an nginx Plus or Caddy health check) takes the instance out;
 *    every HTTP response from now on says `Connection: close`, so no keep-alive connection is reused.
 * 2. For SHUTDOWN_DRAIN_MS the instance still serves what reaches it (the checks' interval).
 * 3. The listener closes: a new connection is refused, which the proxy (deploy/nginx.conf.template,
 *    passive health) turns into a retry on another instance — safe for any method, nothing was sent.
 *    Requests in flight finish; idle keep-alive connections are closed.
 * 4. Nest then closes socket.io: each socket's transport closes ("transport close" on the client),
 *    the client reconnects through the proxy, lands on another instance and joins its table again.
 */
@Injectable()
export class DrainService implements BeforeApplicationShutdown {
  private readonly logger = new Logger(DrainService.name);
  private drainingSince: number | null = null;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly config: AppConfig,
  ) {}

  get draining(): boolean {
    return this.drainingSince !== null;
  }

  async beforeApplicationShutdown(signal?: string): Promise<void> {
    if (this.draining) return;
    this.drainingSince = Date.now();
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    const wait = this.config.SHUTDOWN_DRAIN_MS;
    // Ahead of Express: every response from now on closes its connection.
    server?.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
      if (!res.headersSent) res.setHeader('Connection', 'close');
    });
    this.logger.log(`${signal ?? 'close'}: draining (health says so${wait ? `, still serving for ${wait} ms` : ''}), then refusing new connections`);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    if (server?.listening) {
      // Stop accepting; the callback (all connections ended) is Nest's to wait for, after socket.io closes.
      server.close();
      server.closeIdleConnections();
    }
  }
}
