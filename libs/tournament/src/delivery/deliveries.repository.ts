import { Injectable } from '@nestjs/common';
import type { DeliveryChannel, OutboxMessage, Prisma } from '@dcs/db';
import { PrismaService } from '@dcs/common';
import type { MailMessage } from './mail-message';

type Tx = Prisma.TransactionClient;

const CHANNELS: DeliveryChannel[] = ['email', 'push'];

/**
 * One delivery a channel for each new notification, in the transaction that stores it (so a notice is
 * never told in the inbox and lost to the e-mail and push channels, nor delivered for a change that rolled
 * back). Whether it is sent — the player's choices, a verified address, a device — is decided when it is due.
 */
export async function queueDeliveries(tx: Tx, notificationIds: readonly string[]): Promise<void> {
  if (!notificationIds.length) return;
  await tx.delivery.createMany({ data: notificationIds.flatMap((notificationId) => CHANNELS.map((channel) => ({ notificationId, channel }))), skipDuplicates: true });
}

/** What a sender needs of one delivery: the notice, its player, their settings. */
export interface DeliveryWork {
  id: string;
  channel: DeliveryChannel;
  status: string;
  attempts: number;
  notification: { id: string; kind: string; title: string; body: string; data: Record<string, unknown>; createdAt: Date };
  user: { id: string; email: string; emailVerifiedAt: Date | null; status: string; locale: string };
  settings: { timeZone: string | null; quietStartMin: number; quietEndMin: number; prefs: Record<string, Record<string, boolean>> } | null;
}

/**
 * The only code that writes deliveries and outbox_messages (docs/scaling.md, "Who writes which table"):
 * `queueDeliveries` above, in the notification's transaction; the worker's claims and outcomes below.
 */
@Injectable()
export class DeliveriesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Takes up to `limit` due pending deliveries for this worker: each moves to `sending` once (SKIP LOCKED,
   * so two workers never take the same row) and `queue` is called with them before the change commits: a
   * queue that refuses (Redis down) leaves them pending for the next poll.
   */
  claimDue(now: Date, limit: number, queue: (ids: string[]) => Promise<void>): Promise<number> {
    return this.prisma.$transaction(async (tx) => {
      const rows = await tx.$queryRaw<{ id: string }[]>`
        UPDATE deliveries d SET status = 'sending', claimed_at = ${now}
        FROM (SELECT id FROM deliveries WHERE status = 'pending' AND due_at <= ${now} ORDER BY due_at LIMIT ${limit} FOR UPDATE SKIP LOCKED) due
        WHERE d.id = due.id
        RETURNING d.id::text AS id`;
      if (rows.length) await queue(rows.map((r) => r.id));
      return rows.length;
    });
  }

  /** Deliveries taken longer than `before` ago and still not done: their job may have been lost (Redis flushed); queued again under the same id. */
  stuck(before: Date, limit: number): Promise<{ id: string; channel: DeliveryChannel }[]> {
    return this.prisma.delivery.findMany({ where: { status: 'sending', claimedAt: { lt: before } }, select: { id: true, channel: true }, take: limit });
  }

  async work(id: string): Promise<DeliveryWork | null> {
    const d = await this.prisma.delivery.findUnique({
      where: { id },
      include: { notification: { include: { user: { select: { id: true, email: true, emailVerifiedAt: true, status: true, locale: true, deliverySettings: true } } } } },
    });
    if (!d) return null;
    const { user, ...n } = d.notification;
    const s = user.deliverySettings;
    return {
      id: d.id,
      channel: d.channel,
      status: d.status,
      attempts: d.attempts,
      notification: { id: n.id, kind: n.kind, title: n.title, body: n.body, data: n.data as Record<string, unknown>, createdAt: n.createdAt },
      user: { id: user.id, email: user.email, emailVerifiedAt: user.emailVerifiedAt, status: user.status, locale: user.locale },
      settings: s ? { timeZone: s.timeZone, quietStartMin: s.quietStartMin, quietEndMin: s.quietEndMin, prefs: s.prefs as Record<string, Record<string, boolean>> } : null,
    };
  }

  /** One more try is starting (counted before the send: a crash mid-send is counted too). */
  async attempt(id: string): Promise<void> {
    await this.prisma.delivery.update({ where: { id }, data: { attempts: { increment: 1 } } });
  }

  async sent(id: string, at: Date): Promise<void> {
    await this.prisma.delivery.updateMany({ where: { id, status: { not: 'sent' } }, data: { status: 'sent', sentAt: at, detail: null } });
  }

  async skipped(id: string, why: string): Promise<void> {
    await this.prisma.delivery.updateMany({ where: { id, status: 'sending' }, data: { status: 'skipped', detail: why } });
  }

  async failed(id: string, why: string): Promise<void> {
    await this.prisma.delivery.updateMany({ where: { id, status: 'sending' }, data: { status: 'failed', detail: why.slice(0, 500) } });
  }

  /** Back to pending until `at` (quiet hours). */
  async postpone(id: string, at: Date): Promise<void> {
    await this.prisma.delivery.updateMany({ where: { id, status: 'sending' }, data: { status: 'pending', dueAt: at } });
  }

  /** Keeps a message instead of sending it (no SMTP_URL); keeping it again is a no-op (one row per Message-ID). */
  async keep(m: MailMessage): Promise<void> {
    await this.prisma.outboxMessage.createMany({
      data: [{ messageId: m.messageId, to: m.to, subject: m.subject, text: m.text, html: m.html, headers: m.headers }],
      skipDuplicates: true,
    });
  }

  /** The outbox, newest first; `after` is the last id of the previous page. */
  outbox(limit: number, after?: string): Promise<OutboxMessage[]> {
    return this.prisma.outboxMessage.findMany({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: limit, ...(after ? { cursor: { id: after }, skip: 1 } : {}) });
  }
}
