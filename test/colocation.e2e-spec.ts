import type { INestApplicationContext } from '@nestjs/common';
import { Queue } from 'bullmq';
import { bullConnection, PrismaService, QUEUES } from '@dcs/common';
import { GameStore } from '@dcs/tournament';
import { STRENGTHS, type SimPlayer } from '@dcs/anticheat/sim';
import { createWorker } from '../apps/worker/src/setup';
import { storeSimulatedGame } from './support/anticheat-games';
import { startApi, TestApi } from './support/api';
import { eventually } from './support/temp-redis';
import { createTestEnv, TestEnv } from './support/test-env';

const human = (id: string): SimPlayer => ({ id, kind: 'honest', mix: STRENGTHS.medium, medianMs: 2000, logSd: 0.6, mistakeKnockRate: 0.002 });
const ROOM = '203.0.113.50';
const HOUSEHOLD = '198.51.100.20';

describe('anti-cheat co-location: a pair co-located at one table far more often than honest players can be opens one case (worker)', () => {
  let env: TestEnv;
  let api: TestApi;
  let prisma: PrismaService;
  let worker: INestApplicationContext | null = null;
  const auth = (t: { token: string }) => ({ Authorization: `Bearer ${t.token}` });

  beforeAll(async () => {
    env = await createTestEnv('colocation');
    api = await startApi(env);
    prisma = api.app.get(PrismaService);
  });
  afterAll(async () => {
    await worker?.close();
    await api.close();
    await env.drop();
  });

  /** A finished game at a new table of the round, played `hoursAgo` hours ago (40 minutes long), with the sessions each player opened in it. */
  async function finishedGame(roundId: string, challengeId: string, index: number, players: { id: string; ip: string }[], hoursAgo: number): Promise<string> {
    const startedAt = new Date(Date.now() - hoursAgo * 3_600_000);
    const finishedAt = new Date(startedAt.getTime() + 40 * 60_000);
    const seated = players.map((p) => ({ userId: p.id, sim: human(p.id) }));
    const gameId = await storeSimulatedGame(prisma, api.app.get(GameStore), { roundId, challengeId, index }, seated, `colocation-${index}`, { startedAt, finishedAt });
    // what the API captures: a socket connection per player as the table opens (hashes and addresses only)
    await prisma.userSession.createMany({ data: players.map((p, k) => ({ userId: p.id, ip: p.ip, source: 'socket', createdAt: new Date(startedAt.getTime() + (k + 1) * 20_000) })) });
    return gameId;
  }

  it('opens the pair one case with its games, addresses and timeline for reviewers; hides the addresses from both players; an honest household and an honest café never fire', async () => {
    const peeker = await api.user();
    const confederate = await api.user();
    const honest = await Promise.all(Array.from({ length: 6 }, () => api.user()));
    const reviewer = await api.user({ roles: ['reviewer'] });
    // honest[0] and honest[1] live together (one address); honest[2] and honest[3] meet once at a café
    const home = (i: number): string => (i <= 1 ? HOUSEHOLD : `192.0.2.${10 + i}`);

    const city = await prisma.city.create({ data: { name: 'Colo City', slug: `colo-${Date.now()}`, timeZone: 'America/New_York', region: 'south', tier: 'T1' } });
    const t = new Date();
    const challenge = await prisma.challenge.create({
      data: { cityId: city.id, localDate: '2027-01-02', startsAt: t, registrationOpensAt: t, checkInOpensAt: t, checkInClosesAt: t, status: 'running', prizePoolCents: 50000, prizeSplit: { first: 5000, second: 3000, thirdFourthEach: 1000 } },
    });
    const round = await prisma.round.create({ data: { challengeId: challenge.id, number: 1, status: 'running', startsAt: t } });

    // 12 games: the peeker and its confederate at one table, from one room, with two honest players each time
    const pairGames: string[] = [];
    for (let i = 0; i < 12; i++) {
      const a = honest[(2 * i) % 6];
      const b = honest[(2 * i + 1) % 6];
      const ai = honest.indexOf(a);
      const bi = honest.indexOf(b);
      pairGames.push(
        await finishedGame(
          round.id,
          challenge.id,
          i,
          [
            { id: peeker.id, ip: ROOM },
            { id: a.id, ip: home(ai) },
            { id: confederate.id, ip: ROOM },
            { id: b.id, ip: home(bi) },
          ],
          48 - i * 2,
        ),
      );
    }
    // the household (honest[0], honest[1]) at one table twice more; two honest players meet once at a café
    for (let i = 0; i < 2; i++) {
      await finishedGame(round.id, challenge.id, 20 + i, [{ id: honest[0].id, ip: HOUSEHOLD }, { id: honest[4].id, ip: home(4) }, { id: honest[1].id, ip: HOUSEHOLD }, { id: honest[5].id, ip: home(5) }], 10 - i);
    }
    await finishedGame(round.id, challenge.id, 30, [{ id: honest[2].id, ip: '198.51.100.99' }, { id: honest[4].id, ip: home(4) }, { id: honest[3].id, ip: '198.51.100.99' }, { id: honest[5].id, ip: home(5) }], 5);

    const config = env.config({ ANTICHEAT_SCAN_INTERVAL_MS: '3600000' });
    worker = await createWorker(config);
    await eventually(async () => (await env.sql(`SELECT 1 FROM anticheat_game_analyses`)).length === 15, 120_000, 'every game analysed');
    const queue = new Queue(QUEUES.anticheat, { connection: bullConnection(config.REDIS_URL), prefix: config.QUEUE_PREFIX });
    try {
      await eventually(async () => Object.values(await queue.getJobCounts('active', 'waiting', 'prioritized')).every((n) => n === 0), 30_000, 'the queue to drain');
    } finally {
      await queue.close();
    }

    const cases = await env.sql<{ id: string; source: string; subject_ids: string[]; summary: string }>(`SELECT id, source, subject_ids, summary FROM integrity_cases`);
    const pair = [peeker.id, confederate.id].sort().join();
    // one case for the pair, opened by detection; no honest player (household, café) is the subject of any case
    expect(cases.filter((c) => [...c.subject_ids].sort().join() === pair)).toHaveLength(1);
    const pairCase = cases.find((c) => [...c.subject_ids].sort().join() === pair)!;
    expect(pairCase.source).toBe('detection');
    expect(pairCase.summary).not.toContain('203.0.113');
    for (const h of honest) expect(cases.some((c) => c.subject_ids.includes(h.id))).toBe(false);
    const signals = await env.sql<{ case_id: string; kind: string; value: number; game_ids: string[]; details: Record<string, unknown> }>(`SELECT case_id, kind, value, game_ids, details FROM anticheat_signals WHERE kind = 'co_location'`);
    expect(signals.length).toBeGreaterThanOrEqual(1);
    expect(signals.every((s) => s.case_id === pairCase.id)).toBe(true);
    // never on a single shared game: it fired once the pair had been co-located well beyond the honest bound (10 games at 1 in 4)
    expect(Math.min(...signals.map((s) => (s.details as { colocatedGames: number }).colocatedGames))).toBeGreaterThanOrEqual(10);

    // A reviewer sees the evidence: the games, the shared address and network, the timeline, the directed and per-player figures.
    const detail = await api.http().get(`/api/integrity/cases/${pairCase.id}`).set(auth(reviewer)).expect(200);
    const co = (detail.body.signals as { kind: string; details: Record<string, unknown>; gameIds: string[] }[]).find((s) => s.kind === 'co_location')!;
    expect(co.details).toMatchObject({ ips: [ROOM], networks: ['203.0.113.0/24'], ip: expect.any(Number) });
    const timeline = co.details.timeline as { gameId: string; level: string; ips: string[] }[];
    expect(timeline.length).toBeGreaterThanOrEqual(10);
    expect(timeline.every((x) => pairGames.includes(x.gameId) && x.level === 'ip' && x.ips[0] === ROOM)).toBe(true);
    expect(co.gameIds.every((g) => pairGames.includes(g))).toBe(true);
    expect((co.details.directed as { kind: string }[]).map((d) => d.kind)).toEqual(['hidden_info_directed', 'hidden_info_directed']);
    expect((co.details.perPlayer as { kind: string }[]).map((d) => d.kind)).toEqual(['hidden_info', 'hidden_info']);
    expect((detail.body.games as { id: string }[]).map((g) => g.id).sort()).toEqual(expect.arrayContaining(co.gameIds.slice().sort()));

    // Neither player sees the addresses: their own case list shows the case, never the evidence; the reviewer endpoint is closed to them.
    for (const who of [peeker, confederate]) {
      const mine = await api.http().get('/api/me/cases').set(auth(who)).expect(200);
      expect((mine.body as { id: string }[]).map((c) => c.id)).toContain(pairCase.id);
      expect(JSON.stringify(mine.body)).not.toContain('203.0.113');
      await api.http().get(`/api/integrity/cases/${pairCase.id}`).set(auth(who)).expect(403);
    }
  }, 180_000);
});
