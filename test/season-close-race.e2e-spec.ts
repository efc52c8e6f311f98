import { AppError, PrismaService } from '@dcs/common';
import { ChallengeFlowService, SeasonStandingsStore } from '@dcs/tournament';
import { startApi, TestApi } from './support/api';
import { directCity } from './support/fixtures';
import { eventually } from './support/temp-redis';
import { createTestEnv, TestEnv } from './support/test-env';
import { holding, lockWaiters, settle } from './support/locks';

/**
 * Closing a season while one of its challenges starts (the 12:00 job, ChallengeFlowService.start),
 * in both orders, played deterministically: a raw transaction holds a row, the other side is seen
 * waiting on it in pg_stat_activity, then the raw transaction does its part. Either the close sees
 * the challenge running and refuses, or it cancels the challenge and the start does nothing; never
 * a cancelled challenge with a running round, nor a closed season with a running challenge.
 * No worker: the API's services are called directly (the director's close over HTTP).
 */
describe('season close racing a challenge that starts', () => {
  let env: TestEnv;
  let api: TestApi;
  let prisma: PrismaService;
  let store: SeasonStandingsStore;
  let flow: ChallengeFlowService;
  let director: { id: string; token: string };
  let seq = 0;

  beforeAll(async () => {
    env = await createTestEnv('season_close_race');
    api = await startApi(env);
    prisma = api.app.get(PrismaService);
    store = api.app.get(SeasonStandingsStore);
    flow = api.app.get(ChallengeFlowService);
    director = await api.user({ roles: ['director'] });
  });
  afterAll(async () => {
    await api.close();
    await env.drop();
  });

  /** An active season with one completed week (4 players placed) and week 2 about to start: check-in closed, 16 checked in (a full bracket's minimum). */
  async function seasonWithStartingChallenge() {
    seq += 1;
    const tag = `${seq}${Date.now().toString(36)}`;
    const city = await prisma.city.create({ data: { name: `Race City ${tag}`, slug: `race-${tag}`, timeZone: 'America/New_York', region: 'south', tier: 'T1' } });
    const season = await prisma.season.create({ data: { cityId: city.id, number: 1, startDate: '2027-01-02', challenges: 12, status: 'active' } });
    await directCity(api, director.id, { cityId: city.id });
    await prisma.user.createMany({ data: Array.from({ length: 16 }, (_, i) => ({ email: `${i}-${tag}@race.test`, passwordHash: 'x', displayName: `Racer ${i + 1}` })) });
    const players = (await prisma.user.findMany({ where: { email: { endsWith: `-${tag}@race.test` } }, select: { id: true, email: true } }))
      .sort((a, b) => parseInt(a.email, 10) - parseInt(b.email, 10))
      .map((u) => u.id);
    const week1 = new Date('2027-01-02T17:00:00Z');
    const done = await prisma.challenge.create({
      data: {
        cityId: city.id, seasonId: season.id, week: 1, localDate: '2027-01-02', startsAt: week1, registrationOpensAt: week1, checkInOpensAt: week1, checkInClosesAt: week1,
        status: 'completed', completedAt: week1, prizePoolCents: 0, prizeSplit: {},
      },
    });
    await prisma.placement.createMany({
      data: players.slice(0, 4).map((userId, i) => ({ challengeId: done.id, userId, placement: ['1', '2', '3-4', '3-4'][i], rankingPoints: [500, 350, 200, 200][i], prizeCents: 0 })),
    });
    const t = new Date();
    // Its own 12:00 is an hour away: only the test starts it.
    const starting = await prisma.challenge.create({
      data: {
        cityId: city.id, seasonId: season.id, week: 2, localDate: '2027-01-09', startsAt: new Date(t.getTime() + 3_600_000),
        registrationOpensAt: new Date(t.getTime() - 86_400_000), checkInOpensAt: new Date(t.getTime() - 3_600_000), checkInClosesAt: new Date(t.getTime() - 300_000),
        status: 'check_in_closed', prizePoolCents: 0, prizeSplit: {},
      },
    });
    await prisma.registration.createMany({ data: players.map((userId, i) => ({ challengeId: starting.id, userId, status: 'registered' as const, position: i + 1, checkedInAt: t })) });
    return { cityId: city.id, seasonId: season.id, challengeId: starting.id, players };
  }


  const closeOverHttp = (cityId: string, seasonId: string) =>
    api.http().post(`/api/cities/${cityId}/seasons/${seasonId}/close`).set('Authorization', `Bearer ${director.token}`).send({ reason: 'end of the season' }).then((r) => r);

  /** What may never be stored: a cancelled challenge with a running round, a closed season with a running challenge. */
  async function expectConsistent(seasonId: string, challengeId: string) {
    const ch = await prisma.challenge.findUniqueOrThrow({ where: { id: challengeId } });
    const season = await prisma.season.findUniqueOrThrow({ where: { id: seasonId } });
    const runningRounds = await prisma.round.count({ where: { challengeId, status: 'running' } });
    if (ch.status === 'cancelled') expect(runningRounds).toBe(0);
    if (season.status === 'closed') expect(await prisma.challenge.count({ where: { seasonId, status: 'running' } })).toBe(0);
  }

  /**
   * The start holds the challenge's row (as `lockChallenge` does) while the close runs; once the
   * close waits on that row, the start sets the challenge running, seats round 1 and commits.
   */
  async function startWinsWhileCloseRuns(close: (s: Awaited<ReturnType<typeof seasonWithStartingChallenge>>) => Promise<unknown>) {
    const s = await seasonWithStartingChallenge();
    return holding(env, 'SELECT id FROM challenges WHERE id = $1 FOR UPDATE', [s.challengeId], async (release, start) => {
      const closing = settle(close(s));
      await eventually(async () => (await lockWaiters(env)) === 1, 15_000, 'the close waiting on the starting challenge');
      await start.query(`UPDATE challenges SET status = 'running', version = version + 1 WHERE id = $1`, [s.challengeId]);
      await start.query(
        `INSERT INTO rounds (id, challenge_id, number, status, starts_at, hard_stop_at) VALUES (gen_random_uuid(), $1, 1, 'running', now(), now() + interval '30 minutes')`,
        [s.challengeId],
      );
      await release();
      return { s, outcome: await closing };
    });
  }

  it("the director's close waits for a start in progress, then sees the challenge running and refuses (409 SEASON_CHALLENGE_RUNNING)", async () => {
    const { s, outcome } = await startWinsWhileCloseRuns((x) => closeOverHttp(x.cityId, x.seasonId));
    expect('value' in outcome).toBe(true);
    const res = (outcome as { value: { status: number; body: { code?: string } } }).value;
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('SEASON_CHALLENGE_RUNNING');
    expect((await prisma.challenge.findUniqueOrThrow({ where: { id: s.challengeId } })).status).toBe('running');
    expect((await prisma.season.findUniqueOrThrow({ where: { id: s.seasonId } })).status).toBe('active');
    expect(await prisma.auditLog.count({ where: { action: 'season.closed', entityId: s.seasonId } })).toBe(0);
    await expectConsistent(s.seasonId, s.challengeId);
  }, 60_000);

  it("the worker's close (no actor) is refused the same way: it throws SEASON_CHALLENGE_RUNNING, as for any running challenge", async () => {
    const { s, outcome } = await startWinsWhileCloseRuns((x) => store.close(x.seasonId, null, null));
    expect('error' in outcome).toBe(true);
    const error = (outcome as { error: unknown }).error;
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('SEASON_CHALLENGE_RUNNING');
    expect((await prisma.challenge.findUniqueOrThrow({ where: { id: s.challengeId } })).status).toBe('running');
    expect((await prisma.season.findUniqueOrThrow({ where: { id: s.seasonId } })).status).toBe('active');
    await expectConsistent(s.seasonId, s.challengeId);
  }, 60_000);

  it('a start that comes while the close is deciding waits for it, then finds the challenge cancelled and does nothing', async () => {
    const s = await seasonWithStartingChallenge();
    // A recompute of the season's standings (a penalty, a completion) holds the season's row, so the close pauses there.
    await holding(env, 'SELECT id FROM seasons WHERE id = $1 FOR UPDATE', [s.seasonId], async (release) => {
      const closing = closeOverHttp(s.cityId, s.seasonId);
      await eventually(async () => (await lockWaiters(env)) === 1, 15_000, 'the close waiting on the season');
      let settled = false;
      const starting = settle(flow.start(s.challengeId)).then((r) => ((settled = true), r));
      // The start now waits on the challenge the close holds (or, if the close did not lock it, runs through).
      await eventually(async () => settled || (await lockWaiters(env)) === 2, 15_000, 'the start waiting on the challenge, or done');
      await release();
      const [closed, started] = await Promise.all([closing, starting]);
      expect(closed.status).toBe(200);
      expect(closed.body.closed).toBe(true);
      expect(started).toEqual({ value: 'noop' });
      const ch = await prisma.challenge.findUniqueOrThrow({ where: { id: s.challengeId } });
      expect(ch).toMatchObject({ status: 'cancelled', cancelReason: 'the season is closed' });
      expect(await prisma.round.count({ where: { challengeId: s.challengeId } })).toBe(0);
      expect((await prisma.season.findUniqueOrThrow({ where: { id: s.seasonId } })).status).toBe('closed');
      expect(await prisma.auditLog.count({ where: { action: 'challenge.cancelled', entityId: s.challengeId } })).toBe(1);
      expect(await prisma.auditLog.count({ where: { action: 'challenge.started', entityId: s.challengeId } })).toBe(0);
      await expectConsistent(s.seasonId, s.challengeId);
    });
  }, 60_000);

  it("a penalty that takes the season before a challenge of it (a filing: Elite Six disqualification, then a suspension) neither deadlocks with the close nor fails it", async () => {
    const s = await seasonWithStartingChallenge();
    const player = s.players[15];
    await holding(env, 'SELECT id FROM seasons WHERE id = $1 FOR UPDATE', [s.seasonId], async (release) => {
      // The filing reaches the season first (its Elite Six disqualification recomputes the season's
      // standings); its suspension then withdraws the player from the challenge not started.
      const filing = api
        .http()
        .post('/api/conduct/violations')
        .set('Authorization', `Bearer ${director.token}`)
        // Tied to the city's challenge the player is in: a director sanctions only through one (issue 36).
        .send({ userId: player, reason: 'abusive conduct at the venue', challengeId: s.challengeId, sanctions: [{ kind: 'elite_six_disqualification', seasonId: s.seasonId }, { kind: 'suspension', hours: 24 }] })
        .then((r) => r);
      await eventually(async () => (await lockWaiters(env)) === 1, 15_000, 'the filing waiting on the season');
      const closing = closeOverHttp(s.cityId, s.seasonId);
      await eventually(async () => (await lockWaiters(env)) === 2, 15_000, 'the close waiting too');
      await release();
      const [filed, closed] = await Promise.all([filing, closing]);
      expect([filed.status, filed.body.code]).toEqual([201, undefined]);
      expect([closed.status, closed.body.code]).toEqual([200, undefined]);
      expect(closed.body.closed).toBe(true);
      // The filing went first: the player withdrawn, then the challenge cancelled by the close.
      expect((await prisma.registration.findUniqueOrThrow({ where: { challengeId_userId: { challengeId: s.challengeId, userId: player } } })).status).toBe('withdrawn');
      expect((await prisma.challenge.findUniqueOrThrow({ where: { id: s.challengeId } })).status).toBe('cancelled');
      expect(await prisma.seasonPenalty.count({ where: { seasonId: s.seasonId, userId: player, kind: 'elite_six_disqualification' } })).toBe(1);
    });
  }, 60_000);
});
