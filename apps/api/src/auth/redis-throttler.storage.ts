import { Inject, Injectable } from '@nestjs/common';
import { ThrottlerStorage } from '@nestjs/throttler';
import type Redis from 'ioredis';
import { AppConfig, AppError, REDIS } from '@dcs/common';

interface ThrottlerStorageRecord {
  totalHits: number;
  timeToExpire: number;
  isBlocked: boolean;
  timeToBlockExpire: number;
}

// One round trip: count the hit, start the window on the first hit, and block
// for blockDuration once the limit is passed. Returns hits, window ms left, block ms left.
const SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
local blocked = redis.call('PTTL', KEYS[2])
if blocked <= 0 and hits > tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[3])
  blocked = tonumber(ARGV[3])
end
return { hits, ttl, blocked }
`;

/**
 * Throttler storage in Redis, so a limit holds across every API instance.
 * If Redis is unreachable the limited route fails closed with 503.
 */
@Injectable()
export class RedisThrottlerStorage implements ThrottlerStorage {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly config: AppConfig,
  ) {}

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    const base = `${this.config.QUEUE_PREFIX}:throttle:${throttlerName}:${key}`;
    let result: [number, number, number];
    try {
      result = (await this.redis.eval(SCRIPT, 2, `${base}:hits`, `${base}:block`, ttl, limit, blockDuration || ttl)) as [number, number, number];
    } catch {
      throw new AppError('RATE_LIMIT_UNAVAILABLE', 'Sign-in is briefly unavailable; try again shortly');
    }
    const [totalHits, timeToExpire, blocked] = result;
    return {
      totalHits,
      timeToExpire: Math.max(0, Math.ceil(timeToExpire / 1000)),
      isBlocked: blocked > 0,
      timeToBlockExpire: Math.max(0, Math.ceil(blocked / 1000)),
    };
  }
}
