import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { DeliveryChannel, OutboxMessage, Prisma } from '@dcs/db';
import { PG_POOL, PrismaService } from '@dcs/common';
import type { MailMessage } from './mail-message';

type Tx = Prisma.TransactionClient;

const CHANNELS: DeliveryChannel[] = ['email', 'push'];

/**
 * One delivery a channel for each new notification, in the transaction that stores it (so a notice is
 * never told in the inbox and lost to the e-mail and push channels, nor delivered for a change that rolled
 * back). Whether it is sent — the player's choices, a verified address, a device — is decided when it is due;
 * a delivery that can only be skipped is written skipped at once, with the reason the sender would give: a
 * banned account, an e-mail to an address not confirmed, a push to a player with no device. Most players have
 * no push device and many no confirmed address, and each such delivery otherwise cost a claim, a queued job,
 * a read and a write to end the same way. (A kind the player turned off is still the sender's to tell: their
 * choices have defaults per kind, read in one place, delivery/preferences.ts.)
 */
export async function queueDeliveries(tx: Tx, notificationIds: readonly string[]): Promise<void> {
  if (!notificationIds.length) return;
  // One statement whatever the number (a reminder to thousands): no row objects built, no query compiled per row.
  await tx.$executeRaw`
    INSERT INTO deliveries (id, notification_id, channel, status, detail)
    SELECT gen_random_uuid(), x.id, x.c, CASE WHEN x.skip IS NULL THEN 'pending' ELSE 'skipped' END::"DeliveryStatus", x.skip
    FROM (
      SELECT n.id, c,
        CASE
          WHEN u.status = 'banned' THEN 'account banned'
          WHEN c = 'email' AND u.email_verified_at IS NULL THEN 'address not confirmed'
          WHEN c = 'push' AND NOT EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.user_id = u.id) THEN 'no device'
        END AS skip
      FROM notifications n
      JOIN users u ON u.id = n.user_id
      CROSS JOIN unnest(${CHANNELS}::"DeliveryChannel"[]) c
      WHERE n.id = ANY(${notificationIds as string[]}::uuid[])
    ) x
    ON CONFLICT DO NOTHING`;
}

/** A challenge reminder's facts at send time (reminderStillApplies decides from them). */
export interface ReminderFacts {
  status: string;
  checkInOpensAt: Date;
  checkInClosesAt: Date;
  registration: { status: string; checkedIn: boolean; disqualified: boolean } | null;
}

/** What a sender needs of one delivery: the notice, its player, their settings, their push devices. */
export interface DeliveryWork {
  id: string;
  /** the claim the job carries out (claimed_at, ms) */
  claim: number;
  channel: DeliveryChannel;
  status: string;
  attempts: number;
  notification: { id: string; kind: string; title: string; body: string; data: Record<string, unknown>; createdAt: Date };
  /**
   * `timeZone`: the zone every time in the message is written in: the player's saved one (their settings; a new account's
   * is its browser's at sign-up), else that of the city they last registered in, else null (UTC).
   */
  user: { id: string; email: string; emailVerifiedAt: Date | null; status: string; locale: string; timeZone: string | null };
  settings: { timeZone: string | null; quietStartMin: number; quietEndMin: number; prefs: Record<string, Record<string, boolean>> } | null;
  /** push: the player's devices, oldest first (empty for e-mail) */
  devices: { id: string; endpoint: string; p256dh: string; auth: string }[];
  /** a reminder about a challenge: the challenge and the player's registration now, to re-check that it still applies (null otherwise, or when the challenge is gone) */
  reminderFacts: ReminderFacts | null;
}

/** A delivery taken by a worker: its id and the claim (claimed_at in ms) its send job carries out. */
export interface Claimed {
  id: string;
  claim: number;
}

interface WorkRow {
  id: string;
  claimed_at: Date;
  channel: DeliveryChannel;
  status: string;
  attempts: number;
  n_id: string;
  kind: string;
  title: string;
  body: string;
  data: Record<string, unknown>;
  created_at: Date;
  u_id: string;
  email: string;
  email_verified_at: Date | null;
  u_status: string;
  locale: string;
  has_settings: boolean;
  time_zone: string | null;
  reader_zone: string | null;
  quiet_start_min: number | null;
  quiet_end_min: number | null;
  prefs: Record<string, Record<string, boolean>> | null;
  devices: DeliveryWork['devices'] | null;
  reminder_facts: { status: string; checkInOpensAt: string; checkInClosesAt: string; registration: ReminderFacts['registration'] } | null;
}

