import { Queue, QueueEvents } from 'bullmq';
import type { INestApplicationContext } from '@nestjs/common';
import { bullConnection, JOBS, jobIds, PrismaService, QUEUES } from '@dcs/common';
import { GameStore } from '@dcs/tournament';
import { SimRng, STRENGTHS, type SimPlayer } from '@dcs/anticheat/sim';
import { createWorker } from '../apps/worker/src/setup';
import { storeSimulatedGame } from './support/anticheat-games';
import { startApi, TestApi } from './support/api';
import { eventually } from './support/temp-redis';
import { createTestEnv, TestEnv } from './support/test-env';

const human = (id: string, mix = STRENGTHS.medium): SimPlayer => ({ id, kind: 'honest', mix, medianMs: 2000, logSd: 0.6, mistakeKnockRate: 0.002 });

describe('anti-cheat detection: finished games → analysis → signals → cases (worker)', () => {
  let env: TestEnv;
  let api: TestApi;
  let prisma: PrismaService;
  let worker: INestApplicationContext | null = null;

  beforeAll(async () => {
    env = await createTestEnv('anticheat');
    api = await startApi(env);
    prisma = api.app.get(PrismaService);
  });
  afterAll(async () => {
    await worker?.close();
    await api.close();
    await env.drop();
  });

  const finishedGame = (roundId: string, challengeId: string, index: number, players: { userId: string; sim: SimPlayer }[], seed: string): Promise<string> =>
    storeSimulatedGame(prisma, api.app.get(GameStore), { roundId, challengeId, index }, players, seed);

  it('opens a case with its signals for a player who sees the hidden tiles and for linked accounts at one table; honest players get none; a retried job adds nothing', async () => {
    // Capture: a sign-in with a device fingerprint stores its hash and the IP, never the raw value.
    const cheater = await api.user();
    const honest = [await api.user(), await api.user(), await api.user(), await api.user(), await api.user(), await api.user()];
    const linkA = await api.user();
    const linkB = await api.user();
    for (const u of [linkA, linkB]) {
      const res = await api.http().post('/api/auth/login').send({ email: u.email, password: u.password, deviceFingerprint: 'same-laptop-fp-0001' });
      expect(res.status).toBe(200);
    }
    const sessions = await env.sql<{ user_id: string; fingerprint_hash: string; ip: string; source: string }>(`SELECT user_id, fingerprint_hash, ip, source FROM user_sessions ORDER BY created_at`);
    expect(sessions).toHaveLength(2);
    expect(sessions[0].fingerprint_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(sessions[0].fingerprint_hash).toBe(sessions[1].fingerprint_hash);
    expect(JSON.stringify(sessions)).not.toContain('same-laptop');
    expect(sessions.every((s) => s.source === 'login' && !!s.ip)).toBe(true);

    const city = await prisma.city.create({ data: { name: 'AC City', slug: `ac-${Date.now()}`, timeZone: 'America/New_York', region: 'south', tier: 'T1' } });
    const t = new Date();
    const challenge = await prisma.challenge.create({
      data: { cityId: city.id, localDate: '2027-01-02', startsAt: t, registrationOpensAt: t, checkInOpensAt: t, checkInClosesAt: t, status: 'running', prizePoolCents: 50000, prizeSplit: { first: 5000, second: 3000, thirdFourthEach: 1000 } },
    });
    const round = await prisma.round.create({ data: { challengeId: challenge.id, number: 1, status: 'running', startsAt: t } });

    // 60 games: the cheater sees every hand (an all-seeing peeker), with three of six honest players of mixed strength.
    const cheat = { userId: cheater.id, sim: { ...human('c', STRENGTHS.strong), kind: 'peeker' as const, peekRate: 1, peekSeats: 3 } };
    const mixes = [STRENGTHS.strong, STRENGTHS.medium, STRENGTHS.weak];
    const others = honest.map((h, i) => ({ userId: h.id, sim: human(`h${i}`, mixes[i % 3]) }));
    const gameIds: string[] = [];
    for (let i = 0; i < 60; i++) {
      const rng = new SimRng(`e2e-seating-${i}`);
      const pick = others.slice().sort((a, b) => a.userId.localeCompare(b.userId)).map((o) => ({ o, k: rng.next() })).sort((a, b) => a.k - b.k).slice(0, 3).map((x) => x.o);
      const four = [cheat, ...pick];
      const seated = [0, 1, 2, 3].map((k) => four[(k + i) % 4]);
      gameIds.push(await finishedGame(round.id, challenge.id, i, seated, `e2e-${i}`));
    }
    // One game where the two linked accounts sit together with two honest players.
    await finishedGame(round.id, challenge.id, 99, [
      { userId: linkA.id, sim: human('la') },
      { userId: honest[0].id, sim: human('h1') },
      { userId: linkB.id, sim: human('lb') },
      { userId: honest[1].id, sim: human('h2') },
    ], 'e2e-linked');

    // The worker's start-up scan queues every finished game not yet analysed; each job analyses one game.
    const config = env.config({ ANTICHEAT_SCAN_INTERVAL_MS: '3600000' });
    worker = await createWorker(config);
    await eventually(async () => (await env.sql(`SELECT 1 FROM anticheat_game_analyses`)).length === 61, 150_000, 'every game analysed');
    const queue = new Queue(QUEUES.anticheat, { connection: bullConnection(config.REDIS_URL), prefix: config.QUEUE_PREFIX });
    const events = new QueueEvents(QUEUES.anticheat, { connection: bullConnection(config.REDIS_URL), prefix: config.QUEUE_PREFIX });
    try {
      // every game job done (the last one evaluates after storing its analysis; the scan's next run is a delayed job)
      await eventually(
        async () => Object.values(await queue.getJobCounts('active', 'waiting', 'prioritized')).every((n) => n === 0),
        30_000,
        'the queue to drain',
      );

      const cases = await env.sql<{ id: string; status: string; source: string; subject_ids: string[]; opened_by_id: string | null }>(
        `SELECT id, status, source, subject_ids, opened_by_id FROM integrity_cases ORDER BY created_at`,
      );
      const cheaterCase = cases.find((c) => c.subject_ids.length === 1 && c.subject_ids[0] === cheater.id);
      expect(cheaterCase).toMatchObject({ status: 'open', source: 'detection', opened_by_id: null });
      const linkedCase = cases.find((c) => [...c.subject_ids].sort().join() === [linkA.id, linkB.id].sort().join());
      expect(linkedCase).toMatchObject({ status: 'open', source: 'detection' });
      // Honest players are never the subject of a case.
      for (const h of honest) expect(cases.some((c) => c.subject_ids.includes(h.id))).toBe(false);

      const signals = await env.sql<{ case_id: string; kind: string; value: number; threshold: number; sample_size: number; game_ids: string[]; baseline: object; details: Record<string, unknown> }>(
        `SELECT case_id, kind, value, threshold, sample_size, game_ids, baseline, details FROM anticheat_signals ORDER BY created_at`,
      );
      const hidden = signals.find((s) => s.case_id === cheaterCase!.id && s.kind === 'hidden_info')!;
      expect(hidden.value).toBeGreaterThanOrEqual(hidden.threshold);
      expect(hidden.sample_size).toBeGreaterThanOrEqual(150);
      expect(hidden.game_ids.every((g) => gameIds.includes(g))).toBe(true);
      expect(hidden.details).toHaveProperty('meanAdvantage');
      expect(hidden.baseline).toHaveProperty('advantageMean');
      const linked = signals.find((s) => s.case_id === linkedCase!.id)!;
      expect(linked).toMatchObject({ kind: 'linked_accounts', details: { sharedFingerprints: 1, gamesTogether: 1 } });

      // Audited as the system's acts; nobody was penalised (no decision, no suspension).
      const audit = await env.sql<{ action: string; actor_id: string | null }>(`SELECT action, actor_id FROM audit_log WHERE action IN ('integrity.case.opened', 'anticheat.signal.recorded')`);
      expect(audit.filter((a) => a.action === 'integrity.case.opened')).toHaveLength(cases.length);
      expect(audit.filter((a) => a.action === 'anticheat.signal.recorded')).toHaveLength(signals.length);
      expect(audit.every((a) => a.actor_id === null)).toBe(true);
      expect(await env.sql(`SELECT 1 FROM users WHERE status <> 'active'`)).toEqual([]);

      // A retried job (same job id) changes nothing: no second analysis, no duplicate signal.
      await events.waitUntilReady();
      const last = gameIds[gameIds.length - 1];
      await (await queue.getJob(jobIds.anticheatGame(last)))?.remove();
      const job = await queue.add(JOBS.anticheatGame, { gameId: last }, { jobId: jobIds.anticheatGame(last) });
      const result = (await job.waitUntilFinished(events, 30_000)) as { analysed: boolean; signals: { outcome: string }[] };
      expect(result.analysed).toBe(false);
      expect(result.signals.every((s) => s.outcome !== 'recorded')).toBe(true);
      expect((await env.sql(`SELECT 1 FROM anticheat_signals`)).length).toBe(signals.length);
      expect((await env.sql(`SELECT 1 FROM integrity_cases`)).length).toBe(cases.length);
      expect((await env.sql(`SELECT 1 FROM anticheat_seat_features WHERE game_id = $1`, [last])).length).toBe(4);
    } finally {
      await events.close();
      await queue.close();
    }
  }, 180_000); // simulates and analyses a few dozen games: about 30 s alone, twice that on a loaded 2-core machine
});
