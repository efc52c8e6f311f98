import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { AppConfig, RateLimitedError, REDIS } from '@dcs/common';
import { networkOf } from '@dcs/anticheat';
import { RedisThrottlerStorage } from './redis-throttler.storage';

/**
 * Limits password attempts (login, password change, appeal with credentials) twice, in Redis so
 * every API instance shares the counts: per account from any address (LOGIN_RATE_LIMIT; guessing
 * one password from many addresses) and per client address across accounts
 * (LOGIN_RATE_LIMIT_PER_ADDRESS; spraying one password over many accounts). The address is
 * Express's req.ip, so X-Forwarded-For counts only from a TRUST_PROXY proxy. Registrations are
 * limited the same way, per address and per network (`registration`).
 */
@Injectable()
export class CredentialLimiter {
  private readonly store: RedisThrottlerStorage;

  constructor(@Inject(REDIS) redis: Redis, private readonly config: AppConfig) {
    this.store = new RedisThrottlerStorage(redis, config);
  }

  /** Counts one attempt; throws RATE_LIMITED (with Retry-After) while either count is over its limit. */
  async attempt(address: string, account: string): Promise<void> {
    const windowMs = this.config.LOGIN_RATE_WINDOW_SECONDS * 1000;
    const [byAccount, byAddress] = await Promise.all([
      this.store.increment(account.trim().toLowerCase(), windowMs, this.config.LOGIN_RATE_LIMIT, windowMs, 'login-account'),
      this.store.increment(address, windowMs, this.config.LOGIN_RATE_LIMIT_PER_ADDRESS, windowMs, 'login-address'),
    ]);
    const blocked = [byAccount, byAddress].filter((r) => r.isBlocked);
    if (blocked.length) throw new RateLimitedError(Math.max(1, ...blocked.map((r) => r.timeToBlockExpire)));
  }

  /**
   * Counts one registration from `address`: per address (REGISTER_RATE_LIMIT_PER_ADDRESS) and per
   * network, its IPv4 /24 or IPv6 /64 (REGISTER_RATE_LIMIT_PER_NETWORK), over
   * REGISTER_RATE_WINDOW_SECONDS; throws RATE_LIMITED (with Retry-After) while either is over.
   */
  async registration(address: string): Promise<void> {
    const windowMs = this.config.REGISTER_RATE_WINDOW_SECONDS * 1000;
    const [byAddress, byNetwork] = await Promise.all([
      this.store.increment(address, windowMs, this.config.REGISTER_RATE_LIMIT_PER_ADDRESS, windowMs, 'register-address'),
      this.store.increment(networkOf(address) ?? address, windowMs, this.config.REGISTER_RATE_LIMIT_PER_NETWORK, windowMs, 'register-network'),
    ]);
    const blocked = [byAddress, byNetwork].filter((r) => r.isBlocked);
    if (blocked.length) {
      const wait = Math.max(1, ...blocked.map((r) => r.timeToBlockExpire));
      throw new RateLimitedError(wait, `Too many new accounts from your network; try again in ${Math.ceil(wait / 60)} minute(s)`);
    }
  }
}
