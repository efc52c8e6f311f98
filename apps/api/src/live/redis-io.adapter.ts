import { INestApplicationContext, Logger } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createShardedAdapter } from '@socket.io/redis-adapter';
import Redis from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import { AppConfig, corsOrigins } from '@dcs/common';
import { CLUSTER_BROADCAST, socketIoKey } from '@dcs/tournament';

/**
 * socket.io over the sharded Redis adapter (Redis 7 sharded pub/sub), so a room spans every API
 * instance: a move made through one instance reaches the players connected to another. In the
 * "dynamic" subscription mode each room has its own channel and an instance subscribes only to
 * the rooms it holds sockets in, so a seat's view is decoded only where that player is connected
 * (the plain adapter had every instance decode every view). Two dedicated ioredis clients (a
 * subscriber cannot issue other commands); the channels live under QUEUE_PREFIX so deployments
 * and test suites sharing a Redis never hear each other. Other processes emit on the same
 * channels through LiveEmitter.
 */
export class RedisIoAdapter extends IoAdapter {
  private readonly logger = new Logger(RedisIoAdapter.name);
  private readonly pub: Redis;
  private readonly sub: Redis;

  constructor(app: INestApplicationContext, private readonly config: AppConfig) {
    super(app);
    // Unlike the shared client, these keep the offline queue: a subscription made before the
    // connection is up must be sent once it is, not fail.
    // Auto-pipelining: the publishes of one move (a view per seat, the public view) leave in one write.
    this.pub = new Redis(config.REDIS_URL, { retryStrategy: (n) => Math.min(n * 200, 2000), enableAutoPipelining: true });
    this.sub = this.pub.duplicate({ enableAutoPipelining: false });
    let warned = false;
    for (const client of [this.pub, this.sub]) {
      client.on('error', (err: Error) => {
        if (!warned) this.logger.warn(`socket.io Redis adapter: ${err.message}; retrying`);
        warned = true;
      });
    }
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const origins = corsOrigins(this.config);
    const server = super.createIOServer(port, {
      ...options,
      // CORS for the long-polling transport; a websocket is not covered by CORS, so allowRequest checks Origin for both.
      ...(origins.length ? { cors: { origin: origins } } : {}),
      allowRequest: (req, done) => {
        const ok = originAllowed(req.headers.origin, req.headers.host, origins);
        done(ok ? null : 'origin not allowed', ok);
      },
    } as ServerOptions) as Server;
    const sharded = createShardedAdapter(this.pub, this.sub, { channelPrefix: socketIoKey(this.config.QUEUE_PREFIX), subscriptionMode: 'dynamic' });
    const logger = this.logger;
    // socket.io calls the factory with `new`: a function (not an arrow) that returns the adapter.
    server.adapter(function (nsp: unknown) {
      return deliverLocallyFirst(sharded(nsp) as unknown as ClusterAdapterLike, logger);
    } as unknown as typeof sharded);
    return server;
  }

  override async dispose(): Promise<void> {
    await super.dispose();
    this.sub.disconnect();
    this.pub.disconnect();
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

/** What deliverLocallyFirst uses of socket.io-adapter's ClusterAdapter (the sharded adapter's base class). */
interface ClusterAdapterLike {
  broadcast(packet: unknown, opts: BroadcastOpts): unknown;
  publish(message: { type: number; data: unknown }): void;
}
interface BroadcastOpts {
  rooms: Set<string>;
  except?: Set<string>;
  flags?: { local?: boolean };
}

/**
 * socket.io-adapter's ClusterAdapter hands a broadcast to this instance's own sockets only once
 * Redis has answered the publish. Under load another instance's next event, published meanwhile,
 * can reach a local socket first, and a player sees seq n+2 before n+1 (bench/live.ts counted it).
 * Here local sockets get the event at once, in order, and the publish leaves in the same tick — as
 * the plain Redis adapter does. The in-memory delivery is the base class of ClusterAdapter; if a
 * later socket.io-adapter changes that chain, the adapter is left as it is (with a warning).
 */
export function deliverLocallyFirst<T extends ClusterAdapterLike>(adapter: T, logger?: Logger): T {
  const cluster = Object.getPrototypeOf(Object.getPrototypeOf(adapter)) as object;
  const inMemory = Object.getPrototypeOf(cluster) as { constructor: { name: string }; broadcast?: (packet: unknown, opts: BroadcastOpts) => void };
  if (cluster.constructor.name !== 'ClusterAdapter' || inMemory.constructor.name !== 'Adapter' || typeof inMemory.broadcast !== 'function') {
    logger?.warn('socket.io adapter: unexpected class chain; local delivery waits for Redis');
    return adapter;
  }
  const deliver = inMemory.broadcast;
  adapter.broadcast = function (this: T, packet: unknown, opts: BroadcastOpts): void {
    if (!opts.flags?.local) {
      // encoded now, before local delivery touches the packet
      this.publish({ type: CLUSTER_BROADCAST, data: { packet, opts: { rooms: [...opts.rooms], except: [...(opts.except ?? [])], flags: opts.flags } } });
    }
    deliver.call(this, packet, opts);
  };
  return adapter;
}
