import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { AppConfig, REDIS } from '@dcs/common';

/** How long a player's "voice on" lasts without being said again (a crashed instance's players are forgotten then). */
const PRESENCE_MS = 6 * 3_600_000;

/**
 * Who has voice on at each game, over every API instance: one Redis hash per game (user → until when).
 * Only presence: no audio, no signal, passes through here.
 */
@Injectable()
export class VoicePresence {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly config: AppConfig,
  ) {}

  private key(gameId: string): string {
    return `${this.config.QUEUE_PREFIX}:voice:${gameId}`;
  }

  async on(gameId: string, userId: string): Promise<void> {
    const key = this.key(gameId);
    await this.redis.multi().hset(key, userId, String(Date.now() + PRESENCE_MS)).pexpire(key, PRESENCE_MS).exec();
  }

  async off(gameId: string, userId: string): Promise<void> {
    await this.redis.hdel(this.key(gameId), userId);
  }

  /** The players with voice on at the game now. */
  async list(gameId: string): Promise<Set<string>> {
    const all = await this.redis.hgetall(this.key(gameId));
    const now = Date.now();
    return new Set(Object.entries(all).filter(([, until]) => Number(until) > now).map(([userId]) => userId));
  }
}
