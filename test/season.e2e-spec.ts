import { createHash } from 'node:crypto';
import { INestApplicationContext } from '@nestjs/common';
import { PrismaService } from '@dcs/common';
import type { Region } from '@dcs/db';
import { roundSeedFor, verifyRound } from '@dcs/engine';
import { isStandingsError, seasonTable } from '@dcs/ranking';
import { loadSeasonChallenges, loadSeasonPenalties, SeasonStandingsStore } from '@dcs/tournament';
import { createWorker } from '../apps/worker/src/setup';
import { playChallenge } from '../scripts/simulate';
import { startApi, TestApi } from './support/api';
import { directCity } from './support/fixtures';
import { createTestEnv, TestEnv } from './support/test-env';

const PLACEMENT: Record<number, string> = { 500: '1', 350: '2', 200: '3-4', 100: '5-8', 50: '9-16', 25: 'participation' };
let seq = 0;

describe('seasons: stored standings, the close, the Elite Six, and Regional → NDT → WDC', () => {
  let env: TestEnv;
  let api: TestApi;
  let prisma: PrismaService;
  let store: SeasonStandingsStore;
  let director: { id: string; token: string };
  let admin: { id: string; token: string };
  let competitor: { id: string; token: string };

  beforeAll(async () => {
    env = await createTestEnv('season');
    api = await startApi(env);
    prisma = api.app.get(PrismaService);
    store = api.app.get(SeasonStandingsStore);
    director = await api.user({ roles: ['director'] });
    admin = await api.user({ roles: ['admin'] });
    competitor = await api.user();
  });
  afterAll(async () => {
    await api.close();
    await env.drop();
  });

  async function players(n: number, prefix: string): Promise<string[]> {
    seq += 1;
    const tag = `${prefix}${seq}${Date.now().toString(36)}`;
    await prisma.user.createMany({ data: Array.from({ length: n }, (_, i) => ({ email: `${i}-${tag}@season.test`, passwordHash: 'x', displayName: `${prefix} ${i + 1}` })) });
    const rows = await prisma.user.findMany({ where: { email: { endsWith: `-${tag}@season.test` } }, select: { id: true, email: true } });
    return rows.sort((a, b) => parseInt(a.email, 10) - parseInt(b.email, 10)).map((r) => r.id);
  }

  async function city(region: Region = 'south') {
    seq += 1;
    return prisma.city.create({ data: { name: `Season City ${seq}`, slug: `season-${seq}-${Date.now().toString(36)}`, timeZone: 'America/New_York', region, tier: 'T1' } });
  }

  /** A season with completed weekly challenges: points[p][w] = ranking points of player p in week w+1 (facts only, no tables). */
  async function seasonWithResults(cityId: string, ids: string[], points: number[][], total = 12) {
    const season = await prisma.season.create({ data: { cityId, number: ++seq, startDate: '2027-01-02', challenges: total, status: 'active' } });
    const weeks = points[0].length;
    for (let w = 0; w < weeks; w++) {
      const date = new Date(Date.parse('2027-01-02T12:00:00Z') + w * 7 * 86_400_000);
      const ch = await prisma.challenge.create({
        data: {
          cityId, seasonId: season.id, week: w + 1, localDate: date.toISOString().slice(0, 10), startsAt: date, registrationOpensAt: date, checkInOpensAt: date, checkInClosesAt: date,
          status: 'completed', prizePoolCents: 0, prizeSplit: {}, completedAt: date,
        },
      });
      await prisma.placement.createMany({
        data: ids.map((userId, p) => ({ challengeId: ch.id, userId, placement: PLACEMENT[points[p][w]], rankingPoints: points[p][w], prizeCents: 0 })),
      });
    }
    return season;
  }

  const get = (path: string) => api.http().get(path);
  const post = (path: string, token: string, body: object = {}) => api.http().post(path).set('Authorization', `Bearer ${token}`).send(body);

  // First: the Regionals read every closed season of a region, so this runs before the other tests close any.
  describe('Regional → NDT Finals → WDC', () => {
    let worker: INestApplicationContext;
    beforeAll(async () => {
      worker = await createWorker(env.config());
    });
    afterAll(async () => worker.close());

    /** A city with a closed season whose Elite Six is given as [benefit, points] per seed. */
    async function closedCity(region: Region, six: [string, number][]) {
      const c = await city(region);
      const ids = await players(six.length, `${region}`);
      const season = await prisma.season.create({ data: { cityId: c.id, number: 1, startDate: '2027-01-02', status: 'closed', closedAt: new Date() } });
      await prisma.eliteSixEntry.createMany({ data: six.map(([benefit, points], i) => ({ seasonId: season.id, userId: ids[i], seed: i + 1, rank: i + 1, points, benefit })) });
      return { city: c, ids };
    }

    async function play(challengeId: string) {
      // Accelerated clock, as in the simulation: no 2-minute break between rounds.
      await prisma.challenge.update({ where: { id: challengeId }, data: { breakSeconds: 0 } });
      await playChallenge(api.app, challengeId, 'greedy', { moves: 0, latencies: [] }, performance.now(), () => undefined);
    }

    it('seeds each Regional by benefit then rank, plays it with the challenge machinery, seats the 4 winners at the NDT Finals and marks the champion for the WDC', async () => {
      const a = await closedCity('north', [['seed-1-travel', 2400], ['seed-2-3', 1800], ['seed-2-3', 1600], ['qualification', 1100]]);
      const b = await closedCity('north', [['seed-2-3', 1900], ['qualification', 1300], ['qualification', 1000]]);
      const others = await Promise.all((['south', 'east', 'west'] as const).map((r) => closedCity(r, [['seed-1-travel', 2100], ['seed-2-3', 1500], ['qualification', 1200], ['qualification', 1000]])));

      expect((await post('/api/regionals', competitor.token, { region: 'north', year: 2027 })).status).toBe(403);
      const north = await post('/api/regionals', director.token, { region: 'north', year: 2027, prizePoolCents: 400_000 });
      expect(north.status).toBe(201);
      // Benefit first (travel, then #2-3, then qualification), then the city seed: B's #1 (a #2-3 benefit) comes after A's travel seed.
      expect(north.body.entrants.map((e: { userId: string }) => e.userId)).toEqual([a.ids[0], b.ids[0], a.ids[1], a.ids[2], b.ids[1], b.ids[2], a.ids[3]]);
      expect(north.body).toMatchObject({ kind: 'regional', region: 'north', year: 2027, prizePoolCents: 400_000, created: true });
      const twice = await post('/api/regionals', director.token, { region: 'north', year: 2027 });
      expect(twice.body).toMatchObject({ id: north.body.id, created: false });

      const early = await post('/api/ndt', admin.token, { year: 2027 });
      expect(early.status).toBe(409);
      expect(early.body.code).toBe('REGIONALS_NOT_COMPLETE');

      // The same bracket as a weekly challenge: 7 players → a 4-table and a 3-table, then the final table.
      await play(north.body.id);
      const stored = (await prisma.challenge.findUniqueOrThrow({ where: { id: north.body.id } })).bracket as { bracket: { rounds: number; seeding: string[]; tablesPerRound: number[] } };
      expect(stored.bracket).toMatchObject({ rounds: 2, tablesPerRound: [2, 1], seeding: north.body.entrants.map((e: { userId: string }) => e.userId) });
      const winners: string[] = [];
      const northDone = await get(`/api/events/${north.body.id}`);
      expect(northDone.body.status).toBe('completed');
      expect(northDone.body.placements.map((x: { placement: string }) => x.placement)).toEqual(['1', '2', '3-4', '3-4', '5-8', '5-8', '5-8']);
      expect(northDone.body.placements[0].prizeCents).toBe(200_000);
      winners.push(northDone.body.winner);
      for (const [i, region] of (['south', 'east', 'west'] as const).entries()) {
        const r = await post('/api/regionals', director.token, { region, year: 2027 });
        expect(r.status).toBe(201);
        expect(r.body.entrants.map((e: { userId: string }) => e.userId)).toEqual(others[i].ids);
        await play(r.body.id);
        const done = await get(`/api/events/${r.body.id}`);
        expect(done.body.placements.map((x: { placement: string }) => x.placement)).toEqual(['1', '2', '3-4', '3-4']);
        winners.push(done.body.winner);
      }
      expect((await get('/api/regionals').query({ year: 2027 })).body).toHaveLength(4);

      const ndt = await post('/api/ndt', admin.token, { year: 2027 });
      expect(ndt.status).toBe(201);
      expect(ndt.body).toMatchObject({ kind: 'ndt', year: 2027, prizePoolCents: 10_000_000, wdcYear: 2028 });
      expect(ndt.body.entrants.map((e: { userId: string; region: string }) => [e.region, e.userId])).toEqual([
        ['north', winners[0]],
        ['south', winners[1]],
        ['east', winners[2]],
        ['west', winners[3]],
      ]);
      await play(ndt.body.id);
      const final = await get(`/api/events/${ndt.body.id}`);
      expect(final.body.placements.map((x: { placement: string; prizeCents: number }) => [x.placement, x.prizeCents])).toEqual([
        ['1', 5_000_000],
        ['2', 3_000_000],
        ['3-4', 1_000_000],
        ['3-4', 1_000_000],
      ]);

      // The champion is the WDC qualifier; an admin adds an entrant from another country.
      expect((await post('/api/wdc/2028/entries', director.token, { name: 'Kingston Champion', country: 'JM' })).status).toBe(403);
      const added = await post('/api/wdc/2028/entries', admin.token, { name: 'Kingston Champion', country: 'JM' });
      expect(added.status).toBe(201);
      expect((await post('/api/wdc/2028/entries', admin.token, { name: 'Kingston Champion', country: 'JM' })).body.created).toBe(false);
      const wdc = await get('/api/wdc/2028');
      expect(wdc.body).toMatchObject({ year: 2028, prizePoolCents: 25_000_000 });
      expect(wdc.body.qualifiers.map((e: { userId: string; source: string }) => [e.userId, e.source])).toEqual([[final.body.winner, 'ndt']]);
      expect(wdc.body.entries.map((e: { name: string; country: string; source: string }) => e.source).sort()).toEqual(['admin', 'ndt']);
    }, 240_000);
  });

  it('closes a season over HTTP: 409 while a challenge runs, the Elite Six with benefits, a tie across the cut drawn by the server, idempotent', async () => {
    const c = await city();
    const p = await players(8, 'Close');
    const season = await seasonWithResults(c.id, p, [
      [500, 500, 500, 350, 500, 200], // 2550: seed 1 + travel
      [350, 350, 350, 500, 350, 350], // 2250: seed 2-3
      [200, 200, 200, 200, 200, 500], // 1500: seed 2-3
      [200, 200, 200, 200, 200, 200], // 1200
      [100, 100, 200, 200, 200, 200], // 1000, ahead of the next two by the most recent performance
      [200, 200, 100, 100, 200, 200], // 1000 } level after the whole chain:
      [200, 200, 100, 100, 200, 200], // 1000 } tied across the cut
      [25, 25, 25, 25, 25, 25],
    ]);
    const base = `/api/cities/${c.id}/seasons/${season.id}`;
    await directCity(api, director.id, { cityId: c.id });

    // Before the close: standings as stored, the provisional Elite Six reports the tie at the cut.
    const provisional = await get(`${base}/elite-six`);
    expect(provisional.body).toMatchObject({ final: false, needsDraw: { players: [p[5], p[6]].sort(), places: 1 } });
    expect(provisional.body.qualifiers.map((q: { playerId: string; displayName: string }) => [q.playerId, q.displayName])).toEqual([0, 1, 2, 3, 4].map((i) => [p[i], `Close ${i + 1}`]));

    const running = await prisma.challenge.create({
      data: { cityId: c.id, seasonId: season.id, week: 7, localDate: '2027-02-13', startsAt: new Date(), registrationOpensAt: new Date(), checkInOpensAt: new Date(), checkInClosesAt: new Date(), status: 'running', prizePoolCents: 0, prizeSplit: {} },
    });
    expect((await post(`${base}/close`, competitor.token)).status).toBe(403);
    const refused = await post(`${base}/close`, director.token, { reason: 'end of the season' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('SEASON_CHALLENGE_RUNNING');
    await prisma.challenge.update({ where: { id: running.id }, data: { status: 'cancelled' } });
    const upcoming = await prisma.challenge.create({
      data: { cityId: c.id, seasonId: season.id, week: 8, localDate: '2027-02-20', startsAt: new Date(), registrationOpensAt: new Date(), checkInOpensAt: new Date(), checkInClosesAt: new Date(), status: 'registration_open', prizePoolCents: 0, prizeSplit: {} },
    });

    const closed = await post(`${base}/close`, director.token, { reason: 'end of the season' });
    expect(closed.status).toBe(200);
    expect(closed.body.closed).toBe(true);
    const [draw] = closed.body.draws;
    expect(closed.body.draws).toHaveLength(1);
    expect(draw).toMatchObject({ purpose: 'cut', players: [p[5], p[6]].sort(), places: 1 });
    // Provably fair: the seed's hash is published with it and every round re-derives from the seed.
    expect(createHash('sha256').update(draw.seed).digest('hex')).toBe(draw.seedHash);
    draw.rounds.forEach((r: Parameters<typeof verifyRound>[0], i: number) => {
      expect(r.seed).toBe(roundSeedFor(draw.seed, i + 1));
      expect(verifyRound(r)).toBe(true);
    });
    const [drawWinner, drawLoser] = draw.order;
    expect(closed.body.eliteSix.map((q: { playerId: string; seed: number; benefit: string }) => [q.playerId, q.seed, q.benefit])).toEqual([
      [p[0], 1, 'seed-1-travel'],
      [p[1], 2, 'seed-2-3'],
      [p[2], 3, 'seed-2-3'],
      [p[3], 4, 'qualification'],
      [p[4], 5, 'qualification'],
      [drawWinner, 6, 'qualification'],
    ]);
    expect((await prisma.challenge.findUniqueOrThrow({ where: { id: upcoming.id } })).status).toBe('cancelled');
    expect(await prisma.season.findUniqueOrThrow({ where: { id: season.id } })).toMatchObject({ status: 'closed', closedAt: expect.any(Date) });

    // Idempotent: a second close (a retried job, or the director again) changes nothing.
    const again = await post(`${base}/close`, director.token, {});
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ closed: false, eliteSix: closed.body.eliteSix });
    const audits = await env.sql<{ actor_id: string; reason: string }>(`SELECT actor_id, reason FROM audit_log WHERE action = 'season.closed' AND entity_id = $1`, [season.id]);
    expect(audits).toEqual([{ actor_id: director.id, reason: 'end of the season' }]);

    // The final table: the six clinched, everyone else eliminated, nothing left to play.
    const standings = await get(`${base}/standings`);
    expect(standings.body).toMatchObject({ seasonStatus: 'closed', challengesPlayed: 6, challengesRemaining: 0, total: 8 });
    const statusOf = new Map(standings.body.items.map((r: { playerId: string; status: string }) => [r.playerId, r.status]));
    expect([...statusOf.entries()].filter(([, st]) => st === 'clinched').map(([id]) => id).sort()).toEqual([p[0], p[1], p[2], p[3], p[4], drawWinner].sort());
    expect(statusOf.get(drawLoser)).toBe('eliminated');
    const rows = standings.body.items.map((r: { playerId: string; rank: number; tiebreak: string | null }) => [r.playerId, r.rank, r.tiebreak]);
    expect(rows.slice(0, 5)).toEqual([[p[0], 1, null], [p[1], 2, 'points'], [p[2], 3, 'points'], [p[3], 4, 'points'], [p[4], 5, 'points']]);
    expect(rows.slice(5, 7).map((r: unknown[]) => [r[1], r[2]])).toEqual([[6, 'recent-performance'], [6, null]]);

    const six = await get(`${base}/elite-six`);
    expect(six.body).toMatchObject({ final: true, removed: [], draws: [{ seedHash: draw.seedHash, seed: draw.seed, order: draw.order }] });
    expect(six.body.qualifiers.slice(0, 2).map((q: { displayName: string }) => q.displayName)).toEqual(['Close 1', 'Close 2']);

    // Loss of Elite Six qualification after the close (the integrity flow writes the penalty and recomputes).
    const penalty = await prisma.seasonPenalty.create({ data: { seasonId: season.id, userId: p[1], kind: 'elite_six_disqualification', reason: 'conduct: abuse of an opponent', source: 'conduct' } });
    await prisma.$transaction((tx) => store.recompute(tx, season.id, admin.id));
    const after = await get(`${base}/elite-six`);
    expect(after.body.qualifiers.map((q: { playerId: string; seed: number; benefit: string }) => [q.playerId, q.seed, q.benefit])).toEqual([
      [p[0], 1, 'seed-1-travel'],
      [p[2], 2, 'seed-2-3'],
      [p[3], 3, 'qualification'], // seed 3 but 1,200 points: the highest row they meet
      [p[4], 4, 'qualification'],
      [drawWinner, 5, 'qualification'],
      [drawLoser, 6, 'qualification'], // the next eligible player moves in
    ]);
    expect(after.body.removed).toEqual([{ playerId: p[1], seed: 2, reason: 'elite_six_disqualification: conduct: abuse of an opponent', removedAt: expect.any(String) }]);
    const updated = await env.sql<{ data: { removed: string[]; added: string[] } }>(`SELECT data FROM audit_log WHERE action = 'season.elite-six-updated' AND entity_id = $1`, [season.id]);
    expect(updated.map((u) => [u.data.removed, u.data.added])).toEqual([[[p[1]], [drawLoser]]]);
    const p2row = (await get(`${base}/standings`).query({ search: p[1] })).body.items[0];
    expect(p2row).toMatchObject({ rank: 2, eliteSixEligible: false, status: 'eliminated' });

    // Overturned on appeal: the penalty is revoked and the place comes back.
    await prisma.seasonPenalty.update({ where: { id: penalty.id }, data: { revokedAt: new Date(), revokeReason: 'appeal upheld' } });
    await prisma.$transaction((tx) => store.recompute(tx, season.id, admin.id));
    const restored = await get(`${base}/elite-six`);
    expect(restored.body.qualifiers.map((q: { playerId: string }) => q.playerId)).toEqual(closed.body.eliteSix.map((q: { playerId: string }) => q.playerId));
  });

  it('recomputes stored standings when a penalty changes, always equal to a recompute from the facts', async () => {
    const c = await city();
    const p = await players(5, 'Pen');
    const season = await seasonWithResults(c.id, p, [
      [500, 500, 350],
      [350, 350, 500],
      [200, 200, 200],
      [200, 100, 200],
      [25, 25, 25],
    ]);
    const base = `/api/cities/${c.id}/seasons/${season.id}`;
    const order = async () => (await get(`${base}/standings`)).body.items.map((r: { playerId: string; points: number }) => [r.playerId, r.points]);
    expect(await order()).toEqual([[p[0], 1350], [p[1], 1200], [p[2], 600], [p[3], 500], [p[4], 75]]);
    expect(await prisma.season.findUniqueOrThrow({ where: { id: season.id } })).toMatchObject({ standingsAt: expect.any(Date) });

    // A rank reset after week 3 and a season ban, written by the integrity flow with a recompute in the same transaction.
    await prisma.$transaction(async (tx) => {
      await tx.seasonPenalty.create({ data: { seasonId: season.id, userId: p[0], kind: 'rank_reset', afterWeek: 3, reason: 'minor violation, 2nd', source: 'anticheat' } });
      await tx.seasonPenalty.create({ data: { seasonId: season.id, userId: p[2], kind: 'season_ban', reason: 'major violation', source: 'anticheat' } });
      await store.recomputeSeasonsOfUser(tx, p[0]);
    });
    const res = await get(`${base}/standings`);
    expect(res.body.items.map((r: { playerId: string; points: number; resets: string[] }) => [r.playerId, r.points, r.resets])).toEqual([
      [p[1], 1200, []],
      [p[3], 500, []],
      [p[4], 75, []],
      [p[0], 0, ['minor violation, 2nd']],
    ]);
    const stored = await prisma.seasonStanding.findMany({ where: { seasonId: season.id }, orderBy: [{ rank: 'asc' }, { userId: 'asc' }] });
    const fresh = seasonTable(await loadSeasonChallenges(prisma, season.id), await loadSeasonPenalties(prisma, season.id), 12);
    if (isStandingsError(fresh)) throw new Error(fresh.message);
    expect(stored.map((r) => [r.userId, r.rank, r.points, r.tiebreak, r.status, r.pointsStillPossible])).toEqual(fresh.map((r) => [r.playerId, r.rank, r.points, r.tiebreak, r.status, r.pointsStillPossible]));
  });

});
