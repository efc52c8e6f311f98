import { Global, Inject, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig } from '../config/app-config';

export const REDIS = Symbol('REDIS');

/**
 * The shared ioredis client. It never gives up reconnecting (the process keeps
 * running while Redis is down) and fails commands fast instead of queueing them,
 * so /health and rate limiting can answer at once.
 */
export function createRedis(url: string, name: string): Redis {
  const logger = new Logger(name);
  const client = new Redis(url, {
    lazyConnect: false,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  let warned = false;
  client.on('error', (err: Error) => {
    if (!warned) logger.warn(`Redis unavailable (${err.message}); retrying`);
    warned = true;
  });
  client.on('ready', () => {
    if (warned) logger.log('Redis connection restored');
    warned = false;
  });
  return client;
}

/** Waits up to `ms` for the first connection, so a healthy Redis is "up" from the first request; never fails. */
export function waitReady(client: Redis, ms: number): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    client.once('ready', done);
  });
}

@Injectable()
class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}
  /** In the last shutdown phase, once requests and jobs have stopped. */
  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}

@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [AppConfig],
      useFactory: async (config: AppConfig) => {
        const client = createRedis(config.REDIS_URL, 'Redis');
        await waitReady(client, 2000);
        return client;
      },
    },
    RedisCloser,
  ],
  exports: [REDIS],
})
export class RedisModule {}