/**
 * The only code that writes deliveries and outbox_messages (docs/scaling.md, "Who writes which table"):
 * `queueDeliveries` above, in the notification's transaction; the worker's claims and outcomes below.
 * The send path (take and its outcomes) runs on the plain pg pool: it is the hot path of a reminder to
 * thousands of players at once, where Prisma's query compiler costs more than the queries.
 *
 * Each claim of a delivery has its own mark, `claimed_at`, and its own send job (`delivery.<id>.<claim>`):
 * a delivery taken again — held by quiet hours and due again, or its job lost — gets a new job, where one
 * id for every claim made the second `add` a no-op on the first job, kept a day after it completed, and the
 * delivery was never sent. A job of an older claim finds the row under another mark and does nothing.
 */
@Injectable()
export class DeliveriesRepository {
  constructor(
    private readonly prisma: PrismaService,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  /**
   * Takes up to `limit` due pending deliveries for this worker: each moves to `sending` once (SKIP LOCKED,
   * so two workers never take the same row), then `queue` is called with them — after the change commits,
   * so that no job can read the row before it is its claim's. A queue that refuses (Redis down) puts them
   * back to pending for the next poll (or, if even that fails, the lost-job sweep takes them again).
   */
  claimDue(now: Date, limit: number, queue: (claimed: Claimed[]) => Promise<void>): Promise<number> {
    return this.claim(
      `UPDATE deliveries d SET status = 'sending', claimed_at = $1
       FROM (SELECT id FROM deliveries WHERE status = 'pending' AND due_at <= $1 ORDER BY due_at LIMIT $2 FOR UPDATE SKIP LOCKED) due
       WHERE d.id = due.id RETURNING d.id::text AS id`,
      [now, limit],
      now,
      queue,
    );
  }

  /**
   * Deliveries taken before `before` and still not done: their job was lost (Redis flushed, a job failed
   * without its outcome written). Taken again under a new claim, so their new job is not the old one's id.
   */
  reclaimStuck(before: Date, now: Date, limit: number, queue: (claimed: Claimed[]) => Promise<void>): Promise<number> {
    return this.claim(
      `UPDATE deliveries d SET claimed_at = $1
       FROM (SELECT id FROM deliveries WHERE status = 'sending' AND claimed_at < $3 LIMIT $2 FOR UPDATE SKIP LOCKED) lost
       WHERE d.id = lost.id RETURNING d.id::text AS id`,
      [now, limit, before],
      now,
      queue,
    );
  }

  private async claim(sql: string, params: unknown[], now: Date, queue: (claimed: Claimed[]) => Promise<void>): Promise<number> {
    const { rows } = await this.pool.query<{ id: string }>(sql, params);
    if (!rows.length) return 0;
    try {
      await queue(rows.map((r) => ({ id: r.id, claim: now.getTime() })));
    } catch (err) {
      await this.pool.query(`UPDATE deliveries SET status = 'pending' WHERE id = ANY($1::uuid[]) AND status = 'sending' AND claimed_at = $2`, [rows.map((r) => r.id), now]).catch(() => undefined);
      throw err;
    }
    return rows.length;
  }

  /**
   * The delivery as its send job needs it, one more try counted — or null when it is not this claim's to
   * send any more (done, or taken again under a newer claim). Waits for the claim's transaction if the job
   * started before it committed (the UPDATE takes the row lock, then reads the committed row).
   */
  async take(id: string, claim: number): Promise<DeliveryWork | null> {
    const { rows } = await this.pool.query<WorkRow>(
      `WITH d AS (
         UPDATE deliveries SET attempts = attempts + 1 WHERE id = $1 AND status = 'sending' AND claimed_at = $2
         RETURNING id, claimed_at, channel, status, attempts, notification_id)
       SELECT d.id::text AS id, d.claimed_at, d.channel::text AS channel, d.status::text AS status, d.attempts,
         n.id::text AS n_id, n.kind, n.title, n.body, n.data, n.created_at,
         u.id::text AS u_id, u.email, u.email_verified_at, u.status::text AS u_status, u.locale,
         s.user_id IS NOT NULL AS has_settings, s.time_zone, s.quiet_start_min, s.quiet_end_min, s.prefs,
         COALESCE(s.time_zone, (SELECT ci.time_zone FROM registrations r JOIN challenges ch ON ch.id = r.challenge_id JOIN cities ci ON ci.id = ch.city_id
                                WHERE r.user_id = u.id ORDER BY r.created_at DESC LIMIT 1)) AS reader_zone,
         CASE WHEN d.channel = 'push' THEN (
           SELECT json_agg(json_build_object('id', p.id, 'endpoint', p.endpoint, 'p256dh', p.p256dh, 'auth', p.auth) ORDER BY p.created_at)
           FROM push_subscriptions p WHERE p.user_id = u.id) END AS devices,
         CASE WHEN n.kind LIKE 'reminder.%' AND n.data->>'challengeId' ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN (
           SELECT json_build_object('status', c.status, 'checkInOpensAt', c.check_in_opens_at, 'checkInClosesAt', c.check_in_closes_at,
             'registration', (SELECT json_build_object('status', r.status, 'checkedIn', r.checked_in_at IS NOT NULL, 'disqualified', r.disqualified_at IS NOT NULL)
                              FROM registrations r WHERE r.challenge_id = c.id AND r.user_id = u.id))
           FROM challenges c WHERE c.id = (n.data->>'challengeId')::uuid) END AS reminder_facts
       FROM d JOIN notifications n ON n.id = d.notification_id JOIN users u ON u.id = n.user_id
       LEFT JOIN delivery_settings s ON s.user_id = u.id`,
      [id, new Date(claim)],
    );
    const r = rows[0];
    if (!r) return null;
    return {
      id: r.id,
      claim: r.claimed_at.getTime(),
      channel: r.channel,
      status: r.status,
      attempts: r.attempts,
      notification: { id: r.n_id, kind: r.kind, title: r.title, body: r.body, data: r.data ?? {}, createdAt: r.created_at },
      user: { id: r.u_id, email: r.email, emailVerifiedAt: r.email_verified_at, status: r.u_status, locale: r.locale, timeZone: r.reader_zone },
      settings: r.has_settings ? { timeZone: r.time_zone, quietStartMin: r.quiet_start_min ?? 0, quietEndMin: r.quiet_end_min ?? 0, prefs: r.prefs ?? {} } : null,
      devices: r.devices ?? [],
      reminderFacts: r.reminder_facts
        ? { status: r.reminder_facts.status, checkInOpensAt: new Date(r.reminder_facts.checkInOpensAt), checkInClosesAt: new Date(r.reminder_facts.checkInClosesAt), registration: r.reminder_facts.registration }
        : null,
    };
  }

  /** The outcomes of a claim: written only while the row is still that claim's (a newer claim owns it otherwise). */
  private async outcome(id: string, claim: number, set: string, params: unknown[]): Promise<void> {
    await this.pool.query(`UPDATE deliveries SET ${set} WHERE id = $1 AND status = 'sending' AND claimed_at = $2`, [id, new Date(claim), ...params]);
  }

  sent(id: string, claim: number, at: Date): Promise<void> {
    return this.outcome(id, claim, `status = 'sent', sent_at = $3, detail = NULL`, [at]);
  }

  skipped(id: string, claim: number, why: string): Promise<void> {
    return this.outcome(id, claim, `status = 'skipped', detail = $3`, [why]);
  }

  failed(id: string, claim: number, why: string): Promise<void> {
    return this.outcome(id, claim, `status = 'failed', detail = $3`, [why.slice(0, 500)]);
  }

  /** Back to pending until `at` (quiet hours): taken again then, under a new claim. */
  postpone(id: string, claim: number, at: Date): Promise<void> {
    return this.outcome(id, claim, `status = 'pending', due_at = $3`, [at]);
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
