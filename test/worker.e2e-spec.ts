import { INestApplicationContext } from '@nestjs/common';
import { Queue, QueueEvents } from 'bullmq';
import { Client } from 'pg';
import { bullConnection, JOBS, PrismaService, QUEUES } from '@dcs/common';
import { createWorker } from '../apps/worker/src/setup';
import { MaintenanceRepository } from '../apps/worker/src/maintenance/maintenance.repository';
import { eventually, TempRedis } from './support/temp-redis';
import { createTestEnv, TestEnv } from './support/test-env';
import { lockWaiters } from './support/locks';

describe('worker: the maintenance sweep through BullMQ', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv('worker');
  });
  afterAll(async () => env.drop());

  async function suspendedUser(email: string, until: Date): Promise<string> {
    const [row] = await env.sql<{ id: string }>(
      `INSERT INTO users (id, email, password_hash, display_name, status, suspended_until, updated_at)
       VALUES (gen_random_uuid(), $1, 'x', 'Suspended', 'suspended', $2, now()) RETURNING id`,
      [email, until],
    );
    return row.id;
  }

  it('processes a queued sweep: lifts ended suspensions with an audit entry, keeps running ones, and a retried job id changes nothing', async () => {
    const config = env.config({ MAINTENANCE_INTERVAL_MS: '3600000' });
    const worker = await createWorker(config);
    // The schedule's first sweep runs at start-up; let it pass before setting the scene.
    await eventually(async () => (await env.sql(`SELECT 1 FROM maintenance_runs`)).length === 1, 15_000, 'the start-up sweep');
    const ended = await suspendedUser('ended@example.com', new Date(Date.now() - 60_000));
    const running = await suspendedUser('running@example.com', new Date(Date.now() + 7 * 24 * 3600_000));
    const queue = new Queue(QUEUES.maintenance, { connection: bullConnection(config.REDIS_URL), prefix: config.QUEUE_PREFIX });
    const events = new QueueEvents(QUEUES.maintenance, { connection: bullConnection(config.REDIS_URL), prefix: config.QUEUE_PREFIX });
    try {
      await events.waitUntilReady();
      const job = await queue.add(JOBS.maintenanceSweep, { requestedAt: new Date().toISOString() }, { jobId: 'sweep-test-1' });
      const result = await job.waitUntilFinished(events, 15_000);
      expect(result).toEqual({ jobId: 'sweep-test-1', liftedSuspensions: 1, alreadyDone: false });

      const users = await env.sql<{ id: string; status: string }>(`SELECT id, status FROM users ORDER BY email`);
      expect(users).toEqual([
        { id: ended, status: 'active' },
        { id: running, status: 'suspended' },
      ]);
      const audit = await env.sql<{ action: string; entity_id: string }>(`SELECT action, entity_id FROM audit_log`);
      expect(audit).toEqual([{ action: 'user.suspension.lifted', entity_id: ended }]);

      // The same job id run again (a retry after a crash): nothing is applied twice.
      await env.sql(`UPDATE users SET status = 'suspended', suspended_until = now() - interval '1 minute' WHERE id = $1`, [running]);
      await job.remove();
      const again = await queue.add(JOBS.maintenanceSweep, { requestedAt: new Date().toISOString() }, { jobId: 'sweep-test-1' });
      expect(await again.waitUntilFinished(events, 15_000)).toEqual({ jobId: 'sweep-test-1', liftedSuspensions: 1, alreadyDone: true });
      expect(await env.sql(`SELECT job_id FROM maintenance_runs WHERE job_id NOT LIKE 'repeat:%'`)).toEqual([{ job_id: 'sweep-test-1' }]);
      expect((await env.sql(`SELECT 1 FROM audit_log`)).length).toBe(1);

      // The worker registered the periodic schedule itself.
      const schedulers = await queue.getJobSchedulers();
      expect(schedulers.map((s) => [s.key, s.every])).toEqual([['maintenance-sweep', 3600000]]);
    } finally {
      await events.close();
      await queue.obliterate({ force: true });
      await queue.close();
      await worker.close();
    }
  });

  it('never undoes a ban or a longer suspension decided while the sweep runs', async () => {
    // The sweep alone (no worker: its own start-up sweep would take the rows first).
    const prisma = new PrismaService(env.config());
    const board = new Client({ connectionString: env.databaseUrl });
    await board.connect();
    try {
      const banned = await suspendedUser('banned-meanwhile@example.com', new Date(Date.now() - 60_000));
      const extended = await suspendedUser('extended-meanwhile@example.com', new Date(Date.now() - 60_000));
      const ended = await suspendedUser('ended-too@example.com', new Date(Date.now() - 60_000));
      // The board's decisions hold the players' rows (as PenaltyEffects.lockUser does) while the sweep runs.
      await board.query('BEGIN');
      await board.query('SELECT id FROM users WHERE id = ANY($1::uuid[]) FOR NO KEY UPDATE', [[banned, extended]]);
      const sweep = new MaintenanceRepository(prisma).sweep('sweep-race-1', new Date());
      await eventually(
        async () => (await lockWaiters(env)) === 1,
        15_000,
        'the sweep waiting on the rows the board holds',
      );
      await board.query(`UPDATE users SET status = 'banned', suspended_until = NULL WHERE id = $1`, [banned]);
      await board.query(`UPDATE users SET suspended_until = now() + interval '7 days' WHERE id = $1`, [extended]);
      await board.query('COMMIT');
      const result = await sweep;
      const rows = await env.sql<{ id: string; status: string; future: boolean }>(
        `SELECT id, status::text AS status, suspended_until > now() AS future FROM users WHERE id = ANY($1::uuid[])`,
        [[banned, extended, ended]],
      );
      const byId = new Map(rows.map((r) => [r.id, r]));
      expect(byId.get(banned)).toMatchObject({ status: 'banned' });
      expect(byId.get(extended)).toMatchObject({ status: 'suspended', future: true });
      expect(byId.get(ended)).toMatchObject({ status: 'active' });
      // (A suspension the test above left due is lifted too: the sweep lifts every one that ended.)
      const lifts = await env.sql<{ entity_id: string }>(`SELECT entity_id FROM audit_log WHERE action = 'user.suspension.lifted' AND data->>'jobId' = 'sweep-race-1'`);
      expect(lifts.map((l) => l.entity_id).filter((id) => [banned, extended, ended].includes(id))).toEqual([ended]);
      expect(result).toEqual({ jobId: 'sweep-race-1', liftedSuspensions: lifts.length, alreadyDone: false });
    } finally {
      await board.query('ROLLBACK').catch(() => undefined);
      await board.end();
      await prisma.$disconnect();
    }
  }, 60_000);

  it('shuts down even while a job is stuck holding a database connection (a row lock that is never released)', async () => {
    const config = env.config({ MAINTENANCE_INTERVAL_MS: '3600000' });
    const worker = await createWorker(config);
    const [city] = await env.sql<{ id: string }>(
      `INSERT INTO cities (id, name, slug, time_zone, region, tier, updated_at) VALUES (gen_random_uuid(), 'Stuck City', 'stuck-city', 'America/New_York', 'south', 'T1', now()) RETURNING id`,
    );
    // Its own 12:00 is an hour away: only the job queued below starts it.
    const [challenge] = await env.sql<{ id: string }>(
      `INSERT INTO challenges (id, city_id, local_date, starts_at, registration_opens_at, check_in_opens_at, check_in_closes_at, status, prize_pool_cents, prize_split, updated_at)
       VALUES (gen_random_uuid(), $1, '2027-01-02', now() + interval '1 hour', now() - interval '1 day', now() - interval '1 hour', now() - interval '5 minutes', 'check_in_closed', 50000, '{}', now()) RETURNING id`,
      [city.id],
    );
    const locker = new Client({ connectionString: env.databaseUrl });
    await locker.connect();
    const queue = new Queue(QUEUES.effects, { connection: bullConnection(config.REDIS_URL), prefix: config.QUEUE_PREFIX });
    try {
      await locker.query('BEGIN');
      await locker.query('SELECT id FROM challenges WHERE id = $1 FOR UPDATE', [challenge.id]);
      await queue.add(JOBS.challengeStart, { challengeId: challenge.id }, { jobId: `stuck-start-${challenge.id}` });
      // The start job now waits on the row lock, inside its transaction, holding a pooled connection.
      await eventually(
        async () => (await lockWaiters(env)) === 1,
        15_000,
        'the start job waiting on the row lock',
      );
      // Running jobs get their grace period, then are left to another worker; the pools do not wait for them.
      await worker.close();
      expect((await env.sql<{ status: string }>(`SELECT status FROM challenges WHERE id = $1`, [challenge.id]))[0].status).toBe('check_in_closed');
    } finally {
      await locker.query('ROLLBACK').catch(() => undefined);
      await locker.end();
      await queue.obliterate({ force: true });
      await queue.close();
    }
  }, 60_000);

  it('keeps retrying while Redis is down and processes the sweep once Redis is back', async () => {
    const redis = new TempRedis(await TempRedis.freePort());
    const config = env.config({ REDIS_URL: redis.url, MAINTENANCE_INTERVAL_MS: '1000' });
    let worker: INestApplicationContext | null = null;
    // The workers of the tests above left scheduled sweeps of their own in the table: only a new one counts.
    const scheduledSweeps = async () => (await env.sql(`SELECT 1 FROM maintenance_runs WHERE job_id LIKE 'repeat:%'`)).length;
    const before = await scheduledSweeps();
    try {
      worker = await createWorker(config);
      await new Promise((r) => setTimeout(r, 1500)); // still alive, no crash
      await redis.start();
      // The scheduler registers itself once Redis answers, and its first sweep runs.
      await eventually(async () => (await scheduledSweeps()) > before, 15_000, 'a scheduled sweep');
    } finally {
      await worker?.close();
      await redis.stop();
    }
  });
});
