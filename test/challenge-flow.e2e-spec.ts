import { INestApplicationContext } from '@nestjs/common';
import { PrismaService } from '@dcs/common';
import { apply, currentHand, legalMoves, type Action, type GameState } from '@dcs/engine';
import { ChallengeFlowService, type SeatResult, type StoredBracket } from '@dcs/tournament';
import { createWorker } from '../apps/worker/src/setup';
import { startApi, storedGame, TestApi } from './support/api';
import { playRunningTables } from '../scripts/lib/bot-driver';
import { challengeWithPlayers, scoresAtHardStop } from './support/challenge-fixtures';
import { eventually } from './support/temp-redis';
import { createTestEnv, TestEnv } from './support/test-env';

describe('a challenge from 12:00 on: bracket, tables, hard stop, draws, results', () => {
  let env: TestEnv;
  let api: TestApi;
  let worker: INestApplicationContext;
  let prisma: PrismaService;
  let flow: ChallengeFlowService;

  beforeAll(async () => {
    env = await createTestEnv('flow');
    api = await startApi(env);
    // The anti-cheat scan runs once at start-up only, so a game analysed later came through the real-time job.
    worker = await createWorker(env.config({ ANTICHEAT_SCAN_INTERVAL_MS: '3600000' }));
    prisma = api.app.get(PrismaService);
    flow = api.app.get(ChallengeFlowService);
  });
  afterAll(async () => {
    await worker.close();
    await api.close();
    await env.drop();
  });

  const status = async (id: string) => (await prisma.challenge.findUniqueOrThrow({ where: { id } })).status;

  it('cancels with fewer than 16 checked in and tells every registrant why, once', async () => {
    const fx = await challengeWithPlayers(prisma, { checkedIn: 15, noShows: 3 });
    expect(await flow.start(fx.challengeId)).toBe('cancelled');
    expect(await flow.start(fx.challengeId)).toBe('noop');
    const ch = await prisma.challenge.findUniqueOrThrow({ where: { id: fx.challengeId } });
    expect(ch.status).toBe('cancelled');
    expect(ch.cancelReason).toBe('only 15 players checked in; a challenge needs at least 16');
    const notes = await prisma.notification.findMany({ where: { data: { path: ['challengeId'], equals: fx.challengeId } } });
    expect(notes).toHaveLength(18);
    expect(new Set(notes.map((x) => x.userId)).size).toBe(18);
    expect(notes[0].body).toContain('only 15 players checked in');
    expect(await prisma.round.count({ where: { challengeId: fx.challengeId } })).toBe(0);
  });

  it.each([
    [16, 3, [4, 4, 4, 4], 0],
    [17, 4, [3], 14],
    [20, 4, [4, 4], 12],
    [37, 5, [4, 4, 3], 26],
    [100, 6, Array(18).fill(4), 28],
    [512, 8, Array(128).fill(4), 0],
  ])('seats N = %i: %i rounds, the round-1 tables, %#: byes to the top seeds, everyone once, a game per table', async (n, rounds, sizes, byes) => {
    const fx = await challengeWithPlayers(prisma, { checkedIn: n, noShows: 2 });
    expect(await flow.start(fx.challengeId)).toBe('started');
    const ch = await prisma.challenge.findUniqueOrThrow({ where: { id: fx.challengeId } });
    const stored = ch.bracket as unknown as StoredBracket;
    expect(stored.bracket.rounds).toBe(rounds);
    const round1 = await prisma.round.findFirstOrThrow({ where: { challengeId: fx.challengeId, number: 1 }, include: { tables: { include: { seats: true, games: true }, orderBy: { index: 'asc' } } } });
    expect(round1.tables.map((t) => t.seats.length).sort()).toEqual([...sizes].sort());
    expect(round1.tables.every((t) => t.games.length === 1 && t.games[0].players === t.seats.length)).toBe(true);
    const byeIds = round1.byes as string[];
    expect(byeIds).toHaveLength(byes);
    expect(byeIds).toEqual(stored.bracket.seeding.slice(0, byes));
    const seated = round1.tables.flatMap((t) => t.seats.map((s) => s.userId));
    expect(new Set([...seated, ...byeIds]).size).toBe(n);
    expect([...seated, ...byeIds].sort()).toEqual([...fx.players].sort());
    expect(round1.hardStopAt!.getTime() - round1.startsAt!.getTime()).toBe(30 * 60_000);
    // No-shows are not seated.
    expect(await prisma.tableSeat.count({ where: { table: { challengeId: fx.challengeId }, userId: { notIn: fx.players } } })).toBe(0);
    // The 12:00 job is idempotent: a second start changes nothing.
    expect(await flow.start(fx.challengeId)).toBe('noop');
    expect(await prisma.challengeTable.count({ where: { challengeId: fx.challengeId } })).toBe(sizes.length);
  }, 60_000);

  /** A 16-player challenge started, its four round-1 tables playing: the challenge and its first table (games, seats). */
  const round1Playing = async () => {
    const fx = await challengeWithPlayers(prisma, { checkedIn: 16, breakSeconds: 600 });
    await flow.start(fx.challengeId);
    await eventually(async () => (await prisma.challengeTable.count({ where: { challengeId: fx.challengeId, status: 'playing' } })) === 4, 20_000, 'round 1 seated');
    const table = await prisma.challengeTable.findFirstOrThrow({ where: { challengeId: fx.challengeId }, orderBy: { index: 'asc' }, include: { games: true, seats: true } });
    return { fx, table };
  };

  it("the bracket shows each playing table's running scores by seat (public, as the spectator view); a decided table its result instead", async () => {
    const { fx, table } = await round1Playing();
    await scoresAtHardStop(prisma, table.games[0], (seat) => 10 * (seat + 1));
    const read = async () => (await api.http().get(`/api/challenges/${fx.challengeId}/bracket`).expect(200)).body.rounds[0].tables as { id: string; scores: number[] | null; result: unknown[] | null; seats: { seat: number }[] }[];
    const playing = (await read()).find((t) => t.id === table.id)!;
    expect(playing.result).toBeNull();
    expect(playing.seats.map((s) => playing.scores![s.seat])).toEqual(playing.seats.map((s) => 10 * (s.seat + 1)));
    await playRunningTables(api.app, fx.challengeId);
    await eventually(async () => (await prisma.challengeTable.count({ where: { challengeId: fx.challengeId, round: { number: 1 }, status: { not: 'finished' } } })) === 0, 40_000, 'round 1 decided');
    for (const t of await read()) {
      expect(t.result).not.toBeNull();
      expect(t.scores).toBeNull();
    }
  }, 120_000);

  it("the bracket's running scores are the game's current ones: a play that scores mid-hand shows at once, though the row's snapshot is written only when a hand ends", async () => {
    const { fx, table } = await round1Playing();
    const gameId = table.games[0].id;
    // Everyone on the board, so any open-end total that is a multiple of 5 scores.
    await scoresAtHardStop(prisma, table.games[0], (seat) => 10 * (seat + 1));
    const snapshotScores = async () => ((await prisma.game.findUniqueOrThrow({ where: { id: gameId } })).state as unknown as GameState).scores;
    const atStart = await snapshotScores();
    let state = (await storedGame(api.app, gameId)).state;
    expect(state.scores).toEqual(atStart);
    const auth = new Map(await Promise.all(table.seats.map(async (s) => [s.seat, `Bearer ${await api.tokenOf(s.userId)}`] as const)));

    // Legal moves that keep the hand going, by the seat on turn, until one of them scores.
    const same = (a: readonly number[], b: readonly number[]) => a.every((x, i) => x === b[i]);
    for (let moves = 0; same(state.scores, atStart); moves++) {
      expect(moves).toBeLessThan(28);
      const seat = currentHand(state)!.turn!;
      const before = state;
      const options = legalMoves(before, seat).flatMap((action: Action) => {
        const r = apply(before, action);
        return r.ok && currentHand(r.state) !== null && r.state.hands.length === before.hands.length ? [{ action, next: r.state }] : [];
      });
      const pick = options.find((o) => o.next.scores[seat] !== before.scores[seat]) ?? options[0];
      const { type, tile, end } = pick.action as { type: string; tile?: string; end?: string };
      const res = await api.http().post(`/api/games/${gameId}/actions`).set('Authorization', auth.get(seat)!).send({ type, tile, end, version: before.version });
      expect([res.status, res.body.code]).toEqual([200, undefined]);
      state = pick.next;
    }
    // The row still holds the hand's start; the game, as its table shows it, has moved on.
    expect(await snapshotScores()).toEqual(atStart);
    const shown = (await api.http().get(`/api/tables/${table.id}`).expect(200)).body.game.view.scores as number[];
    expect(shown).toEqual(state.scores);
    // The bracket shows the game as its table does.
    const inBracket = ((await api.http().get(`/api/challenges/${fx.challengeId}/bracket`).expect(200)).body.rounds[0].tables as { id: string; scores: number[] | null }[]).find((t) => t.id === table.id)!;
    expect(inBracket.scores).toEqual(shown);
  }, 60_000);

  it('plays a 16-player challenge to the end: rounds follow after the break, results, points and prizes written once', async () => {
    const fx = await challengeWithPlayers(prisma, { checkedIn: 16, tier: 'T2', breakSeconds: 0 });
    await flow.start(fx.challengeId);
    for (let round = 1; round <= 3; round++) {
      await eventually(async () => (await prisma.challengeTable.count({ where: { challengeId: fx.challengeId, round: { number: round }, status: 'playing' } })) > 0 || (await status(fx.challengeId)) === 'completed', 20_000, `round ${round} seated`);
      await playRunningTables(api.app, fx.challengeId);
      // A tie across the cut goes to a 5-second draw, closed by the worker.
      await eventually(async () => (await prisma.challengeTable.count({ where: { challengeId: fx.challengeId, round: { number: round }, status: { not: 'finished' } } })) === 0, 40_000, `round ${round} decided`);
    }
    await eventually(async () => (await status(fx.challengeId)) === 'completed', 10_000, 'completion');
    const placements = await prisma.placement.findMany({ where: { challengeId: fx.challengeId } });
    const count = (p: string) => placements.filter((x) => x.placement === p).length;
    expect(placements).toHaveLength(16);
    expect([count('1'), count('2'), count('3-4'), count('5-8'), count('9-16'), count('participation')]).toEqual([1, 1, 2, 4, 8, 0]);
    const byPlacement = Object.fromEntries(placements.map((p) => [p.placement, p]));
    expect([byPlacement['1'].rankingPoints, byPlacement['2'].rankingPoints, byPlacement['3-4'].rankingPoints, byPlacement['5-8'].rankingPoints, byPlacement['9-16'].rankingPoints]).toEqual([500, 350, 200, 100, 50]);
    expect(placements.reduce((s, p) => s + p.prizeCents, 0)).toBe(100_000);
    expect(byPlacement['1'].prizeCents).toBe(50_000);
    expect(byPlacement['2'].prizeCents).toBe(30_000);
    // The final table's order gives 1st and 2nd.
    const final = await prisma.challengeTable.findFirstOrThrow({ where: { challengeId: fx.challengeId, round: { number: 3 } } });
    const result = final.result as unknown as SeatResult[];
    expect(byPlacement['1'].userId).toBe(result[0].userId);
    expect(byPlacement['2'].userId).toBe(result[1].userId);
    // Every round-2 player advanced from round 1.
    const r1 = await prisma.challengeTable.findMany({ where: { challengeId: fx.challengeId, round: { number: 1 } } });
    const advanced = r1.flatMap((t) => (t.result as unknown as SeatResult[]).filter((r) => r.advanced).map((r) => r.userId));
    const r2Seats = await prisma.tableSeat.findMany({ where: { table: { challengeId: fx.challengeId, round: { number: 2 } } } });
    expect(r2Seats.map((s) => s.userId).sort()).toEqual(advanced.sort());
    const bracket = await api.http().get(`/api/challenges/${fx.challengeId}/bracket`);
    expect(bracket.status).toBe(200);
    expect(bracket.body.rounds.map((r: { tables: unknown[] }) => r.tables.length)).toEqual([4, 2, 1]);
    expect(bracket.body.placements).toHaveLength(16);
    // Anti-cheat: every finished table game is analysed by the worker within seconds of its table being decided.
    const games = await prisma.game.findMany({ where: { table: { challengeId: fx.challengeId }, status: 'finished' }, select: { id: true } });
    expect(games).toHaveLength(7);
    await eventually(async () => (await prisma.anticheatGameAnalysis.count({ where: { gameId: { in: games.map((g) => g.id) } } })) === 7, 20_000, 'the 7 games analysed');
    const seats = await prisma.anticheatSeatFeature.findMany({ where: { gameId: { in: games.map((g) => g.id) } } });
    expect(seats).toHaveLength(28);
  }, 180_000);

  it('at the hard stop every table still playing ends with the hand void; a tie for 2nd is settled by the 6-4/5-5 draw', async () => {
    const fx = await challengeWithPlayers(prisma, { checkedIn: 16 });
    await flow.start(fx.challengeId);
    const round = await prisma.round.findFirstOrThrow({ where: { challengeId: fx.challengeId, number: 1 }, include: { tables: { orderBy: { index: 'asc' }, include: { games: true, seats: true } } } });
    // Table 0: scores 50 / 30 / 30 / 10 when the current hand began; the hand in progress will be void.
    const t0 = round.tables[0];
    const g0 = t0.games[0];
    const st = g0.state as unknown as GameState;
    st.scores = [50, 30, 30, 10];
    st.onBoard = [true, true, true, true];
    const h = st.hands[st.hands.length - 1];
    h.startScores = [50, 30, 30, 10];
    h.startOnBoard = [true, true, true, true];
    await prisma.game.update({ where: { id: g0.id }, data: { state: st as object } });
    await prisma.round.update({ where: { id: round.id }, data: { hardStopAt: new Date(Date.now() - 1000) } });

    await flow.hardStop(round.id);
    await flow.hardStop(round.id); // the job run twice: nothing more happens
    expect(await prisma.auditLog.count({ where: { action: 'game.hard-stop', data: { path: ['roundId'], equals: round.id } } })).toBe(4);
    const tb = await prisma.tiebreak.findFirstOrThrow({ where: { tableId: t0.id } });
    const tied = [1, 2].map((seat) => t0.seats.find((s) => s.seat === seat)!.userId);
    expect((tb.players as string[]).sort()).toEqual([...tied].sort());
    expect((await prisma.challengeTable.findUniqueOrThrow({ where: { id: t0.id } })).status).toBe('tiebreak');

    // One tied player picks over HTTP; an outsider may not; a taken position is refused.
    const token = (userId: string) => api.tokenOf(userId);
    const picker = await token(tied[0]);
    const ok = await api.http().post(`/api/tiebreaks/${tb.id}/picks`).set('Authorization', `Bearer ${picker}`).send({ position: 5 });
    expect(ok.status).toBe(200);
    expect(JSON.stringify(ok.body)).not.toMatch(/"6-4"|"5-5"/);
    const taken = await api.http().post(`/api/tiebreaks/${tb.id}/picks`).set('Authorization', `Bearer ${await token(tied[1])}`).send({ position: 5 });
    expect([taken.status, taken.body.code]).toEqual([409, 'POSITION_TAKEN']);
    const outsider = await api.http().post(`/api/tiebreaks/${tb.id}/picks`).set('Authorization', `Bearer ${await token(t0.seats.find((s) => s.seat === 0)!.userId)}`).send({ position: 6 });
    expect([outsider.status, outsider.body.code]).toEqual([403, 'NOT_IN_DRAW']);

    // The worker closes the window after 5 s (and redraws on a split or none).
    await eventually(async () => (await prisma.challengeTable.findUniqueOrThrow({ where: { id: t0.id } })).status === 'finished', 60_000, 'the draw to decide table 0');
    const result = (await prisma.challengeTable.findUniqueOrThrow({ where: { id: t0.id } })).result as unknown as SeatResult[];
    expect(result[0]).toMatchObject({ seat: 0, score: 50, advanced: true });
    expect(result.filter((r) => r.advanced)).toHaveLength(2);
    expect(tied).toContain(result[1].userId);
    expect(result[3]).toMatchObject({ seat: 3, advanced: false });
    const late = await api.http().post(`/api/tiebreaks/${tb.id}/picks`).set('Authorization', `Bearer ${picker}`).send({ position: 7 });
    expect([late.status, late.body.code]).toEqual([409, 'DRAW_CLOSED']);
    const decided = await prisma.tiebreak.findUniqueOrThrow({ where: { id: tb.id } });
    expect((decided.state as { rounds: unknown[] }).rounds.length).toBeGreaterThanOrEqual(1);
  }, 90_000);

  it('a hard stop that fell due while the worker was down fires once when it comes back', async () => {
    await worker.close();
    const fx = await challengeWithPlayers(prisma, { checkedIn: 16, roundSeconds: 2 });
    await flow.start(fx.challengeId);
    const round = await prisma.round.findFirstOrThrow({ where: { challengeId: fx.challengeId, number: 1 } });
    await new Promise((r) => setTimeout(r, 2500));
    expect((await prisma.round.findUniqueOrThrow({ where: { id: round.id } })).status).toBe('running');
    worker = await createWorker(env.config());
    await eventually(async () => (await prisma.auditLog.count({ where: { action: 'game.hard-stop', data: { path: ['roundId'], equals: round.id } } })) === 4, 20_000, 'the overdue hard stop');
    const games = await Promise.all((await prisma.game.findMany({ where: { table: { roundId: round.id } }, select: { id: true } })).map((g) => storedGame(api.app, g.id)));
    expect(games.every((g) => g.status === 'finished' && g.state.endedBy === 'hard-stop')).toBe(true);
    // A second worker's recovery sweep re-queues nothing that acts twice.
    await api.app.get(ChallengeFlowService).recover();
    await new Promise((r) => setTimeout(r, 1000));
    expect(await prisma.auditLog.count({ where: { action: 'game.hard-stop', data: { path: ['roundId'], equals: round.id } } })).toBe(4);
  }, 60_000);
});
