import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { AppConfig, RateLimitedError, REDIS } from '@dcs/common';
import { RedisThrottlerStorage } from '../auth/redis-throttler.storage';

/** The kinds of client event counted: moves and draw picks, chat (table and team), room changes (join, leave, watchChallenge, voice on and off), and voice signals. */
export type LiveLimitKind = 'action' | 'chat' | 'join' | 'voice';

/**
 * Rate limits of the live sockets per ACCOUNT, over all its connections on every API instance: counted
 * in Redis with the same storage as the login and report limits (RedisThrottlerStorage; a fixed window,
 * then blocked for a window). A spectator has no account: its connection is counted alone. A refused
 * event is acknowledged RATE_LIMITED and does nothing. Without Redis the events pass (each connection's
 * own action limit in the gateway still holds): the live path is down then anyway, and a limit that
 * refused every move would stop every table.
 */
@Injectable()
export class LiveLimits {
  private readonly logger = new Logger(LiveLimits.name);
  private readonly store: RedisThrottlerStorage;
  private warned = false;

  constructor(
    @Inject(REDIS) redis: Redis,
    private readonly config: AppConfig,
  ) {
    this.store = new RedisThrottlerStorage(redis, config);
  }

  /** Counts one event of the account (or of the spectator's connection); throws RATE_LIMITED while over its limit. */
  async take(kind: LiveLimitKind, who: { userId: string | null; socketId: string }): Promise<void> {
    const { limit, seconds, what } = this.rule(kind);
    const windowMs = seconds * 1000;
    const key = who.userId ? `user:${who.userId}` : `socket:${who.socketId}`;
    let record: Awaited<ReturnType<RedisThrottlerStorage['increment']>>;
    try {
      record = await this.store.increment(key, windowMs, limit, windowMs, `live-${kind}`);
      this.warned = false;
    } catch (err) {
      if (!this.warned) this.logger.warn(`live rate limits unavailable (${(err as Error).message}); events pass on each connection's own limit`);
      this.warned = true;
      return;
    }
    if (record.isBlocked) {
      const per = seconds === 1 ? 'a second' : `${seconds} seconds`;
      throw new RateLimitedError(Math.max(1, record.timeToBlockExpire), `At most ${limit} ${what} in ${per} per account, over all its connections; wait and try again`);
    }
  }

  private rule(kind: LiveLimitKind): { limit: number; seconds: number; what: string } {
    switch (kind) {
      case 'action':
        return { limit: this.config.LIVE_ACTIONS_PER_SECOND, seconds: 1, what: 'actions' };
      case 'chat':
        return { limit: this.config.LIVE_CHAT_PER_10_SECONDS, seconds: 10, what: 'chat messages' };
      case 'join':
        return { limit: this.config.LIVE_JOINS_PER_SECOND, seconds: 1, what: 'joins, leaves and watches' };
      case 'voice':
        return { limit: this.config.LIVE_VOICE_SIGNALS_PER_10_SECONDS, seconds: 10, what: 'voice signals' };
    }
  }
}
