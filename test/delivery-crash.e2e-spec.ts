import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { PrismaService } from '@dcs/common';
import { storeNotifications, type NotificationRow } from '@dcs/tournament';
import { type BuiltProcess, startBuilt } from '../scripts/lib/built-process';
import { startApi, TestApi } from './support/api';
import { TEST_REDIS_URL } from './support/env';
import { PushReceiver } from './support/push-receiver';
import { reachSettings } from './support/reach-env';
import { SmtpReceiver } from './support/smtp-receiver';
import { eventually } from './support/temp-redis';
import { createTestEnv, TestEnv } from './support/test-env';

const ROOT = path.resolve(__dirname, '..');
const WORKER_MAIN = path.join(ROOT, '.build/tools/apps/worker/src/main.js');
const PLAYERS = 30;

/**
 * Issue 28, "a worker killed while sending sends each message at most once more, never twice to the
 * player's inbox": a real worker process (the build) sends to a slow SMTP server (each answer to DATA held
 * 2 s) and a push service, and is killed with SIGKILL while messages are in flight; a new worker takes
 * over (BullMQ's stalled-job check retries the interrupted sends once). Every delivery ends sent, the
 * server holds each Message-ID at most twice and one per delivery, each device is pushed each notice
 * at most twice, and the player's inbox holds each notice once.
 */
describe('a worker killed mid-send', () => {
  let env: TestEnv;
  let api: TestApi;
  const smtp = new SmtpReceiver();
  const push = new PushReceiver();
  const workers: BuiltProcess[] = [];
  let childEnv: NodeJS.ProcessEnv;

  beforeAll(async () => {
    execFileSync('bash', ['scripts/build-tools.sh'], { cwd: ROOT, stdio: 'inherit' });
    env = await createTestEnv('crashsend');
    const smtpUrl = await smtp.start();
    await push.start();
    const settings = reachSettings(smtpUrl, push);
    const config = env.config(settings);
    api = await startApi(env, config);
    childEnv = {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      DATABASE_URL: env.databaseUrl,
      REDIS_URL: TEST_REDIS_URL,
      QUEUE_PREFIX: env.queuePrefix,
      JWT_SECRET: config.JWT_SECRET,
      LOG_LEVEL: 'warn',
      ANTICHEAT_SCAN_INTERVAL_MS: '3600000',
      REVIEW_SCAN_INTERVAL_MS: '3600000',
      ...settings,
    };
  }, 600_000);
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    await api?.close();
    await smtp.close();
    await push.close();
    await env?.drop();
  });

  const startWorker = async (name: string) => {
    const w = startBuilt(name, WORKER_MAIN, childEnv);
    workers.push(w);
    await w.says('worker started');
    return w;
  };

  it('sends every message, each at most once more, never twice to the inbox', async () => {
    const prisma = api.app.get(PrismaService);
    const users = await env.sql<{ id: string }>(
      `INSERT INTO users (id, email, password_hash, display_name, email_verified_at, updated_at)
       SELECT gen_random_uuid(), 'crash' || i || '@example.com', 'not-a-login', 'Crash ' || i, now(), now() FROM generate_series(1, ${PLAYERS}) i RETURNING id::text AS id`,
    );
    const devices = new Map<string, string>();
    for (const u of users) {
      const d = push.device();
      devices.set(u.id, d.id);
      await env.sql(`INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth) VALUES (gen_random_uuid(), $1, $2, $3, $4)`, [u.id, d.subscription.endpoint, d.subscription.keys.p256dh, d.subscription.keys.auth]);
    }
    const rows: NotificationRow[] = users.map((u) => ({ userId: u.id, kind: 'table.seated', title: 'Round 1: your table', body: 'You sit at table 1.', data: { tableId: 't' }, dedupeKey: 'crash:seated' }));

    smtp.delayMs = 2000;
    const first = await startWorker('worker-1');
    await prisma.$transaction((tx) => storeNotifications(tx, rows));
    // the kill lands while messages are at the server, unanswered
    await eventually(async () => smtp.arrived >= 10, 30_000, 'messages in flight');
    first.child.kill('SIGKILL');
    await new Promise<void>((r) => (first.child.exitCode !== null || first.child.signalCode !== null ? r() : first.child.once('exit', () => r())));
    const unsent = await env.sql<{ n: number }>(`SELECT count(*)::int AS n FROM deliveries WHERE channel = 'email' AND status <> 'sent'`);
    expect(unsent[0].n).toBeGreaterThan(0);

    smtp.delayMs = 0;
    await startWorker('worker-2');
    // the step that stored the notices, retried: nobody is told twice
    await prisma.$transaction((tx) => storeNotifications(tx, rows));
    await eventually(async () => (await env.sql(`SELECT 1 FROM deliveries WHERE status = 'sent'`)).length === 2 * PLAYERS, 150_000, 'every delivery sent');

    const deliveries = await env.sql<{ id: string; channel: string; status: string }>(`SELECT id::text AS id, channel::text AS channel, status::text AS status FROM deliveries`);
    expect(deliveries).toHaveLength(2 * PLAYERS);
    expect(deliveries.every((d) => d.status === 'sent')).toBe(true);
    // e-mail: one Message-ID per delivery, each received at most twice, the inbox one message each
    const emailIds = new Set(deliveries.filter((d) => d.channel === 'email').map((d) => `<delivery-${d.id}@dcs.test>`));
    expect(new Set(smtp.copies.keys())).toEqual(emailIds);
    expect(Math.max(...smtp.copies.values())).toBeLessThanOrEqual(2);
    expect(smtp.inbox).toHaveLength(PLAYERS);
    expect(new Set(smtp.inbox.map((m) => m.to)).size).toBe(PLAYERS);
    // push: every device reached, none more than twice
    const perDevice = new Map<string, number>();
    for (const m of push.received) perDevice.set(m.device, (perDevice.get(m.device) ?? 0) + 1);
    expect(perDevice.size).toBe(PLAYERS);
    expect(Math.max(...perDevice.values())).toBeLessThanOrEqual(2);
    // the player's inbox: the notice once
    const inbox = await env.sql<{ n: number }>(`SELECT count(*)::int AS n FROM notifications WHERE dedupe_key = 'crash:seated' GROUP BY user_id`);
    expect(inbox).toHaveLength(PLAYERS);
    expect(inbox.every((r) => r.n === 1)).toBe(true);
    process.stderr.write(`crash-send: ${[...smtp.copies.values()].filter((n) => n === 2).length} of ${PLAYERS} e-mails received twice (same Message-ID), ${[...perDevice.values()].filter((n) => n === 2).length} pushes twice\n`);
  }, 240_000);
});
