import { INestApplicationContext, Logger } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import Redis from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import { AppConfig } from '@dcs/common';
import { socketIoKey } from '@dcs/tournament';

/**
 * socket.io over the Redis adapter, so a room spans every API instance: a move made through
 * one instance reaches the players connected to another. Two dedicated ioredis clients (a
 * subscriber cannot issue other commands); the channels live under QUEUE_PREFIX so deployments
 * and test suites sharing a Redis never hear each other.
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
    const server = super.createIOServer(port, options) as Server;
    server.adapter(createAdapter(this.pub, this.sub, { key: socketIoKey(this.config.QUEUE_PREFIX) }));
    return server;
  }

  override async dispose(): Promise<void> {
    await super.dispose();
    this.sub.disconnect();
    this.pub.disconnect();
  }
}
