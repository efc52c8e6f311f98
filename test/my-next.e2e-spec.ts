import { randomUUID } from 'node:crypto';
import { PrismaService } from '@dcs/common';
import { ChallengeFlowService } from '@dcs/tournament';
import type { TestApi } from './support/api';
import { apiSuite } from './support/suite';
import { challengeWithPlayers, scoresAtHardStop } from './support/challenge-fixtures';

type Thing = { kind: string; at: string | null; challenge: { challengeId: string } | null; table: { tableId: string; gameId: string | null; table: number; seat: number } | null; round: number | null; checkedIn: boolean | null; waitlisted: boolean | null; houseTableId: string | null; houseStatus: string | null; count: number | null };

/** GET /api/me/next: the home page's "what do I do next", decided from the real rows, for the caller only. */
describe('what a player must do next', () => {
  let api: TestApi;
  let prisma: PrismaService;
  let flow: ChallengeFlowService;
  let n = 0;

  const suite = apiSuite('my_next');
  beforeAll(() => {
    api = suite.api;
    prisma = suite.prisma;
    flow = api.app.get(ChallengeFlowService);
  });

  const tokenOf = async (userId: string) => ({ Authorization: `Bearer ${await api.tokenOf(userId)}` });
  const nextOf = async (userId: string): Promise<{ items: Thing[]; cityId: string | null }> => {
    const res = await api.http().get('/api/me/next').set(await tokenOf(userId));
    expect(res.status).toBe(200);
    return res.body;
  };
  const newUser = async () => {
    n += 1;
    return prisma.user.create({ data: { email: `next-${n}-${Date.now()}@next.test`, passwordHash: 'not-a-login', displayName: `Next ${n}` } });
  };
  /** A city's challenge at `startsAt` whose check-in window is [opens, closes), and a registration for `userId`. */
  const registered = async (userId: string, times: { opensInMs: number; closesInMs: number; startsInMs: number }, reg: { status?: 'registered' | 'waitlisted'; checkedIn?: boolean } = {}) => {
    const now = Date.now();
    const tag = `${now.toString(36)}${++n}`;
    const city = await prisma.city.create({ data: { name: `Next City ${tag}`, slug: `next-${tag}`, timeZone: 'America/New_York', region: 'south', tier: 'T1' } });
    const open = times.opensInMs <= 0 && times.closesInMs > 0;
    const challenge = await prisma.challenge.create({
      data: {
        cityId: city.id,
        localDate: '2027-01-09',
        startsAt: new Date(now + times.startsInMs),
        registrationOpensAt: new Date(now - 86_400_000),
        checkInOpensAt: new Date(now + times.opensInMs),
        checkInClosesAt: new Date(now + times.closesInMs),
        status: open ? 'check_in_open' : 'registration_open',
        prizePoolCents: 50_000,
        prizeSplit: { first: 5000, second: 3000, thirdFourthEach: 1000 },
      },
    });
    await prisma.registration.create({ data: { challengeId: challenge.id, userId, status: reg.status ?? 'registered', position: 1, checkedInAt: reg.checkedIn ? new Date() : null } });
    return { challengeId: challenge.id, cityId: city.id, startsAt: challenge.startsAt, checkInClosesAt: challenge.checkInClosesAt };
  };

  it('nothing: an account with no registration, table, house game or workout gets an empty list and no city', async () => {
    const u = await newUser();
    expect(await nextOf(u.id)).toEqual({ items: [], cityId: null });
    const anonymous = await api.http().get('/api/me/next');
    expect(anonymous.status).toBe(401);
  });

  it('registered: before check-in opens, the challenge and when play starts; waitlisted says so; my city is its city', async () => {
    const u = await newUser();
    const c = await registered(u.id, { opensInMs: 3_600_000, closesInMs: 7_000_000, startsInMs: 7_200_000 });
    const next = await nextOf(u.id);
    expect(next.cityId).toBe(c.cityId);
    expect(next.items).toEqual([expect.objectContaining({ kind: 'registered', at: c.startsAt.toISOString(), checkedIn: false, waitlisted: false, challenge: expect.objectContaining({ challengeId: c.challengeId, cityId: c.cityId }) })]);

    const w = await newUser();
    await registered(w.id, { opensInMs: 3_600_000, closesInMs: 7_000_000, startsInMs: 7_200_000 }, { status: 'waitlisted' });
    expect((await nextOf(w.id)).items).toEqual([expect.objectContaining({ kind: 'registered', waitlisted: true })]);
  });

  it('check-in open: "check in now" with when the window closes, first; once checked in, back to "registered" and checked in', async () => {
    const u = await newUser();
    const later = await registered(u.id, { opensInMs: 86_400_000, closesInMs: 90_000_000, startsInMs: 91_000_000 });
    const c = await registered(u.id, { opensInMs: -600_000, closesInMs: 720_000, startsInMs: 900_000 });
    const before = await nextOf(u.id);
    expect(before.items.map((t) => [t.kind, t.challenge?.challengeId])).toEqual([
      ['check-in', c.challengeId],
      ['registered', later.challengeId],
    ]);
    expect(before.items[0].at).toBe(c.checkInClosesAt.toISOString());

    await prisma.registration.updateMany({ where: { challengeId: c.challengeId, userId: u.id }, data: { checkedInAt: new Date() } });
    const after = await nextOf(u.id);
    expect(after.items.map((t) => [t.kind, t.challenge?.challengeId, t.checkedIn])).toEqual([
      ['registered', c.challengeId, true],
      ['registered', later.challengeId, false],
    ]);
  });

  it('check-in open and waitlisted: asked to check in too (a no-show\'s place may come to them); once checked in, still waitlisted and checked in', async () => {
    const u = await newUser();
    const c = await registered(u.id, { opensInMs: -600_000, closesInMs: 720_000, startsInMs: 900_000 }, { status: 'waitlisted' });
    expect((await nextOf(u.id)).items).toEqual([
      expect.objectContaining({ kind: 'check-in', at: c.checkInClosesAt.toISOString(), checkedIn: false, waitlisted: true, challenge: expect.objectContaining({ challengeId: c.challengeId }) }),
    ]);

    const checkIn = await api.http().post(`/api/challenges/${c.challengeId}/check-in`).set(await tokenOf(u.id));
    expect(checkIn.status).toBe(200);
    expect((await nextOf(u.id)).items).toEqual([expect.objectContaining({ kind: 'registered', at: c.startsAt.toISOString(), checkedIn: true, waitlisted: true, challenge: expect.objectContaining({ challengeId: c.challengeId }) })]);
  });

  it('seated, then between rounds: my table first; once I am through, the next round and when it is seated; nothing for a player who is out', async () => {
    // 17 checked in: round 1 is one 3-player table, the 14 top seeds have byes (SPEC 3.2)
    const fx = await challengeWithPlayers(prisma, { checkedIn: 17, breakSeconds: 120 });
    expect(await flow.start(fx.challengeId)).toBe('started');
    const round = await prisma.round.findFirstOrThrow({ where: { challengeId: fx.challengeId, number: 1 }, include: { tables: { include: { games: true, seats: true } } } });
    const [table] = round.tables;
    const bySeat = (seat: number) => table.seats.find((s) => s.seat === seat)!.userId;
    const [winner, second, out, bye] = [bySeat(0), bySeat(1), bySeat(2), (round.byes as string[])[0]];

    // seated: the table, its game and my seat, with the round's hard stop
    const seated = await nextOf(second);
    expect(seated.items).toEqual([
      expect.objectContaining({ kind: 'table', round: 1, at: round.hardStopAt!.toISOString(), table: { tableId: table.id, gameId: table.games[0].id, table: 0, seat: 1 }, challenge: expect.objectContaining({ challengeId: fx.challengeId }) }),
    ]);
    // a bye while round 1 is played: round 2, at a time not known yet
    expect((await nextOf(bye)).items).toEqual([expect.objectContaining({ kind: 'next-round', round: 2, at: null })]);

    // the hard stop decides the table: seat 0 first, seat 1 second (both advance), seat 2 out
    await scoresAtHardStop(prisma, table.games[0], (seat) => 40 - 10 * seat);
    await prisma.round.update({ where: { id: round.id }, data: { hardStopAt: new Date(Date.now() - 1000) } });
    await flow.hardStop(round.id);
    const next = await prisma.round.findFirstOrThrow({ where: { challengeId: fx.challengeId, number: 2 } });
    expect(next.status).toBe('pending');

    for (const stillIn of [winner, second, bye]) {
      expect([stillIn, (await nextOf(stillIn)).items]).toEqual([stillIn, [expect.objectContaining({ kind: 'next-round', round: 2, at: next.startsAt!.toISOString(), table: null })]]);
    }
    expect((await nextOf(out)).items).toEqual([]);
  }, 60_000);

  it('an unfinished house game and workouts owed are listed after a challenge table, and only the caller\'s', async () => {
    const u = await newUser();
    const other = await newUser();
    const house = await prisma.houseTable.create({
      data: { hostId: u.id, ruleset: 'dcs', settings: {}, seats: 2, purpose: 'friendly', inviteCode: `N${randomUUID().slice(0, 7)}`, botSeed: 'seed', status: 'playing', seatsTaken: { create: [{ seat: 0, userId: u.id }, { seat: 1, botLevel: 'easy' }] } },
    });
    await prisma.workout.createMany({
      data: [
        { userId: u.id, gameId: randomUUID(), kind: 'reps', amount: 20, dumbbells: 1 },
        { userId: u.id, gameId: randomUUID(), kind: 'reps', amount: 20, dumbbells: 1 },
        { userId: u.id, gameId: randomUUID(), kind: 'reps', amount: 20, dumbbells: 1, status: 'done', doneAt: new Date() },
      ],
    });
    const c = await registered(u.id, { opensInMs: -600_000, closesInMs: 720_000, startsInMs: 900_000 });
    expect((await nextOf(u.id)).items.map((t) => [t.kind, t.challenge?.challengeId ?? t.houseTableId ?? t.count, t.houseStatus])).toEqual([
      ['check-in', c.challengeId, null],
      ['house-game', house.id, 'playing'],
      ['workout', 2, null],
    ]);
    expect((await nextOf(other.id)).items).toEqual([]);
  });

  // the city's list, not the caller's next thing: on the same API
  describe('a running challenge is never hidden from its city', () => {
    it('GET /cities/:id/challenges?pastWeeks=0 lists a challenge that started and still runs, until it completes', async () => {
      const city = await prisma.city.create({ data: { name: 'Listed City', slug: 'listed', timeZone: 'America/New_York', region: 'south', tier: 'T1' } });
      const at = (ms: number) => new Date(Date.now() + ms);
      const base = { cityId: city.id, registrationOpensAt: at(-9 * 86_400_000), checkInOpensAt: at(-8 * 86_400_000), checkInClosesAt: at(-8 * 86_400_000 + 3_000_000), prizePoolCents: 50_000, prizeSplit: { first: 5000, second: 3000, thirdFourthEach: 1000 } };
      const running = await prisma.challenge.create({ data: { ...base, localDate: '2027-01-02', startsAt: at(-7_200_000), status: 'running' } });
      await prisma.challenge.create({ data: { ...base, localDate: '2026-12-26', startsAt: at(-7 * 86_400_000), status: 'completed' } });
      const upcoming = await prisma.challenge.create({ data: { ...base, localDate: '2027-01-09', startsAt: at(7 * 86_400_000), status: 'registration_open' } });
      const list = async () => (await api.http().get(`/api/cities/${city.id}/challenges?pastWeeks=0`)).body.map((c: { id: string }) => c.id);
      expect(await list()).toEqual([running.id, upcoming.id]);
      await prisma.challenge.update({ where: { id: running.id }, data: { status: 'completed' } });
      expect(await list()).toEqual([upcoming.id]);
    });
  });
});
