import { PrismaService } from '@dcs/common';
import type { GameState, TiebreakState } from '@dcs/engine';
import { ChallengeFlowService, TournamentClock } from '@dcs/tournament';
import { startApi, TestApi } from './support/api';
import { challengeWithPlayers } from './support/challenge-fixtures';
import { createTestEnv, TestEnv } from './support/test-env';

/**
 * A 6-4/5-5 draw closes as soon as every tied player has picked (SPEC 2, docs/rules.md), and with
 * no break the next round is seated the moment the round's last table is decided. No worker runs
 * in this suite: nothing but the last pick can have closed a window before its end, and nothing but
 * the step that decided the last table can have seated the next round.
 */
describe('a tiebreak draw closes at the last pick; the next round follows at once', () => {
  let env: TestEnv;
  let api: TestApi;
  let prisma: PrismaService;
  let flow: ChallengeFlowService;

  beforeAll(async () => {
    env = await createTestEnv('tiebreak_close');
    api = await startApi(env);
    prisma = api.app.get(PrismaService);
    flow = api.app.get(ChallengeFlowService);
    // The flow's time stands still: every pick lands inside its window however slow the machine,
    // so a window that closes before its end was closed by its last pick and nothing else.
    const now = new Date();
    jest.spyOn(api.app.get(TournamentClock), 'now').mockImplementation(() => new Date(now.getTime()));
  });
  afterAll(async () => {
    await api.close();
    await env.drop();
  });

  /**
   * A 16-player challenge whose round 1 is hard-stopped. `oneDraw`: table 0 stands at 50-30-30-10
   * (a tie for 2nd: one draw for one place) and the others at 40-30-20-10 (decided by score);
   * otherwise every table stands at 0-0-0-0 and goes to a draw.
   */
  async function roundOfDraws(opts: { breakSeconds?: number; oneDraw?: boolean } = {}) {
    const fx = await challengeWithPlayers(prisma, { checkedIn: 16, breakSeconds: opts.breakSeconds ?? 0 });
    await flow.start(fx.challengeId);
    const round = await prisma.round.findFirstOrThrow({ where: { challengeId: fx.challengeId, number: 1 }, include: { tables: { orderBy: { index: 'asc' }, include: { games: true } } } });
    if (opts.oneDraw) {
      for (const [i, t] of round.tables.entries()) {
        const scores = i === 0 ? [50, 30, 30, 10] : [40, 30, 20, 10];
        const st = t.games[0].state as unknown as GameState;
        st.scores = scores;
        st.onBoard = [true, true, true, true];
        const h = st.hands[st.hands.length - 1];
        h.startScores = [...scores];
        h.startOnBoard = [true, true, true, true];
        await prisma.game.update({ where: { id: t.games[0].id }, data: { state: st as object } });
      }
    }
    await prisma.round.update({ where: { id: round.id }, data: { hardStopAt: new Date(api.app.get(TournamentClock).now().getTime() - 1000) } });
    await flow.hardStop(round.id);
    const draws = await prisma.tiebreak.findMany({ where: { challengeId: fx.challengeId }, orderBy: { createdAt: 'asc' } });
    expect(draws).toHaveLength(opts.oneDraw ? 1 : 4);
    return { fx, round, draws };
  }

  const drawState = async (id: string) => {
    const tb = await prisma.tiebreak.findUniqueOrThrow({ where: { id } });
    return { tb, state: tb.state as unknown as TiebreakState };
  };

  /** Every pick the open window still needs, in order: [player, position]. */
  function missingPicks(state: TiebreakState): [string, number][] {
    const free = Array.from({ length: 28 }, (_, p) => p).filter((p) => !state.picks.some((x) => x.position === p));
    const out: [string, number][] = [];
    for (const playerId of state.contenders) {
      for (let held = state.picks.filter((x) => x.playerId === playerId).length; held < state.handSize; held++) out.push([playerId, free.shift()!]);
    }
    return out;
  }

  const token = (userId: string) => api.tokenOf(userId);

  it('the last pick closes the window and reveals it; the table is decided and the next round seated before that pick is answered', async () => {
    const { fx, round, draws } = await roundOfDraws({ oneDraw: true });
    const first = await drawState(draws[0].id);
    const picks = missingPicks(first.state);
    for (const [playerId, position] of picks.slice(0, -1)) await flow.pickTile(playerId, first.tb.id, position);
    // One pick short of every hand: the window stays open.
    const before = await drawState(first.tb.id);
    expect([before.state.rounds.length, before.tb.decidedAt]).toEqual([0, null]);
    expect(before.state.picks).toHaveLength(picks.length - 1);

    const [lastPlayer, lastPosition] = picks[picks.length - 1];
    const answer = await api.http().post(`/api/tiebreaks/${first.tb.id}/picks`).set('Authorization', `Bearer ${await token(lastPlayer)}`).send({ position: lastPosition });
    expect(answer.status).toBe(200);
    // Closed at the last pick, its window's 5 seconds not waited out (no worker runs here).
    const after = await drawState(first.tb.id);
    expect(after.state.rounds).toHaveLength(1);
    expect(after.state.rounds[0].picks.filter((p) => p.auto)).toEqual([]);
    expect(after.state.rounds[0].picks).toHaveLength(picks.length);
    if (after.state.status === 'decided') expect(after.tb.decidedAt).not.toBeNull();
    else expect([after.state.round, after.state.picks.length, after.tb.decidedAt]).toEqual([2, 0, null]);

    // Every tied player of every table picks, window after window, until no draw is open.
    for (let pass = 0; pass < 200; pass++) {
      const open = await prisma.tiebreak.findMany({ where: { challengeId: fx.challengeId, decidedAt: null } });
      if (!open.length) break;
      for (const tb of open) for (const [playerId, position] of missingPicks(tb.state as unknown as TiebreakState)) await flow.pickTile(playerId, tb.id, position);
    }
    // Read at once: round 1 is over and round 2 already seated, with a game at each of its tables.
    expect(await prisma.challengeTable.count({ where: { roundId: round.id, status: { not: 'finished' } } })).toBe(0);
    expect((await prisma.round.findUniqueOrThrow({ where: { id: round.id } })).status).toBe('finished');
    const round2 = await prisma.round.findFirstOrThrow({ where: { challengeId: fx.challengeId, number: 2 }, include: { tables: { include: { games: true, seats: true } } } });
    expect(round2.status).toBe('running');
    expect(round2.tables.map((t) => [t.games.length, t.seats.length])).toEqual([
      [1, 4],
      [1, 4],
    ]);
    // Every closed window is revealed in the state, with the tiles each player picked.
    for (const d of draws) {
      const { state } = await drawState(d.id);
      expect(state.status).toBe('decided');
      expect(state.rounds.every((r) => r.picks.every((p) => !p.auto))).toBe(true);
    }
  }, 120_000);

  it("with the challenge's break the next round waits for its timer; the window's timer still closes a draw not every player picked, at its end and not before", async () => {
    const { fx, round, draws } = await roundOfDraws({ breakSeconds: 120, oneDraw: true });
    const { tb, state } = await drawState(draws[0].id);
    const [playerId, position] = missingPicks(state)[0];
    await flow.pickTile(playerId, tb.id, position);
    await flow.closeTiebreak(tb.id, new Date(tb.closesAt.getTime() - 1));
    expect((await drawState(tb.id)).state.rounds).toHaveLength(0);
    await flow.closeTiebreak(tb.id, new Date(tb.closesAt.getTime() + 1));
    const closed = await drawState(tb.id);
    expect(closed.state.rounds).toHaveLength(1);
    expect(closed.state.rounds[0].picks.filter((p) => !p.auto).map((p) => [p.playerId, p.position])).toEqual([[playerId, position]]);
    expect(closed.state.rounds[0].picks.filter((p) => p.auto).length).toBeGreaterThan(0);

    for (let pass = 0; pass < 200; pass++) {
      const open = await prisma.tiebreak.findMany({ where: { challengeId: fx.challengeId, decidedAt: null } });
      if (!open.length) break;
      for (const d of open) for (const [p, pos] of missingPicks(d.state as unknown as TiebreakState)) await flow.pickTile(p, d.id, pos);
    }
    expect((await prisma.round.findUniqueOrThrow({ where: { id: round.id } })).status).toBe('finished');
    const round2 = await prisma.round.findFirstOrThrow({ where: { challengeId: fx.challengeId, number: 2 } });
    expect(round2.status).toBe('pending');
    expect(round2.startsAt!.getTime() - (await prisma.round.findUniqueOrThrow({ where: { id: round.id } })).endedAt!.getTime()).toBe(120_000);
    // The round's timer, at its time, seats it.
    await flow.startRound(round2.id, round2.startsAt!);
    expect((await prisma.round.findUniqueOrThrow({ where: { id: round2.id } })).status).toBe('running');
  }, 120_000);

  it("the last pick and the window's timer racing close the window exactly once", async () => {
    const { draws } = await roundOfDraws();
    for (const d of draws) {
      const { tb, state } = await drawState(d.id);
      const picks = missingPicks(state);
      for (const [playerId, position] of picks.slice(0, -1)) await flow.pickTile(playerId, tb.id, position);
      const [lastPlayer, lastPosition] = picks[picks.length - 1];
      const settled = await Promise.allSettled([flow.pickTile(lastPlayer, tb.id, lastPosition), flow.closeTiebreak(tb.id, new Date(tb.closesAt.getTime() + 1))]);
      // The pick is either taken (and closed the window) or refused because the timer closed it first.
      if (settled[0].status === 'rejected') expect((settled[0].reason as { code?: string }).code).toBe('DRAW_CLOSED');
      expect(settled[1].status).toBe('fulfilled');
      const after = await drawState(tb.id);
      expect(after.state.rounds).toHaveLength(1);
      expect(after.state.rounds[0].round).toBe(1);
      expect(after.state.rounds[0].picks).toHaveLength(picks.length);
    }
  }, 120_000);
});
