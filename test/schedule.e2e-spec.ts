import { BullModule } from '@nestjs/bullmq';
import { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Job, Queue } from 'bullmq';
import { AppConfig, bullConnection, ConfigModule, JOBS, jobIds, PrismaModule, PrismaService, QUEUES } from '@dcs/common';
import { createWorker } from '../apps/worker/src/setup';
import { CalendarModule } from '../apps/worker/src/schedule/schedule.module';
import { ScheduleScheduler } from '../apps/worker/src/schedule/schedule.scheduler';
import { ScheduleService } from '../apps/worker/src/schedule/schedule.service';
import { eventually } from './support/temp-redis';
import { createTestEnv, TestEnv } from './support/test-env';

/** The calendar module alone (its processor runs; the periodic scheduler does not, so sweeps run "as of" chosen dates). */
async function calendar(config: AppConfig): Promise<INestApplicationContext> {
  const moduleRef = await Test.createTestingModule({
    imports: [
      ConfigModule.forRoot(config),
      PrismaModule,
      BullModule.forRoot({ connection: bullConnection(config.REDIS_URL), prefix: config.QUEUE_PREFIX }),
      CalendarModule,
    ],
  })
    .overrideProvider(ScheduleScheduler)
    .useValue({})
    .compile();
  return moduleRef.init();
}

type ChallengeRow = {
  id: string;
  city: string;
  local_date: string;
  season_id: string | null;
  week: number | null;
  status: string;
  starts_at: Date;
  registration_opens_at: Date;
  check_in_opens_at: Date;
  check_in_closes_at: Date;
  prize_pool_cents: number;
  prize_split: unknown;
};

