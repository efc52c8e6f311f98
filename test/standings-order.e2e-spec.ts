import { PrismaService } from '@dcs/common';
import type { SeasonTableRow } from '@dcs/ranking';
import { ORDER_BLOCK, writeStandingRows } from '@dcs/tournament';
import { startApi, TestApi } from './support/api';
import { createTestEnv, TestEnv } from './support/test-env';

/**
 * The stored standings are written in place (only the rows that changed) and paged through the
 * order blocks (season_standing_order, ORDER_BLOCK players each): across several blocks, a rewrite
 * that reorders every row, adds players and removes others leaves exactly the new table, and every
 * page over HTTP — also one that spans two blocks, and the last, short one — is that table's slice.
 */
describe('stored standings: written in place, paged through the order blocks', () => {
  let env: TestEnv;
  let api: TestApi;
  let prisma: PrismaService;

  beforeAll(async () => {
    env = await createTestEnv('standings_order');
    api = await startApi(env);
    prisma = api.app.get(PrismaService);
  });
  afterAll(async () => {
    await api.close();
    await env.drop();
  });

  /** A table in standings order over `ids`: points fall every third player, equal points share a rank. */
  function table(ids: readonly string[], week: number): SeasonTableRow[] {
    const rows: SeasonTableRow[] = [];
    ids.forEach((playerId, i) => {
      const points = 5000 - 25 * Math.floor(i / 3);
      const tied = i > 0 && rows[i - 1].points === points && i % 2 === 0;
      rows.push({
        rank: tied ? rows[i - 1].rank : i + 1,
        playerId,
        points,
        tournamentWins: i < 3 ? 1 : 0,
        gamesPlayed: week + (i % 4),
        avgScoreDiff: ((i * 37) % 200) / 7 - 14,
        tiebreak: i === 0 || tied ? null : rows[i - 1].points === points ? 'score-differential' : 'points',
        eliteSixEligible: i % 50 !== 7,
        resets: i % 60 === 5 ? ['rank reset after week 1: "quoted", a \\ backslash, {braces} and NULL'] : [],
        status: i < 3 ? 'clinched' : 'in-contention',
        pointsStillPossible: 500 * (12 - week),
      });
    });
    return rows;
  }

  async function expectStored(cityId: string, seasonId: string, rows: SeasonTableRow[]) {
    const stored = await prisma.seasonStanding.findMany({ where: { seasonId }, orderBy: { position: 'asc' } });
    expect(stored.map((r) => [r.userId, r.position, r.rank, r.points, r.gamesPlayed, r.tiebreak, r.status, r.pointsStillPossible, r.eliteSixEligible, r.resets])).toEqual(
      rows.map((r, i) => [r.playerId, i + 1, r.rank, r.points, r.gamesPlayed, r.tiebreak, r.status, r.pointsStillPossible, r.eliteSixEligible, r.resets]),
    );
    const blocks = await prisma.seasonStandingOrder.findMany({ where: { seasonId }, orderBy: { block: 'asc' } });
    expect(blocks.map((b) => b.block)).toEqual(Array.from({ length: Math.ceil(rows.length / ORDER_BLOCK) }, (_, i) => i));
    expect(blocks.flatMap((b) => b.userIds)).toEqual(rows.map((r) => r.playerId));
    // Pages of 30 (some span two blocks) and of 100 (one block each), the last one short.
    for (const pageSize of [30, 100]) {
      const pages = Math.ceil(rows.length / pageSize);
      for (let page = 1; page <= pages + 1; page++) {
        const res = await api.http().get(`/api/cities/${cityId}/seasons/${seasonId}/standings`).query({ page, pageSize });
        expect(res.status).toBe(200);
        expect(res.body.total).toBe(rows.length);
        const want = rows.slice((page - 1) * pageSize, page * pageSize);
        expect(res.body.items.map((r: { playerId: string; rank: number; points: number; pointsStillPossible: number }) => [r.playerId, r.rank, r.points, r.pointsStillPossible])).toEqual(
          want.map((r) => [r.playerId, r.rank, r.points, r.pointsStillPossible]),
        );
      }
    }
  }

  it('a rewrite that reorders every row, adds and removes players leaves exactly the new table, and every page is its slice', async () => {
    const city = await prisma.city.create({ data: { name: 'Order City', slug: 'order-city', timeZone: 'America/New_York', region: 'south', tier: 'T1' } });
    const season = await prisma.season.create({ data: { cityId: city.id, number: 1, startDate: '2027-01-02', challenges: 12, status: 'active', standingsAt: new Date() } });
    await prisma.user.createMany({ data: Array.from({ length: 320 }, (_, i) => ({ email: `${i}@order.test`, passwordHash: 'x', displayName: `Order ${i}` })) });
    const ids = (await prisma.user.findMany({ where: { email: { endsWith: '@order.test' } }, orderBy: { email: 'asc' }, select: { id: true } })).map((u) => u.id);

    const first = table(ids.slice(0, 250), 1);
    await prisma.$transaction((tx) => writeStandingRows(tx, season.id, first));
    await expectStored(city.id, season.id, first);

    // Every row moves (reversed), 30 players leave, 50 arrive: 270 rows, one block fewer to trim later.
    const second = table([...ids.slice(250, 300), ...ids.slice(30, 250).reverse()], 2);
    await prisma.$transaction((tx) => writeStandingRows(tx, season.id, second));
    await expectStored(city.id, season.id, second);

    // The same table again changes nothing: no row gets a new version.
    const before = await prisma.seasonStanding.findMany({ where: { seasonId: season.id }, select: { userId: true, updatedAt: true } });
    await prisma.$transaction((tx) => writeStandingRows(tx, season.id, second));
    const after = await prisma.seasonStanding.findMany({ where: { seasonId: season.id }, select: { userId: true, updatedAt: true } });
    expect(new Map(after.map((r) => [r.userId, r.updatedAt.getTime()]))).toEqual(new Map(before.map((r) => [r.userId, r.updatedAt.getTime()])));

    // Shrinking below a block boundary drops the blocks past the end.
    const third = table(second.slice(0, 95).map((r) => r.playerId), 3);
    await prisma.$transaction((tx) => writeStandingRows(tx, season.id, third));
    await expectStored(city.id, season.id, third);

    await prisma.$transaction((tx) => writeStandingRows(tx, season.id, []));
    expect(await prisma.seasonStanding.count({ where: { seasonId: season.id } })).toBe(0);
    expect(await prisma.seasonStandingOrder.count({ where: { seasonId: season.id } })).toBe(0);
    const empty = await api.http().get(`/api/cities/${city.id}/seasons/${season.id}/standings`);
    expect(empty.body).toMatchObject({ total: 0, items: [] });
  }, 120_000);
});
