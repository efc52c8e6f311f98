/**
 * The notify bench's receiving side in a process of its own: the SMTP server and the push service (which
 * decrypts every message, RFC 8291) that the test suites use, driven over IPC by bench/notify.ts. As deployed,
 * the mail server and the browsers' push services are other machines; in one process with the worker they
 * took about a third of its core, so the bench measured the receivers as much as the platform.
 *
 * Messages (parent → child → reply with the same `id`):
 *   start                → { smtpUrl, caFile, hostPort }
 *   devices { n }        → { devices: { id, endpoint, p256dh, auth }[] }
 *   reset                → {}
 *   count { prefix, suffix, kind } → { mails, pushDevices }
 *   collect { prefix, suffix, kind } → { mails: receivedAt[], pushes: { device, receivedAt }[], duplicates, cpuMs }
 */
import { PushReceiver } from '../../test/support/push-receiver';
import { SmtpReceiver } from '../../test/support/smtp-receiver';

interface Ask { id: number; cmd: string; n?: number; prefix?: string; suffix?: string; kind?: string }

const smtp = new SmtpReceiver();
const push = new PushReceiver();
let cpuFrom = process.cpuUsage();

const ours = (a: Ask) => (title: string) => title.startsWith(a.prefix ?? '') && title.endsWith(a.suffix ?? '');
const mailsOf = (a: Ask) => smtp.inbox.filter((m) => ours(a)(m.subject));
const pushesOf = (a: Ask) => push.received.filter((m) => m.payload.kind === a.kind && ours(a)(String(m.payload.title)));

async function answer(a: Ask): Promise<unknown> {
  switch (a.cmd) {
    case 'start': {
      const smtpUrl = await smtp.start();
      await push.start();
      return { smtpUrl, caFile: push.caFile, hostPort: push.hostPort };
    }
    case 'devices':
      return {
        devices: Array.from({ length: a.n ?? 0 }, () => {
          const d = push.device();
          return { id: d.id, endpoint: d.subscription.endpoint, p256dh: d.subscription.keys.p256dh, auth: d.subscription.keys.auth };
        }),
      };
    case 'reset':
      smtp.inbox.length = 0;
      push.received.length = 0;
      smtp.duplicates = 0;
      cpuFrom = process.cpuUsage();
      return {};
    case 'count':
      return { mails: mailsOf(a).length, pushDevices: new Set(pushesOf(a).map((p) => p.device)).size };
    case 'collect': {
      const cpu = process.cpuUsage(cpuFrom);
      return {
        mails: mailsOf(a).map((m) => m.receivedAt),
        pushes: pushesOf(a).map((p) => ({ device: p.device, receivedAt: p.receivedAt })),
        duplicates: smtp.duplicates,
        cpuMs: (cpu.user + cpu.system) / 1000,
      };
    }
    case 'close':
      await smtp.close();
      await push.close();
      setImmediate(() => process.exit(0));
      return {};
    default:
      throw new Error(`unknown command ${a.cmd}`);
  }
}

process.on('message', (a: Ask) => {
  answer(a).then(
    (r) => process.send?.({ id: a.id, ok: true, r }),
    (err: Error) => process.send?.({ id: a.id, ok: false, error: err.message }),
  );
});
process.on('disconnect', () => process.exit(0));