describe('worker: the weekly calendar before 12:00', () => {
  let env: TestEnv;
  let config: AppConfig;
  let app: INestApplicationContext;
  let service: ScheduleService;
  let scheduleQueue: Queue;
  let challengeQueue: Queue;
  const city: Record<string, string> = {};
  let nySeason: string;

  beforeAll(async () => {
    env = await createTestEnv('schedule');
    config = env.config();
    app = await calendar(config);
    service = app.get(ScheduleService);
    const opts = { connection: bullConnection(config.REDIS_URL), prefix: config.QUEUE_PREFIX };
    scheduleQueue = new Queue(QUEUES.schedule, opts);
    challengeQueue = new Queue(QUEUES.effects, opts);
    for (const [slug, tz, tier] of [
      ['new-york', 'America/New_York', 'T1'],
      ['london', 'Europe/London', 'T2'],
      ['sydney', 'Australia/Sydney', 'T3'],
    ]) {
      const [row] = await env.sql<{ id: string }>(
        `INSERT INTO cities (id, name, slug, time_zone, region, tier, updated_at) VALUES (gen_random_uuid(), $1, $1, $2, 'east', $3::"Tier", now()) RETURNING id`,
        [slug, tz, tier],
      );
      city[slug] = row.id;
    }
    // New York's season started Saturday 2027-03-06: 03-13 is its week 2.
    [{ id: nySeason }] = await env.sql<{ id: string }>(
      `INSERT INTO seasons (id, city_id, number, start_date, updated_at) VALUES (gen_random_uuid(), $1, 1, '2027-03-06', now()) RETURNING id`,
      [city['new-york']],
    );
  });

  afterAll(async () => {
    await scheduleQueue?.obliterate({ force: true });
    await challengeQueue?.obliterate({ force: true });
    await scheduleQueue?.close();
    await challengeQueue?.close();
    await app?.close();
    await env.drop();
  });

  const challenges = (where = 'true', params: unknown[] = []) =>
    env.sql<ChallengeRow>(
      `SELECT ch.id, c.slug AS city, ch.local_date, ch.season_id, ch.week, ch.status, ch.starts_at, ch.registration_opens_at,
              ch.check_in_opens_at, ch.check_in_closes_at, ch.prize_pool_cents, ch.prize_split
         FROM challenges ch JOIN cities c ON c.id = ch.city_id WHERE ${where} ORDER BY c.slug, ch.local_date`,
      params,
    );
  const times = (r: ChallengeRow) => [
    r.local_date,
    r.registration_opens_at.toISOString(),
    r.check_in_opens_at.toISOString(),
    r.check_in_closes_at.toISOString(),
    r.starts_at.toISOString(),
  ];

  it('creates the next two Saturdays of every city at 12:00 local across DST: New York on both sides of spring-forward', async () => {
    // Wednesday 2027-03-10; New York springs forward on Sunday 2027-03-14.
    const result = await service.sweep(new Date('2027-03-10T12:00:00Z'));
    expect(result.created).toBe(6);
    const ny = await challenges('c.slug = $1', ['new-york']);
    expect(ny.map(times)).toEqual([
      ['2027-03-13', '2027-03-08T05:00:00.000Z', '2027-03-13T16:00:00.000Z', '2027-03-13T16:55:00.000Z', '2027-03-13T17:00:00.000Z'],
      ['2027-03-20', '2027-03-15T04:00:00.000Z', '2027-03-20T15:00:00.000Z', '2027-03-20T15:55:00.000Z', '2027-03-20T16:00:00.000Z'],
    ]);
    expect(ny.map((r) => [r.season_id, r.week, r.status, r.prize_pool_cents])).toEqual([
      [nySeason, 2, 'scheduled', 50_000],
      [nySeason, 3, 'scheduled', 50_000],
    ]);
    expect(ny[0].prize_split).toEqual({ first: 5000, second: 3000, thirdFourthEach: 1000 });
    const others = await challenges('c.slug <> $1', ['new-york']);
    expect(others.map((r) => [r.city, r.local_date, r.season_id, r.week, r.prize_pool_cents])).toEqual([
      ['london', '2027-03-13', null, null, 100_000],
      ['london', '2027-03-20', null, null, 100_000],
      ['sydney', '2027-03-13', null, null, 200_000],
      ['sydney', '2027-03-20', null, null, 200_000],
    ]);
    const audit = await env.sql<{ n: string }>(`SELECT count(*) n FROM audit_log WHERE action = 'challenge.created' AND actor_id IS NULL`);
    expect(Number(audit[0].n)).toBe(6);
  });

  it('London on both sides of its change to BST (2027-03-28), Sydney on both sides of the end of its DST (2027-04-04)', async () => {
    await service.sweep(new Date('2027-03-24T12:00:00Z'));
    await service.sweep(new Date('2027-03-31T12:00:00Z'));
    const london = await challenges(`c.slug = 'london' AND ch.local_date IN ('2027-03-27', '2027-04-03')`);
    expect(london.map(times)).toEqual([
      ['2027-03-27', '2027-03-22T00:00:00.000Z', '2027-03-27T11:00:00.000Z', '2027-03-27T11:55:00.000Z', '2027-03-27T12:00:00.000Z'],
      ['2027-04-03', '2027-03-28T23:00:00.000Z', '2027-04-03T10:00:00.000Z', '2027-04-03T10:55:00.000Z', '2027-04-03T11:00:00.000Z'],
    ]);
    const sydney = await challenges(`c.slug = 'sydney' AND ch.local_date IN ('2027-04-03', '2027-04-10')`);
    expect(sydney.map(times)).toEqual([
      ['2027-04-03', '2027-03-28T13:00:00.000Z', '2027-04-03T00:00:00.000Z', '2027-04-03T00:55:00.000Z', '2027-04-03T01:00:00.000Z'],
      ['2027-04-10', '2027-04-04T14:00:00.000Z', '2027-04-10T01:00:00.000Z', '2027-04-10T01:55:00.000Z', '2027-04-10T02:00:00.000Z'],
    ]);
    // Every city now has one challenge per Saturday from 03-13 to 04-10, and no other.
    const perCity = await env.sql<{ slug: string; dates: string[] }>(
      `SELECT c.slug, array_agg(ch.local_date ORDER BY ch.local_date) dates FROM challenges ch JOIN cities c ON c.id = ch.city_id GROUP BY c.slug ORDER BY c.slug`,
    );
    const saturdays = ['2027-03-13', '2027-03-20', '2027-03-27', '2027-04-03', '2027-04-10'];
    expect(perCity).toEqual(['london', 'new-york', 'sydney'].map((slug) => ({ slug, dates: saturdays })));
  });

  it('never creates a challenge twice: the same sweep again, and two workers sweeping at the same moment', async () => {
    const before = (await challenges()).length;
    expect((await service.sweep(new Date('2027-03-31T12:00:00Z'))).created).toBe(0);
    expect(await challenges()).toHaveLength(before);

    // A second worker (its own Nest context and database pool) races this one, twice over.
    const other = await calendar(config);
    try {
      const asOf = new Date('2027-04-14T12:00:00Z'); // 04-17 and 04-24 are new for all three cities
      const results = await Promise.all([
        service.sweep(asOf),
        other.get(ScheduleService).sweep(asOf),
        service.sweep(asOf),
        other.get(ScheduleService).sweep(asOf),
      ]);
      expect(results.map((r) => r.created).reduce((a, b) => a + b, 0)).toBe(6);
    } finally {
      await other.close();
    }
    expect(await challenges()).toHaveLength(before + 6);
    const dupes = await env.sql(`SELECT city_id, local_date FROM challenges GROUP BY city_id, local_date HAVING count(*) > 1`);
    expect(dupes).toEqual([]);
    const audit = await env.sql<{ n: string }>(`SELECT count(*) n FROM audit_log WHERE action = 'challenge.created'`);
    expect(Number(audit[0].n)).toBe(before + 6);
  });

  it('queues each challenge\'s three transitions and its 12:00 start with deterministic ids, due at the stored times, once', async () => {
    const [ch] = await challenges(`c.slug = 'new-york' AND ch.local_date = '2027-04-24'`);
    const due = (job: Job | undefined) => (job ? job.timestamp + (job.delay ?? 0) : null);
    const near = (t: number | null, at: Date) => t !== null && Math.abs(t - at.getTime()) < 2000;

    const regOpen = await scheduleQueue.getJob(jobIds.transition(ch.id, 'registration_open'));
    const ciOpen = await scheduleQueue.getJob(jobIds.transition(ch.id, 'check_in_open'));
    const ciClosed = await scheduleQueue.getJob(jobIds.transition(ch.id, 'check_in_closed'));
    const start = await challengeQueue.getJob(jobIds.start(ch.id));
    expect([regOpen?.name, ciOpen?.name, ciClosed?.name, start?.name]).toEqual([
      JOBS.challengeTransition,
      JOBS.challengeTransition,
      JOBS.challengeTransition,
      JOBS.challengeStart,
    ]);
    expect([regOpen?.data, ciOpen?.data, ciClosed?.data, start?.data]).toEqual([
      { challengeId: ch.id, to: 'registration_open' },
      { challengeId: ch.id, to: 'check_in_open' },
      { challengeId: ch.id, to: 'check_in_closed' },
      { challengeId: ch.id },
    ]);
    expect(near(due(regOpen), ch.registration_opens_at)).toBe(true);
    expect(near(due(ciOpen), ch.check_in_opens_at)).toBe(true);
    expect(near(due(ciClosed), ch.check_in_closes_at)).toBe(true);
    expect(near(due(start), ch.starts_at)).toBe(true);
    expect(await start!.getState()).toBe('delayed');

    // Another sweep leaves the queued jobs alone (same jobs, same timestamps) and adds nothing.
    const again = await service.sweep(new Date('2027-04-14T12:00:00Z'));
    expect(again.queued).toBe(0);
    expect((await scheduleQueue.getJob(jobIds.transition(ch.id, 'registration_open')))?.timestamp).toBe(regOpen!.timestamp);
    expect((await challengeQueue.getJob(jobIds.start(ch.id)))?.timestamp).toBe(start!.timestamp);
    const pending = Number((await env.sql<{ n: string }>(`SELECT count(*) n FROM challenges WHERE status = 'scheduled'`))[0].n);
    expect(await challengeQueue.getJobCountByTypes('delayed', 'waiting')).toBe(pending);
  });

  async function challengeAt(offsets: { reg: number; ciOpen: number; ciClose: number; start: number }, extra: Record<string, unknown> = {}): Promise<string> {
    const now = Date.now();
    const at = (min: number) => new Date(now + min * 60_000);
    const prisma = app.get(PrismaService);
    const c = await prisma.challenge.create({
      data: {
        cityId: city['london'],
        localDate: `2030-01-${String(Math.floor(Math.random() * 28) + 1).padStart(2, '0')}-${Math.random().toString(36).slice(2, 8)}`,
        startsAt: at(offsets.start),
        registrationOpensAt: at(offsets.reg),
        checkInOpensAt: at(offsets.ciOpen),
        checkInClosesAt: at(offsets.ciClose),
        prizePoolCents: 100_000,
        prizeSplit: { first: 5000, second: 3000, thirdFourthEach: 1000 },
        ...extra,
      },
    });
    return c.id;
  }
  const statusOf = async (id: string) => (await env.sql<{ status: string; version: number }>(`SELECT status, version FROM challenges WHERE id = $1`, [id]))[0];
  const statusAudit = (id: string) =>
    env.sql<{ from: string; to: string }>(
      `SELECT data->>'from' AS "from", data->>'to' AS "to" FROM audit_log WHERE action = 'challenge.status.changed' AND entity_id = $1 AND actor_id IS NULL ORDER BY created_at`,
      [id],
    );

  it('runs overdue transitions at once: a challenge whose check-in closed while the worker was down ends check_in_closed, moving only forward', async () => {
    const id = await challengeAt({ reg: -120, ciOpen: -30, ciClose: -10, start: 60 });
    await service.sweep(new Date());
    await eventually(async () => (await statusOf(id)).status === 'check_in_closed', 15_000, 'the overdue transitions');
    await eventually(async () => (await scheduleQueue.getJobCountByTypes('active', 'waiting')) === 0, 15_000, 'the queue to drain');
    const chain = await statusAudit(id);
    const order = ['scheduled', 'registration_open', 'check_in_open', 'check_in_closed'];
    for (const step of chain) expect(order.indexOf(step.to)).toBeGreaterThan(order.indexOf(step.from));
    expect(chain[0].from).toBe('scheduled');
    expect(chain[chain.length - 1].to).toBe('check_in_closed');
    expect((await statusOf(id)).version).toBe(chain.length);
    // The start job is queued for 12:00 on the challenge queue, for the start module.
    expect(await (await challengeQueue.getJob(jobIds.start(id)))?.getState()).toBe('delayed');
  });

  it('moves a status forward only, once: a retried transition, an earlier one arriving late, and a cancelled challenge change nothing', async () => {
    const id = await challengeAt({ reg: -120, ciOpen: -30, ciClose: 30, start: 60 });
    const first = await service.transition({ challengeId: id, to: 'check_in_open' }, new Date(), 'test-1');
    expect(first).toMatchObject({ changed: true, from: 'scheduled', to: 'check_in_open' });
    const results = await Promise.all([
      service.transition({ challengeId: id, to: 'check_in_open' }, new Date(), 'test-2'),
      service.transition({ challengeId: id, to: 'check_in_open' }, new Date(), 'test-3'),
      service.transition({ challengeId: id, to: 'registration_open' }, new Date(), 'test-4'),
    ]);
    expect(results.map((r) => ('changed' in r ? r.changed : 'not due'))).toEqual([false, false, false]);
    expect(await statusOf(id)).toEqual({ status: 'check_in_open', version: 1 });
    expect(await statusAudit(id)).toEqual([{ from: 'scheduled', to: 'check_in_open' }]);

    const cancelled = await challengeAt({ reg: -120, ciOpen: -30, ciClose: -10, start: -1 }, { status: 'cancelled', cancelReason: 'test' });
    expect(await service.transition({ challengeId: cancelled, to: 'check_in_closed' }, new Date(), 'test-5')).toMatchObject({ changed: false, from: 'cancelled' });
    expect(await statusOf(cancelled)).toEqual({ status: 'cancelled', version: 0 });
  });

  it('puts a transition that arrives before its time back in the delayed set instead of applying it', async () => {
    const id = await challengeAt({ reg: -120, ciOpen: -30, ciClose: 30, start: 60 });
    const job = await scheduleQueue.add(JOBS.challengeTransition, { challengeId: id, to: 'check_in_closed' }, { jobId: `early-${id}` });
    await eventually(async () => (await job.getState()) === 'delayed', 15_000, 'the early job to be delayed');
    const reloaded = await scheduleQueue.getJob(`early-${id}`);
    expect(Math.abs(reloaded!.timestamp + reloaded!.delay - (Date.now() + 30 * 60_000))).toBeLessThan(60_000);
    expect((await statusOf(id)).status).toBe('scheduled');
    await reloaded!.remove();
  });

  it('at check-in close withdraws suspended or banned players, then seats checked-in waitlisted players, in waitlist order, in the places left, and tells each once', async () => {
    const id = await challengeAt({ reg: -120, ciOpen: -30, ciClose: -1, start: 4 }, { capacity: 4, status: 'check_in_open' });
    const users: Record<string, string> = {};
    const entries: [string, string, boolean, ('suspended' | 'banned')?][] = [
      ['r1', 'registered', true],
      ['r2', 'registered', true, 'banned'], // checked in, then banned: withdrawn, not seated
      ['r3', 'registered', false], // no-show: keeps the registration, not seated
      ['r4', 'registered', false],
      ['w5', 'waitlisted', true, 'suspended'], // checked in, then suspended: withdrawn
      ['w6', 'waitlisted', false], // did not check in: not seated
      ['w7', 'waitlisted', true],
      ['w8', 'waitlisted', true],
      ['w9', 'waitlisted', true],
      ['w10', 'waitlisted', true], // checked in, but no place is left
    ];
    for (const [i, [name, status, checkedIn, userStatus]] of entries.entries()) {
      const [u] = await env.sql<{ id: string }>(
        `INSERT INTO users (id, email, password_hash, display_name, status, suspended_until, updated_at)
         VALUES (gen_random_uuid(), $1, 'x', $2, $3::"UserStatus", $4, now()) RETURNING id`,
        [`${name}-${id}@example.com`, name, userStatus ?? 'active', userStatus === 'suspended' ? new Date(Date.now() + 86_400_000) : null],
      );
      users[name] = u.id;
      await env.sql(
        `INSERT INTO registrations (id, challenge_id, user_id, status, position, checked_in_at, updated_at)
         VALUES (gen_random_uuid(), $1, $2, $3::"RegistrationStatus", $4, $5, now())`,
        [id, u.id, status, i + 1, checkedIn ? new Date() : null],
      );
    }

    const results = await Promise.all([
      service.transition({ challengeId: id, to: 'check_in_closed' }, new Date(), 'close-1'),
      service.transition({ challengeId: id, to: 'check_in_closed' }, new Date(), 'close-2'),
    ]);
    expect(results.filter((r) => 'changed' in r && r.changed)).toHaveLength(1);
    expect(await statusOf(id)).toEqual({ status: 'check_in_closed', version: 1 });

    const regs = await env.sql<{ name: string; status: string; checked_in: boolean }>(
      `SELECT u.display_name AS name, r.status, r.checked_in_at IS NOT NULL AS checked_in FROM registrations r JOIN users u ON u.id = r.user_id WHERE r.challenge_id = $1 ORDER BY r.position`,
      [id],
    );
    expect(regs.map((r) => `${r.name}:${r.status}`)).toEqual([
      'r1:registered',
      'r2:withdrawn',
      'r3:registered',
      'r4:registered',
      'w5:withdrawn',
      'w6:waitlisted',
      'w7:registered',
      'w8:registered',
      'w9:registered',
      'w10:waitlisted',
    ]);
    // The seated set for 12:00: registered and checked in — exactly the capacity.
    expect(regs.filter((r) => r.status === 'registered' && r.checked_in).map((r) => r.name)).toEqual(['r1', 'w7', 'w8', 'w9']);

    // Retried once more after the fact: nothing changes, nobody is told twice.
    await service.transition({ challengeId: id, to: 'check_in_closed' }, new Date(), 'close-3');
    const notes = await env.sql<{ user_id: string; kind: string; dedupe_key: string }>(
      `SELECT user_id, kind, dedupe_key FROM notifications WHERE data->>'challengeId' = $1 ORDER BY kind, user_id`,
      [id],
    );
    expect(notes).toEqual([
      ...[users.r2, users.w5].sort().map((u) => ({ user_id: u, kind: 'challenge.registration_withdrawn', dedupe_key: `withdrawn-ineligible:${id}` })),
      ...[users.w7, users.w8, users.w9].sort().map((u) => ({ user_id: u, kind: 'challenge.seated_from_waitlist', dedupe_key: `seated:${id}` })),
    ]);
    const audit = await env.sql<{ data: { promotedFromWaitlist: string[]; withdrawnSuspendedOrBanned: string[] } }>(
      `SELECT data FROM audit_log WHERE action = 'challenge.status.changed' AND entity_id = $1`,
      [id],
    );
    expect(audit).toHaveLength(1);
    expect(audit[0].data.promotedFromWaitlist).toEqual([users.w7, users.w8, users.w9]);
    expect([...audit[0].data.withdrawnSuspendedOrBanned].sort()).toEqual([users.r2, users.w5].sort());
  });
});

