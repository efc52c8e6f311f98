import { PrismaService } from '@dcs/common';
import { whatINeed } from '@dcs/ranking';
import { ChallengeFlowService, type StoredBracket } from '@dcs/tournament';
import { startApi, TestApi } from './support/api';
import { challengeWithPlayers } from './support/challenge-fixtures';
import { createTestEnv, TestEnv } from './support/test-env';

describe('season standings and Elite Six over HTTP, and seeding from them', () => {
  let env: TestEnv;
  let api: TestApi;
  let prisma: PrismaService;

  beforeAll(async () => {
    env = await createTestEnv('rankings');
    api = await startApi(env);
    prisma = api.app.get(PrismaService);
  });
  afterAll(async () => {
    await api.close();
    await env.drop();
  });

  it('ranks by points, explains a tie broken head-to-head, pages and searches, and seeds the next challenge in that order', async () => {
    // One completed challenge of a season: placements and the final table's result are the facts.
    const fx = await challengeWithPlayers(prisma, { checkedIn: 16 });
    const season = await prisma.season.create({ data: { cityId: fx.cityId, number: 1, startDate: '2027-01-02', status: 'active' } });
    const [a, b, c, d, ...rest] = fx.players;
    const round = await prisma.round.create({ data: { challengeId: fx.challengeId, number: 3, status: 'finished' } });
    // c and d both earn 200 points; d placed above c at their table: d wins the meeting.
    const result = [a, b, d, c].map((userId, i) => ({ userId, seat: i, score: 150 - 30 * i, place: i + 1, advanced: false, forfeited: false }));
    const table = await prisma.challengeTable.create({ data: { challengeId: fx.challengeId, roundId: round.id, index: 0, status: 'finished', result } });
    await prisma.tableSeat.createMany({ data: [a, b, d, c].map((userId, seat) => ({ tableId: table.id, seat, userId, seed: seat + 1 })) });
    const placements = [
      [a, '1', 500],
      [b, '2', 350],
      [c, '3-4', 200],
      [d, '3-4', 200],
      ...rest.map((p) => [p, 'participation', 25] as const),
    ] as const;
    await prisma.placement.createMany({ data: placements.map(([userId, placement, rankingPoints]) => ({ challengeId: fx.challengeId, userId, placement, rankingPoints, prizeCents: 0 })) });
    await prisma.challenge.update({ where: { id: fx.challengeId }, data: { status: 'completed', seasonId: season.id, week: 1 } });

    const res = await api.http().get(`/api/cities/${fx.cityId}/seasons/${season.id}/standings`).query({ pageSize: 5 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ challengesPlayed: 1, challengesRemaining: 11, total: 16, page: 1, pageSize: 5 });
    expect(res.body.items.slice(0, 4).map((r: { playerId: string; rank: number; points: number; tiebreak: string | null }) => [r.playerId, r.rank, r.points, r.tiebreak])).toEqual([
      [a, 1, 500, null],
      [b, 2, 350, 'points'],
      [d, 3, 200, 'points'],
      [c, 4, 200, 'head-to-head'],
    ]);
    expect(res.body.items[0].status).toBe('in-contention');
    const found = await api.http().get(`/api/cities/${fx.cityId}/seasons/${season.id}/standings`).query({ search: 'flow 2' });
    expect(found.body.items.map((r: { displayName: string }) => r.displayName)).toEqual(expect.arrayContaining(['Flow 2']));
    // Pages follow one another in standings order; the last one is short; a search counts its matches.
    const all = (await api.http().get(`/api/cities/${fx.cityId}/seasons/${season.id}/standings`).query({ pageSize: 16 })).body.items.map((r: { playerId: string }) => r.playerId);
    const page2 = await api.http().get(`/api/cities/${fx.cityId}/seasons/${season.id}/standings`).query({ page: 2, pageSize: 5 });
    expect(page2.body).toMatchObject({ total: 16, page: 2 });
    expect(page2.body.items.map((r: { playerId: string }) => r.playerId)).toEqual(all.slice(5, 10));
    const page4 = await api.http().get(`/api/cities/${fx.cityId}/seasons/${season.id}/standings`).query({ page: 4, pageSize: 5 });
    expect(page4.body.items.map((r: { playerId: string }) => r.playerId)).toEqual(all.slice(15));
    const flows = await api.http().get(`/api/cities/${fx.cityId}/seasons/${season.id}/standings`).query({ search: 'FLOW', pageSize: 2 });
    expect(flows.body.total).toBe(all.length);
    expect(flows.body.items).toHaveLength(2);
    const beyond = await api.http().get(`/api/cities/${fx.cityId}/seasons/${season.id}/standings`).query({ search: 'flow', page: 20, pageSize: 2 });
    expect(beyond.body).toMatchObject({ total: all.length, items: [] });
    const literal = await api.http().get(`/api/cities/${fx.cityId}/seasons/${season.id}/standings`).query({ search: '%' });
    expect(literal.body).toMatchObject({ total: 0, items: [] }); // a % in a search is a character, not a wildcard
    const byId = await api.http().get(`/api/cities/${fx.cityId}/seasons/${season.id}/standings`).query({ search: c });
    expect(byId.body.items.map((r: { playerId: string }) => r.playerId)).toEqual([c]);
    const six = await api.http().get(`/api/cities/${fx.cityId}/seasons/${season.id}/elite-six`);
    expect(six.status).toBe(200);
    expect(six.body).toMatchObject({ final: false, qualifiers: [] }); // nobody has 1,000 points yet
    expect((await api.http().get(`/api/cities/${fx.cityId}/seasons/00000000-0000-4000-8000-000000000000/standings`)).status).toBe(404);

    // A player's page: season rank, results, and head-to-head against another player.
    const mine = await api.http().get(`/api/players/${d}/ranking`).query({ vs: c });
    expect(mine.status).toBe(200);
    expect(mine.body.seasons).toEqual([expect.objectContaining({ seasonId: season.id, rank: 3, points: 200, status: 'in-contention' })]);
    expect(mine.body.history).toEqual([expect.objectContaining({ challengeId: fx.challengeId, placement: '3-4', rankingPoints: 200 })]);
    expect(mine.body.headToHead).toMatchObject({ opponentId: c, wins: 1, losses: 0 });
    // The player page names both players (from the users, not the client).
    const names = await prisma.user.findMany({ where: { id: { in: [c, d] } }, select: { id: true, displayName: true } });
    expect(mine.body.displayName).toBe(names.find((u) => u.id === d)!.displayName);
    expect(mine.body.headToHead.opponentName).toBe(names.find((u) => u.id === c)!.displayName);
    expect((await api.http().get(`/api/players/${d}/ranking`).query({ vs: 'nope' })).status).toBe(400);

    // What I need (issue 24): every row in contention carries the whole season's answer, and the player's page the same as their row.
    type Row = { playerId: string; points: number; status: string; need: { clinch: { level: string; challenges: number; points: number } | null; outBelow: number } | null };
    const rows: Row[] = (await api.http().get(`/api/cities/${fx.cityId}/seasons/${season.id}/standings`).query({ pageSize: 16 })).body.items;
    const expected = new Map(whatINeed(rows.map((r) => ({ playerId: r.playerId, points: r.points })), 11).map((w) => [w.playerId, w]));
    for (const r of rows) {
      const w = expected.get(r.playerId)!;
      expect(r.need).toEqual({ clinch: { level: w.clinch!.level, challenges: w.clinch!.challenges, points: w.clinch!.points }, outBelow: w.outBelow });
    }
    // a, with 500 of a possible 6,000 more, needs 500 more points to stay in the race at all; one more win and one top 2 do not clinch with 10 to play
    expect(rows[0].need!.outBelow).toBe(500);
    expect(rows[0].need!.clinch!.points).toBeGreaterThan(850);
    expect(mine.body.seasons[0]).toMatchObject({ challengesRemaining: 11, need: rows.find((r) => r.playerId === d)!.need });
    const searched = await api.http().get(`/api/cities/${fx.cityId}/seasons/${season.id}/standings`).query({ search: 'flow' });
    expect(searched.body.items[0].need).toEqual(rows.find((r) => r.playerId === searched.body.items[0].playerId)!.need);

    // The next challenge of the season seeds from these standings: a, b, d, c are seeds 1-4.
    const next = await challengeWithPlayers(prisma, { checkedIn: 0 });
    await prisma.challenge.update({ where: { id: next.challengeId }, data: { seasonId: season.id, cityId: fx.cityId, localDate: '2027-01-09' } });
    await prisma.registration.createMany({ data: fx.players.map((userId, i) => ({ challengeId: next.challengeId, userId, status: 'registered' as const, position: i + 1, checkedInAt: new Date() })) });
    await api.app.get(ChallengeFlowService).start(next.challengeId);
    const stored = (await prisma.challenge.findUniqueOrThrow({ where: { id: next.challengeId } })).bracket as unknown as StoredBracket;
    expect(stored.bracket.seeding.slice(0, 4)).toEqual([a, b, d, c]);
  });
});
