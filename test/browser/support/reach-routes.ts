/**
 * The browser platform's mail and push (issue 28): a real SMTP server and a push service run in the
 * platform process (test/support/smtp-receiver.ts, push-receiver.ts), the settings that point the API and
 * the worker at them, and the control routes a journey reads them with.
 */
import type { INestApplicationContext } from '@nestjs/common';
import { generateVAPIDKeys } from 'web-push';
import { RemindersService } from '../../../apps/worker/src/delivery/reminders.service';
import type { ReminderKind } from '@dcs/common';
import { PushReceiver } from '../../support/push-receiver';
import { linkToken, SmtpReceiver } from '../../support/smtp-receiver';

export async function startReach(apiBase: string): Promise<{ settings: Record<string, string>; routes: (worker: INestApplicationContext) => Record<string, (body: Record<string, unknown>) => Promise<unknown>>; close: () => Promise<void> }> {
  const smtp = new SmtpReceiver();
  const push = new PushReceiver();
  const smtpUrl = await smtp.start();
  await push.start();
  const vapid = generateVAPIDKeys();
  return {
    settings: { SMTP_URL: smtpUrl, MAIL_FROM: 'DCS <no-reply@dcs.test>', PUBLIC_URL: apiBase, VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, PUSH_EXTRA_CA_FILE: push.caFile, OUTBOUND_TEST_ALLOW: push.hostPort, DELIVERY_POLL_MS: '200' },
    routes: (worker) => ({
      /** The first mail to `to` whose subject contains `subject` (waits for it), with the token of its link. */
      'POST /mail': async (body) => {
        const { to, subject } = body as { to: string; subject: string };
        const m = await smtp.waitFor((x) => x.to === to.toLowerCase() && x.subject.includes(subject), 30_000);
        let token: string | null = null;
        try {
          token = linkToken(m);
        } catch {
          token = null;
        }
        return { subject: m.subject, text: m.text, token, copies: smtp.inbox.filter((x) => x.messageId === m.messageId).length + smtp.duplicates };
      },
      /** A browser device of the test's push service, subscribed for the holder of `accessToken` through the API. */
      'POST /push-device': async (body) => {
        const { accessToken } = body as { accessToken: string };
        const device = push.device();
        const res = await fetch(`${apiBase}/api/me/push-subscriptions`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${accessToken}` }, body: JSON.stringify({ ...device.subscription, label: 'Journey phone' }) });
        if (res.status !== 201) throw new Error(`subscribe answered ${res.status}`);
        return { device: device.id };
      },
      /** The first push of `kind` decrypted on `device` (waits for it). */
      'POST /push': async (body) => {
        const { device, kind } = body as { device: string; kind: string };
        const m = await push.waitFor((x) => x.device === device && x.payload.kind === kind, 30_000);
        return m.payload;
      },
      /** A challenge reminder at its time now (as its delayed job would run it). */
      'POST /remind': async (body) => {
        const { challengeId, kind } = body as { challengeId: string; kind: ReminderKind };
        return { notified: await worker.get(RemindersService).fire({ kind, id: challengeId }) };
      },
    }),
    close: async () => {
      await smtp.close();
      await push.close();
    },
  };
}
