import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { DeliverySettings, Prisma, PushSubscription } from '@dcs/db';
import { PG_POOL, PrismaService } from '@dcs/common';

export interface SettingsChange {
  timeZone?: string | null;
  quietStartMin?: number;
  quietEndMin?: number;
  sound?: boolean;
  prefs?: Record<string, Record<string, boolean>>;
}

/** A player's devices subscribed to Web Push at most (docs/rules.md): subscribing one more drops the oldest. */
export const PUSH_DEVICES_PER_USER = 10;

/**
 * The only code that writes delivery_settings and push_subscriptions (docs/scaling.md, "Who writes which
 * table"): a player's choices, their calendar secret, their devices; the push sender's removals.
 */
@Injectable()
export class DeliverySettingsRepository {
  constructor(
    private readonly prisma: PrismaService,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  find(userId: string): Promise<DeliverySettings | null> {
    return this.prisma.deliverySettings.findUnique({ where: { userId } });
  }

  /** Saves the change; `prefs` is merged kind by kind into what was stored (in one statement, so two saves at once both count). */
  async save(userId: string, c: SettingsChange): Promise<DeliverySettings> {
    const { prefs, ...plain } = c;
    return this.prisma.$transaction(async (tx) => {
      const row = await tx.deliverySettings.upsert({ where: { userId }, create: { userId, ...plain }, update: plain });
      if (!prefs) return row;
      const [merged] = await tx.$queryRaw<{ prefs: Prisma.JsonValue }[]>`
        UPDATE delivery_settings SET prefs = prefs || ${JSON.stringify(prefs)}::jsonb, updated_at = now() WHERE user_id = ${userId}::uuid RETURNING prefs`;
      return { ...row, prefs: merged.prefs };
    });
  }

  /** Turns one kind off on one channel (the one-click unsubscribe). */
  async turnOff(userId: string, kind: string, channel: 'email' | 'push'): Promise<void> {
    const patch = JSON.stringify({ [kind]: { [channel]: false } });
    await this.prisma.$executeRaw`
      INSERT INTO delivery_settings (user_id, prefs, updated_at) VALUES (${userId}::uuid, ${patch}::jsonb, now())
      ON CONFLICT (user_id) DO UPDATE SET prefs = delivery_settings.prefs || jsonb_build_object(${kind}::text, COALESCE(delivery_settings.prefs -> ${kind}::text, '{}'::jsonb) || jsonb_build_object(${channel}::text, false)), updated_at = now()`;
  }

  /** Sets the hash of the private calendar feed's secret (a new one: the old URL stops working). */
  async setCalendarHash(userId: string, calendarHash: string): Promise<void> {
    await this.prisma.deliverySettings.upsert({ where: { userId }, create: { userId, calendarHash }, update: { calendarHash } });
  }

  byCalendarHash(calendarHash: string): Promise<DeliverySettings | null> {
    return this.prisma.deliverySettings.findUnique({ where: { calendarHash } });
  }

  devices(userId: string): Promise<PushSubscription[]> {
    return this.prisma.pushSubscription.findMany({ where: { userId }, orderBy: { createdAt: 'asc' } });
  }

  /**
   * Subscribes this browser for the player: an endpoint already known (the same browser again, or another
   * account on it) now belongs to them, as their newest device. The player keeps their `keep` newest devices:
   * the older ones are removed in the same transaction, which holds the player's lock (two subscriptions at
   * once cannot both leave one too many).
   */
  subscribe(userId: string, s: { endpoint: string; p256dh: string; auth: string; label: string }, keep: number): Promise<PushSubscription> {
    return this.prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`push-devices:${userId}`}, 0))`;
      const now = new Date();
      const row = await tx.pushSubscription.upsert({
        where: { endpoint: s.endpoint },
        create: { userId, ...s, createdAt: now },
        update: { userId, p256dh: s.p256dh, auth: s.auth, label: s.label, createdAt: now },
      });
      await tx.$executeRaw`
        DELETE FROM push_subscriptions WHERE user_id = ${userId}::uuid AND id NOT IN (
          SELECT id FROM push_subscriptions WHERE user_id = ${userId}::uuid ORDER BY created_at DESC, (id = ${row.id}::uuid) DESC LIMIT ${keep})`;
      return row;
    });
  }

  /** The player's own device only; whether one was removed. */
  async unsubscribe(userId: string, id: string): Promise<boolean> {
    return (await this.prisma.pushSubscription.deleteMany({ where: { id, userId } })).count > 0;
  }

  /** The push service said the subscription is gone (404/410). */
  async expired(id: string): Promise<void> {
    await this.prisma.pushSubscription.deleteMany({ where: { id } });
  }

  /** A push reached the device (the send path: the plain pg pool). */
  async pushed(id: string, at: Date): Promise<void> {
    await this.pool.query('UPDATE push_subscriptions SET last_sent_at = $2 WHERE id = $1', [id, at]);
  }
}
