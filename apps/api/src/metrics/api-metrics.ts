import { Inject, Injectable, Module, OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { OnGatewayConnection, OnGatewayInit, WebSocketGateway } from '@nestjs/websockets';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { METRICS, MetricsCoreModule } from '@dcs/common';
import { LIVE_NAMESPACE } from '@dcs/tournament';
import type { Namespace, Socket } from 'socket.io';

/** Socket events that are game actions (acknowledged): counted and timed from arrival to acknowledgement. */
const ACTION_EVENTS = new Set(['action', 'tiebreak:pick']);

/**
 * The API's own metrics: HTTP latency by route (Express's matched route pattern, `unmatched` for the
 * web app's files and 404s), socket.io connections and rooms, game actions per second and their
 * acknowledgement latency (every `action` and `tiebreak:pick`, ok or refused).
 */
@Injectable()
export class ApiMetrics implements OnApplicationBootstrap {
  readonly http: Histogram<'method' | 'route' | 'status'>;
  readonly actions: Counter<'event' | 'outcome'>;
  readonly ack: Histogram<'event'>;
  nsp: Namespace | null = null;

  constructor(
    @Inject(METRICS) registry: Registry,
    private readonly adapterHost: HttpAdapterHost,
  ) {
    this.http = new Histogram({ name: 'dcs_http_request_duration_seconds', help: 'HTTP requests by method, route pattern and status', labelNames: ['method', 'route', 'status'], buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5], registers: [registry] });
    this.actions = new Counter({ name: 'dcs_game_actions_total', help: 'game actions received over the live sockets, by event and outcome (ok, refused)', labelNames: ['event', 'outcome'], registers: [registry] });
    this.ack = new Histogram({ name: 'dcs_game_action_ack_seconds', help: 'time from a game action\'s arrival to its acknowledgement', labelNames: ['event'], buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5], registers: [registry] });
    const nsp = () => this.nsp;
    new Gauge({
      name: 'dcs_socket_connections',
      help: 'live sockets connected to this instance',
      registers: [registry],
      collect() {
        this.set(nsp()?.sockets.size ?? 0);
      },
    });
    new Gauge({
      name: 'dcs_socket_rooms',
      help: 'socket.io rooms of this instance by kind (user, game, challenge; a socket\'s own id room excluded)',
      labelNames: ['kind'],
      registers: [registry],
      collect() {
        const counts = new Map<string, number>([['user', 0], ['game', 0], ['challenge', 0]]);
        for (const room of nsp()?.adapter.rooms.keys() ?? []) {
          const kind = room.split(':')[0];
          if (counts.has(kind)) counts.set(kind, counts.get(kind)! + 1);
        }
        for (const [kind, n] of counts) this.set({ kind }, n);
      },
    });
  }

  onApplicationBootstrap(): void {
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    server?.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
      const t0 = process.hrtime.bigint();
      res.once('finish', () => {
        const r = req as IncomingMessage & { route?: { path?: string }; baseUrl?: string };
        const route = r.route?.path ? `${r.baseUrl ?? ''}${r.route.path}` : 'unmatched';
        this.http.observe({ method: req.method ?? 'GET', route, status: String(res.statusCode) }, Number(process.hrtime.bigint() - t0) / 1e9);
      });
    });
  }

  /** Wraps a socket's action acknowledgements to time them (a packet middleware: the gateway's handlers stay as they are). */
  watch(socket: Socket): void {
    socket.use((packet, next) => {
      const [event] = packet as [string, ...unknown[]];
      const last = packet.length - 1;
      const ack = packet[last];
      if (ACTION_EVENTS.has(event) && typeof ack === 'function') {
        const t0 = process.hrtime.bigint();
        packet[last] = (answer: { ok?: boolean }, ...rest: unknown[]) => {
          this.ack.observe({ event }, Number(process.hrtime.bigint() - t0) / 1e9);
          this.actions.inc({ event, outcome: answer && answer.ok === false ? 'refused' : 'ok' });
          (ack as (...a: unknown[]) => void)(answer, ...rest);
        };
      }
      next();
    });
  }
}

/** A second gateway on the live namespace, only to see its server and each connection (LiveGateway does the work). */
@WebSocketGateway({ namespace: LIVE_NAMESPACE })
export class MetricsGateway implements OnGatewayInit, OnGatewayConnection {
  constructor(private readonly metrics: ApiMetrics) {}
  afterInit(nsp: Namespace): void {
    this.metrics.nsp = nsp;
  }
  handleConnection(socket: Socket): void {
    this.metrics.watch(socket);
  }
}

@Module({
  imports: [MetricsCoreModule.forProcess('api')],
  providers: [ApiMetrics, MetricsGateway],
})
export class ApiMetricsModule {}