describe('worker start-up: the schedule sweep', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv('schedule_boot');
  });
  afterAll(async () => env.drop());

  it('registers the periodic sweep and runs one at start, creating the coming two Saturdays of a city', async () => {
    await env.sql(`INSERT INTO cities (id, name, slug, time_zone, region, tier, updated_at) VALUES (gen_random_uuid(), 'Tokyo', 'tokyo', 'Asia/Tokyo', 'west', 'T1', now())`);
    const config = env.config({ SCHEDULE_SWEEP_INTERVAL_MS: '3600000', MAINTENANCE_INTERVAL_MS: '3600000' });
    const worker = await createWorker(config);
    const queue = new Queue(QUEUES.schedule, { connection: bullConnection(config.REDIS_URL), prefix: config.QUEUE_PREFIX });
    try {
      await eventually(async () => (await env.sql(`SELECT 1 FROM challenges`)).length === 2, 15_000, 'the start-up sweep');
      const rows = await env.sql<{ local_date: string; starts_at: Date }>(`SELECT local_date, starts_at FROM challenges ORDER BY local_date`);
      for (const r of rows) {
        expect(new Date(`${r.local_date}T12:00:00Z`).getUTCDay()).toBe(6);
        expect(r.starts_at.toISOString()).toBe(`${r.local_date}T03:00:00.000Z`); // 12:00 in Tokyo
        expect(r.starts_at.getTime()).toBeGreaterThan(Date.now());
      }
      const schedulers = await queue.getJobSchedulers();
      expect(schedulers.map((s) => [s.key, s.every])).toEqual([['schedule-sweep', 3600000]]);
    } finally {
      await queue.obliterate({ force: true });
      await queue.close();
      const challengeQueue = new Queue(QUEUES.effects, { connection: bullConnection(config.REDIS_URL), prefix: config.QUEUE_PREFIX });
      await challengeQueue.obliterate({ force: true });
      await challengeQueue.close();
      await worker.close();
    }
  }, 30_000);
});
