import { Injectable, Logger } from '@nestjs/common';
import { AppConfig, Clock } from '@dcs/common';
import { DeliveriesRepository, DeliverySettingsRepository, type DeliveryWork, localTimes, mailDomain, noticeMail, noticePath, reminderStillApplies, sendableAt, unsubscribeUrl, wants } from '@dcs/tournament';
import { MailTransport } from './mail-transport';
import { PushSender } from './push-sender';

export type SendResult = { outcome: 'sent' | 'skipped' | 'postponed' | 'gone'; detail?: string };

/** How long a push service keeps a notice for a device that is offline: a reminder is stale after an hour. */
const PUSH_TTL_SECONDS = 3600;

/**
 * Sends one delivery: decides from the player's choices (the kind on this channel, a confirmed address,
 * a device, quiet hours in their zone) and sends. Sending is at least once and stable: a job retried after
 * a crash sends the same Message-ID (the mailbox keeps one), and a push device already reached by an
 * earlier try of the job is not pushed again (`pushed`, kept in the job's data).
 */
@Injectable()
export class DeliveryService {
  private readonly logger = new Logger(DeliveryService.name);

  constructor(
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly deliveries: DeliveriesRepository,
    private readonly settings: DeliverySettingsRepository,
    private readonly mail: MailTransport,
    private readonly push: PushSender,
  ) {}

  async send(deliveryId: string, claim: number, pushed: Set<string>, onPushed: (subscriptionId: string) => Promise<void>): Promise<SendResult> {
    const d = await this.deliveries.take(deliveryId, claim);
    if (!d) return { outcome: 'skipped', detail: 'done already, or taken again' };
    const skip = this.reasonToSkip(d);
    if (skip) {
      await this.deliveries.skipped(d.id, claim, skip);
      return { outcome: 'skipped', detail: skip };
    }
    const now = this.clock.now();
    const at = sendableAt(d.notification.kind, now, {
      timeZone: d.user.timeZone,
      startMin: d.settings?.quietStartMin ?? 0,
      endMin: d.settings?.quietEndMin ?? 0,
    });
    if (at > now) {
      await this.deliveries.postpone(d.id, claim, at);
      return { outcome: 'postponed', detail: at.toISOString() };
    }
    if (d.channel === 'email') await this.sendMail(d);
    else if (!(await this.sendPush(d, pushed, onPushed))) {
      await this.deliveries.skipped(d.id, claim, 'no device');
      return { outcome: 'skipped', detail: 'no device' };
    }
    await this.deliveries.sent(d.id, claim, this.clock.now());
    return { outcome: 'sent' };
  }

  /** The last try failed: the delivery is marked failed (the notice stays in the inbox). */
  async gaveUp(deliveryId: string, claim: number, why: string): Promise<void> {
    await this.deliveries.failed(deliveryId, claim, why);
  }

  private reasonToSkip(d: DeliveryWork): string | null {
    if (d.user.status === 'banned') return 'account banned';
    if (!reminderStillApplies(d.notification.kind, d.reminderFacts, this.clock.now())) return 'no longer applies';
    if (!wants(d.settings?.prefs ?? {}, d.notification.kind, d.channel)) return 'not wanted';
    if (d.channel === 'email' && !d.user.emailVerifiedAt) return 'address not confirmed';
    if (d.channel === 'push' && !this.push.configured) return 'push not configured';
    return null;
  }

  private async sendMail(d: DeliveryWork): Promise<void> {
    const publicUrl = this.config.PUBLIC_URL;
    await this.mail.send(
      noticeMail({
        deliveryId: d.id,
        notice: d.notification,
        to: d.user.email,
        timeZone: d.user.timeZone,
        language: d.user.locale,
        publicUrl,
        unsubscribeUrl: unsubscribeUrl(publicUrl, this.config.JWT_SECRET, d.user.id, d.notification.kind),
        mailDomain: mailDomain(this.config.MAIL_FROM),
      }),
    );
  }

  /** Pushes to every device of the player not reached yet; false when they have none. A device that is gone, or refused by the outbound guard, is removed. */
  private async sendPush(d: DeliveryWork, pushed: Set<string>, onPushed: (id: string) => Promise<void>): Promise<boolean> {
    const devices = d.devices;
    if (!devices.length) return false;
    const local = (text: string) => localTimes(text, d.user.timeZone, d.user.locale);
    const payload = { id: d.notification.id, kind: d.notification.kind, title: local(d.notification.title), body: local(d.notification.body), url: noticePath(d.notification) };
    const failures: Error[] = [];
    await Promise.all(
      devices
        .filter((s) => !pushed.has(s.id))
        .map(async (s) => {
          try {
            const outcome = await this.push.send(s, payload, PUSH_TTL_SECONDS);
            // a device whose endpoint the outbound guard refuses goes as a gone one does: for good, no retry
            if (outcome === 'gone' || outcome === 'refused') await this.settings.expired(s.id);
            else await this.settings.pushed(s.id, this.clock.now());
            await onPushed(s.id);
          } catch (err) {
            failures.push(err as Error);
          }
        }),
    );
    if (failures.length) throw new Error(`push failed on ${failures.length} device(s): ${failures[0].message}`);
    return true;
  }
}
