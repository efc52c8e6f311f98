/**
 * `npm run bench:notify [-- --quick] [-- --players N]`
 *
 * Reminders at scale, end to end on the real services: a worker (in this process) on a throwaway database and
 * queue prefix, a real SMTP server and a push service that decrypts every message (test/support). N players with
 * a confirmed address and one push device each, registered across 10 cities whose check-in opens at the same
 * instant (~20 s after the setup). The reminder sweep queues the delayed jobs; at the opening each stores its
 * notices (one path: notifications + their deliveries), the workers' polls take the deliveries and send them.
 * Measured per round: every reminder received by the SMTP server and by the push service, duplicates (a second
 * copy of a Message-ID, a second push to a device), messages per second from the opening to the last one, and
 * the lag from the opening (the due time) to receipt, p50/p99/max. Three rounds (new challenges, the same
 * players); the figures are the median with the spread. Full: 5,000 players; --quick: 500. Asserts nothing.
 */
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { loadConfig, PrismaService } from '@dcs/common';
import { generateVAPIDKeys } from 'web-push';
import { createWorker } from '../apps/worker/src/setup';
import { RemindersService } from '../apps/worker/src/delivery/reminders.service';
import { runBench, withThrowawayEnv } from '../scripts/lib/throwaway-env';
import { PushReceiver } from '../test/support/push-receiver';
import { SmtpReceiver } from '../test/support/smtp-receiver';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const at = args.indexOf('--players');
const PLAYERS = at >= 0 ? Number(args[at + 1]) : quick ? 500 : 5000;
const CITIES = 10;
const ROUNDS = 3;
const LEAD_MS = 20_000;
const DEADLINE_MS = 60_000;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN;
};
const median = (xs: number[]) => pct(xs, 50);
const spread = (xs: number[], digits = 0) => `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;

async function main(): Promise<void> {
  const log = (l: string) => process.stderr.write(`  ${l}\n`);
  await withThrowawayEnv('bench_notify', async (t) => {
    const smtp = new SmtpReceiver();
    const push = new PushReceiver();
    const smtpUrl = await smtp.start();
    await push.start();
    const vapid = generateVAPIDKeys();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: t.databaseUrl,
      REDIS_URL: t.redisUrl,
      QUEUE_PREFIX: t.queuePrefix,
      LOG_LEVEL: 'warn',
      JWT_SECRET: `bench-notify-${t.dbName}-0123456789abcdef0123`,
      SMTP_URL: smtpUrl,
      MAIL_FROM: 'DCS <no-reply@dcs.bench>',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      PUSH_EXTRA_CA_FILE: push.caFile,
      SCHEDULE_SWEEP_INTERVAL_MS: '3600000',
      ANTICHEAT_SCAN_INTERVAL_MS: '3600000',
    });
    const worker = await createWorker(config, { shutdownHooks: false });
    const prisma = worker.get(PrismaService);
    try {
      log(`${PLAYERS} players in ${CITIES} cities, each with a confirmed address and a push device`);
      const users = Array.from({ length: PLAYERS }, (_, i) => ({ id: randomUUID(), email: `n${i}@bench.test`, passwordHash: 'x', displayName: `Bench ${i}`, emailVerifiedAt: new Date() }));
      const devices = new Map<string, string>();
      for (let i = 0; i < users.length; i += 1000) await prisma.user.createMany({ data: users.slice(i, i + 1000) });
      const subs = users.map((u) => {
        const d = push.device();
        devices.set(d.id, u.id);
        return { userId: u.id, endpoint: d.subscription.endpoint, p256dh: d.subscription.keys.p256dh, auth: d.subscription.keys.auth };
      });
      for (let i = 0; i < subs.length; i += 1000) await prisma.pushSubscription.createMany({ data: subs.slice(i, i + 1000) });
      const cities = await Promise.all(
        Array.from({ length: CITIES }, (_, c) => prisma.city.create({ data: { name: `Bench City ${c}`, slug: `bench-${c}`, timeZone: 'America/Chicago', region: 'south', tier: 'T1' } })),
      );

      const rows: { received: number; duplicates: number; perSecond: number; p50: number; p99: number; max: number }[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        smtp.inbox.length = 0;
        push.received.length = 0;
        smtp.duplicates = 0;
        const opens = new Date(Date.now() + LEAD_MS);
        for (const [c, city] of cities.entries()) {
          const ch = await prisma.challenge.create({
            data: {
              cityId: city.id,
              localDate: `2030-01-${String(round + 1).padStart(2, '0')}`,
              startsAt: new Date(opens.getTime() + 3_600_000),
              registrationOpensAt: new Date(opens.getTime() - 86_400_000),
              checkInOpensAt: opens,
              checkInClosesAt: new Date(opens.getTime() + 3_300_000),
              status: 'registration_open',
              prizePoolCents: 50_000,
              prizeSplit: { first: 5000, second: 3000, thirdFourthEach: 1000 },
            },
          });
          const mine = users.filter((_, i) => i % CITIES === c);
          await prisma.registration.createMany({ data: mine.map((u, i) => ({ challengeId: ch.id, userId: u.id, status: 'registered' as const, position: i + 1 })) });
        }
        const queued = await worker.get(RemindersService).sweep();
        log(`round ${round + 1}: ${queued} reminder jobs queued; check-in opens at ${opens.toISOString()}`);
        const expected = PLAYERS;
        const deadline = opens.getTime() + DEADLINE_MS + 30_000;
        while ((smtp.inbox.filter((m) => m.subject.endsWith('check-in is open')).length < expected || push.received.filter((m) => m.payload.kind === 'reminder.check_in_open').length < expected) && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, 250));
        }
        await new Promise((r) => setTimeout(r, 2000)); // late duplicates, if any
        const mails = smtp.inbox.filter((m) => m.subject.endsWith('check-in is open'));
        const pushes = push.received.filter((m) => m.payload.kind === 'reminder.check_in_open');
        const pushDup = pushes.length - new Set(pushes.map((p) => p.device)).size;
        const lags = [...mails.map((m) => m.receivedAt), ...pushes.map((p) => p.receivedAt)].map((r) => r - opens.getTime());
        const last = Math.max(...lags);
        const row = { received: mails.length + pushes.length, duplicates: smtp.duplicates + pushDup, perSecond: (mails.length + pushes.length) / Math.max(0.001, last / 1000), p50: pct(lags, 50), p99: pct(lags, 99), max: last };
        rows.push(row);
        log(
          `round ${round + 1}: ${mails.length}/${expected} e-mails, ${pushes.length}/${expected} pushes, ${row.duplicates} duplicates; ${row.perSecond.toFixed(0)} msg/s; lag p50 ${(row.p50 / 1000).toFixed(1)} s, p99 ${(row.p99 / 1000).toFixed(1)} s, max ${(row.max / 1000).toFixed(1)} s${row.max <= DEADLINE_MS && row.received === 2 * expected && row.duplicates === 0 ? ' — within 60 s' : ' — TARGET MISSED'}`,
        );
      }
      const ok = rows.every((r) => r.max <= DEADLINE_MS && r.received === 2 * PLAYERS && r.duplicates === 0);
      console.log(`bench:notify — ${PLAYERS} players, ${CITIES} cities, ${2 * PLAYERS} messages a round (e-mail + push), median of ${ROUNDS} (min–max)`);
      console.log(`  messages/s                     ${spread(rows.map((r) => r.perSecond))}`);
      console.log(`  lag from the opening, p50 (s)  ${spread(rows.map((r) => r.p50 / 1000), 1)}`);
      console.log(`  lag from the opening, p99 (s)  ${spread(rows.map((r) => r.p99 / 1000), 1)}`);
      console.log(`  last message (s)               ${spread(rows.map((r) => r.max / 1000), 1)}`);
      console.log(`  duplicates                     ${rows.map((r) => r.duplicates).join(', ')}`);
      console.log(`  target (all delivered within 60 s, no duplicate): ${ok ? 'met' : 'MISSED'}`);
    } finally {
      await worker.close();
      await smtp.close();
      await push.close();
    }
  }, process.env, log);
}

runBench(main);
