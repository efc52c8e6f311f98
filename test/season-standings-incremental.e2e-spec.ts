import { PrismaService } from '@dcs/common';
import type { Challenge } from '@dcs/db';
import { seedRng, nextInt } from '@dcs/engine';
import { isStandingsError, RANKING_POINTS, seasonTable } from '@dcs/ranking';
import { type Effect, loadSeasonChallenges, loadSeasonPenalties, SeasonStandingsStore, TournamentClock } from '@dcs/tournament';
import { startApi, TestApi } from './support/api';
import { createTestEnv, TestEnv } from './support/test-env';

/** Placements and their ranking points (SPEC 3.6), best first. */
const PLACEMENTS = Object.entries(RANKING_POINTS);

/**
 * A completion folds only its own challenge into the season's facts kept from the earlier ones
 * (SeasonStandingsStore): on random, tie-heavy seasons the stored rows after every completion are
 * exactly a recompute from scratch of every stored result (libs/ranking `seasonTable`), also across
 * a penalty, a corrected final, another instance (a fresh store) and a completion rolled back.
 */
describe('season standings: each completion folds in only its challenge, and equals a full recompute', () => {
  let env: TestEnv;
  let api: TestApi;
  let prisma: PrismaService;
  let store: SeasonStandingsStore;
  let seq = 0;

  beforeAll(async () => {
    env = await createTestEnv('season_incremental');
    api = await startApi(env);
    prisma = api.app.get(PrismaService);
    store = api.app.get(SeasonStandingsStore);
  });
  afterAll(async () => {
    await api.close();
    await env.drop();
  });

  async function setup(players: number, weeks: number) {
    seq += 1;
    const tag = `${seq}${Date.now().toString(36)}`;
    const city = await prisma.city.create({ data: { name: `Fold City ${tag}`, slug: `fold-${tag}`, timeZone: 'America/New_York', region: 'south', tier: 'T1' } });
    const season = await prisma.season.create({ data: { cityId: city.id, number: 1, startDate: '2027-01-02', challenges: weeks, status: 'active' } });
    await prisma.user.createMany({ data: Array.from({ length: players }, (_, i) => ({ email: `${i}-${tag}@fold.test`, passwordHash: 'x', displayName: `Fold ${i}` })) });
    const ids = (await prisma.user.findMany({ where: { email: { endsWith: `-${tag}@fold.test` } }, select: { id: true } })).map((u) => u.id);
    return { city, season, ids };
  }

  /**
   * Writes week `week`'s results as a completion leaves them (placements, finished tables with
   * their results) and runs the store's step in one transaction, as the completion does. Few
   * distinct points and scores, so most places are decided by the tiebreakers.
   */
  async function complete(ctx: { city: { id: string }; season: { id: string }; ids: string[] }, week: number, seed: string, opts: { rollBack?: boolean } = {}): Promise<Challenge> {
    const rng = seedRng(seed);
    const field = ctx.ids.filter(() => nextInt(rng, 5) > 0);
    const date = new Date(Date.parse('2027-01-02T12:00:00Z') + (week - 1) * 7 * 86_400_000);
    const ch = await prisma.challenge.create({
      data: { cityId: ctx.city.id, seasonId: ctx.season.id, week, localDate: date.toISOString().slice(0, 10), startsAt: date, registrationOpensAt: date, checkInOpensAt: date, checkInClosesAt: date, status: 'running', prizePoolCents: 0, prizeSplit: {} },
    });
    const round = await prisma.round.create({ data: { challengeId: ch.id, number: 1, status: 'finished' } });
    for (let t = 0; t + 4 <= field.length; t += 4) {
      const seats = field.slice(t, t + 4).map((userId) => ({ userId, score: nextInt(rng, 4) * 50 }));
      seats.sort((a, b) => b.score - a.score);
      const result = seats.map((s, i) => ({ userId: s.userId, seat: i, score: s.score, place: i + 1, advanced: false, forfeited: false }));
      await prisma.challengeTable.create({ data: { challengeId: ch.id, roundId: round.id, index: t / 4, status: 'finished', result } });
    }
    await prisma.placement.createMany({
      data: field.map((userId) => {
        const [placement, rankingPoints] = PLACEMENTS[Math.min(PLACEMENTS.length - 1, nextInt(rng, PLACEMENTS.length + 2))];
        return { challengeId: ch.id, userId, placement, rankingPoints, prizeCents: 0 };
      }),
    });
    return completeStored(ch.id, opts);
  }

  /** The completion's own writes (status, version, time) and the store's step, in one transaction. */
  async function completeStored(challengeId: string, opts: { rollBack?: boolean } = {}): Promise<Challenge> {
    const effects: Effect[] = [];
    const run = prisma.$transaction(async (tx) => {
      const done = await tx.challenge.update({ where: { id: challengeId }, data: { status: 'completed', completedAt: api.app.get(TournamentClock).now(), version: { increment: 1 } } });
      await store.afterChallengeCompleted(tx, done, effects);
      if (opts.rollBack) throw new Error('rolled back on purpose');
      return done;
    });
    if (opts.rollBack) {
      await expect(run).rejects.toThrow('rolled back on purpose');
      return prisma.challenge.findUniqueOrThrow({ where: { id: challengeId } });
    }
    return run;
  }

  /** The stored rows, and the same table recomputed from scratch from every stored result. */
  async function storedAndRecomputed(seasonId: string, total: number) {
    const stored = await prisma.seasonStanding.findMany({ where: { seasonId }, orderBy: { position: 'asc' } });
    const challenges = await loadSeasonChallenges(prisma, seasonId);
    const table = seasonTable(challenges, await loadSeasonPenalties(prisma, seasonId), total);
    if (isStandingsError(table)) throw new Error(table.message);
    const row = (r: { rank: number; playerId?: string; userId?: string; points: number; tournamentWins: number; gamesPlayed: number; avgScoreDiff: number; tiebreak: string | null; status: string; pointsStillPossible: number; eliteSixEligible: boolean }) => [
      r.playerId ?? r.userId,
      r.rank,
      r.points,
      r.tournamentWins,
      r.gamesPlayed,
      Number(r.avgScoreDiff.toFixed(9)),
      r.tiebreak,
      r.status,
      r.pointsStillPossible,
      r.eliteSixEligible,
    ];
    return { stored: stored.map(row), recomputed: table.map(row), challenges: challenges.length };
  }

  it.each([
    ['a', 40, 6],
    ['b', 23, 5],
    ['c', 64, 4],
  ])('random season %s (%i players, %i weeks): after every completion the stored rows are the full recompute', async (name, players, weeks) => {
    const ctx = await setup(players, weeks + 2);
    for (let week = 1; week <= weeks; week++) {
      await complete(ctx, week, `${name}:${week}`);
      const { stored, recomputed, challenges } = await storedAndRecomputed(ctx.season.id, weeks + 2);
      expect(challenges).toBe(week);
      expect(stored).toHaveLength(recomputed.length);
      expect(stored).toEqual(recomputed);
    }
  }, 180_000);

  it('reads each completed challenge\'s results (compact text) exactly as the placements and the decided tables hold them', async () => {
    const ctx = await setup(36, 5);
    for (let week = 1; week <= 3; week++) await complete(ctx, week, `read:${week}`);
    const loaded = await loadSeasonChallenges(prisma, ctx.season.id);
    const challenges = await prisma.challenge.findMany({ where: { seasonId: ctx.season.id, status: 'completed' }, orderBy: { localDate: 'asc' } });
    expect(loaded.map((c) => c.challengeId)).toEqual(challenges.map((c) => c.id));
    for (const c of challenges) {
      const placements = await prisma.placement.findMany({ where: { challengeId: c.id } });
      const tables = await prisma.challengeTable.findMany({ where: { challengeId: c.id, status: 'finished' } });
      const games = tables.map((t) => (t.result as { userId: string; place: number; score: number }[]).map((r) => ({ playerId: r.userId, place: r.place, score: r.score })));
      const key = (g: readonly { playerId: string; place: number; score: number }[]) => JSON.stringify(g);
      const expected = placements
        .map((p) => ({
          playerId: p.userId,
          points: p.rankingPoints,
          placement: p.placement,
          won: p.placement === '1',
          tableGames: games.filter((g) => g.some((x) => x.playerId === p.userId)).map(key).sort(),
        }))
        .sort((a, b) => a.playerId.localeCompare(b.playerId));
      const got = loaded
        .find((l) => l.challengeId === c.id)!
        .entries.map((e) => ({ ...e, tableGames: e.tableGames.map(key).sort() }))
        .sort((a, b) => a.playerId.localeCompare(b.playerId));
      expect(expected.some((e) => e.tableGames.length > 0)).toBe(true);
      expect(got).toEqual(expected);
    }
  }, 120_000);

  it('a penalty, a corrected final, a completion rolled back and another instance all end in the full recompute', async () => {
    const ctx = await setup(36, 8);
    await complete(ctx, 1, 'p:1');
    await complete(ctx, 2, 'p:2');
    // A penalty in force: the facts are rebuilt with it.
    await prisma.seasonPenalty.create({ data: { seasonId: ctx.season.id, userId: ctx.ids[0], kind: 'rank_reset', afterWeek: 1, reason: 'test reset', source: 'director' } });
    await prisma.$transaction((tx) => store.recompute(tx, ctx.season.id));
    let s = await storedAndRecomputed(ctx.season.id, 8);
    expect(s.stored).toEqual(s.recomputed);
    const w3 = await complete(ctx, 3, 'p:3');
    // Week 3's final corrected: its placements change and it is completed again (version up).
    const top = await prisma.placement.findFirstOrThrow({ where: { challengeId: w3.id }, orderBy: { rankingPoints: 'desc' } });
    const last = await prisma.placement.findFirstOrThrow({ where: { challengeId: w3.id }, orderBy: { rankingPoints: 'asc' } });
    await prisma.placement.update({ where: { id: top.id }, data: { rankingPoints: last.rankingPoints, placement: last.placement } });
    await prisma.placement.update({ where: { id: last.id }, data: { rankingPoints: top.rankingPoints, placement: top.placement } });
    await prisma.challenge.update({ where: { id: w3.id }, data: { status: 'running' } });
    await completeStored(w3.id);
    s = await storedAndRecomputed(ctx.season.id, 8);
    expect(s.stored).toEqual(s.recomputed);
    // A completion whose transaction rolls back leaves nothing behind, in the rows or the facts kept.
    const w4 = await complete(ctx, 4, 'p:4', { rollBack: true });
    expect(w4.status).toBe('running');
    s = await storedAndRecomputed(ctx.season.id, 8);
    expect(s.challenges).toBe(3);
    expect(s.stored).toEqual(s.recomputed);
    await complete(ctx, 5, 'p:5');
    s = await storedAndRecomputed(ctx.season.id, 8);
    expect(s.stored).toEqual(s.recomputed);
    // Week 4 completed later (taken again after the rollback), behind week 5 in folding order but not in date order.
    await completeStored(w4.id);
    s = await storedAndRecomputed(ctx.season.id, 8);
    expect(s.challenges).toBe(5);
    expect(s.stored).toEqual(s.recomputed);
    // Another instance (or this one after a restart) starts with no facts kept: the same rows.
    const other = new SeasonStandingsStore(prisma, api.app.get(TournamentClock));
    await prisma.$transaction((tx) => other.recompute(tx, ctx.season.id));
    s = await storedAndRecomputed(ctx.season.id, 8);
    expect(s.stored).toEqual(s.recomputed);
    await complete(ctx, 6, 'p:6');
    s = await storedAndRecomputed(ctx.season.id, 8);
    expect(s.stored).toEqual(s.recomputed);
  }, 180_000);
});
