import { Injectable } from '@nestjs/common';
import { Prisma, type Notification } from '@dcs/db';
import { PrismaService, type Tx } from '@dcs/common';
import type { Notice } from './notices';
import { queueDeliveries } from '../delivery/deliveries.repository';


/** A notification row to store: the notice, for whom, and the key that makes a retried step notify once. */
export interface NotificationRow extends Notice {
  userId: string;
  dedupeKey: string;
}

/**
 * Issue 24: each row in its recipient's language (users.locale) — the Spanish wording its builder gave
 * (`Notice.es`), else the English. One read of the recipients' languages, only when a row has Spanish.
 */
async function inRecipientsLanguage<R extends NotificationRow>(tx: Tx, rows: readonly R[]): Promise<readonly R[]> {
  const ids = [...new Set(rows.filter((r) => r.es).map((r) => r.userId))];
  if (!ids.length) return rows;
  const spanish = new Set((await tx.user.findMany({ where: { id: { in: ids }, locale: 'es' }, select: { id: true } })).map((u) => u.id));
  return rows.map((r) => (r.es && spanish.has(r.userId) ? { ...r, title: r.es.title, body: r.es.body } : r));
}

const row = (n: NotificationRow): Prisma.NotificationCreateManyInput => ({
  userId: n.userId,
  kind: n.kind,
  title: n.title,
  body: n.body,
  data: n.data as Prisma.InputJsonValue,
  dedupeKey: n.dedupeKey,
});

/**
 * Stores the notifications in the caller's transaction, so they commit with the change they tell of.
 * A row whose player already holds its dedupe key is skipped (a retried step notifies once). Each new
 * row gets its e-mail and push deliveries in the same transaction (delivery/deliveries.repository.ts).
 */
export async function storeNotifications<R extends NotificationRow>(tx: Tx, rows: readonly R[]): Promise<readonly R[]> {
  if (!rows.length) return rows;
  const worded = await inRecipientsLanguage(tx, rows);
  const stored = await tx.notification.createManyAndReturn({ data: worded.map(row), skipDuplicates: true, select: { id: true } });
  await queueDeliveries(tx, stored.map((n) => n.id));
  return worded;
}

/** Stores one notification whose key is new by construction (a fresh decision's id): a duplicate fails the transaction. */
export async function storeNewNotification(tx: Tx, n: NotificationRow): Promise<void> {
  const [worded] = await inRecipientsLanguage(tx, [n]);
  const stored = await tx.notification.create({ data: row(worded), select: { id: true } });
  await queueDeliveries(tx, [stored.id]);
}

/**
 * One notice to many players (a reminder to everyone registered for a challenge), in the caller's
 * transaction and with its deliveries, in two statements whatever their number: each row in its
 * recipient's language (the Spanish wording where the notice has one and the player reads Spanish), a
 * player who already holds `dedupeKey` skipped. Answers how many were told.
 */
export async function notifyPlayers(tx: Tx, notice: Notice, dedupeKey: string, userIds: readonly string[]): Promise<number> {
  if (!userIds.length) return 0;
  return notifyWhere(tx, notice, dedupeKey, Prisma.sql`u.id = ANY(${userIds as string[]}::uuid[])`);
}

/**
 * One notice to every account that can play (not banned), in the caller's transaction and with its
 * deliveries, in two statements whatever the number of players; a player who already holds `dedupeKey`
 * is skipped (the same fact told twice notifies once). Answers how many were told.
 */
export async function notifyEveryPlayer(tx: Tx, notice: Notice, dedupeKey: string): Promise<number> {
  return notifyWhere(tx, notice, dedupeKey, Prisma.sql`u.status <> 'banned'`);
}

/** The notice to the users `who` selects, each in their account's language, with its deliveries: two statements. */
async function notifyWhere(tx: Tx, notice: Notice, dedupeKey: string, who: Prisma.Sql): Promise<number> {
  const es = notice.es ?? { title: notice.title, body: notice.body };
  const ids = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO notifications (id, user_id, kind, title, body, data, dedupe_key)
    SELECT gen_random_uuid(), u.id, ${notice.kind},
      CASE WHEN u.locale = 'es' THEN ${es.title} ELSE ${notice.title} END,
      CASE WHEN u.locale = 'es' THEN ${es.body} ELSE ${notice.body} END,
      ${JSON.stringify(notice.data)}::jsonb, ${dedupeKey}
    FROM users u WHERE ${who}
    ON CONFLICT (user_id, dedupe_key) DO NOTHING
    RETURNING id::text AS id`;
  await queueDeliveries(tx, ids.map((r) => r.id));
  return ids.length;
}

/**
 * The only code that writes notification rows (docs/scaling.md, "Who writes which table"): the
 * functions above, which every writer of a change calls with its transaction, and the read state
 * below; and the player's inbox reads.
 */
@Injectable()
export class NotificationsRepository {
  constructor(private readonly prisma: PrismaService) {}

  find(id: string): Promise<Notification | null> {
    return this.prisma.notification.findUnique({ where: { id } });
  }

  /** Newest first (ties by id); `after` is the last id of the previous page and must be the user's. */
  page(userId: string, limit: number, after?: string): Promise<Notification[]> {
    return this.prisma.notification.findMany({
      where: { userId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit,
      ...(after ? { cursor: { id: after }, skip: 1 } : {}),
    });
  }

  unread(userId: string): Promise<number> {
    return this.prisma.notification.count({ where: { userId, readAt: null } });
  }

  /** Marks it read once; reading it again keeps the first time. */
  async markRead(id: string, userId: string, now: Date): Promise<Notification | null> {
    await this.prisma.notification.updateMany({ where: { id, userId, readAt: null }, data: { readAt: now } });
    return this.prisma.notification.findFirst({ where: { id, userId } });
  }
}
