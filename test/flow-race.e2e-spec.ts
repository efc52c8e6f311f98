import { Client } from 'pg';
import { AppError, PrismaService } from '@dcs/common';
import { ChallengeFlowService, type SeatResult } from '@dcs/tournament';
import { startApi, storedGame, TestApi } from './support/api';
import { challengeWithPlayers } from './support/challenge-fixtures';
import { directCity } from './support/fixtures';
import { eventually } from './support/temp-redis';
import { createTestEnv, TestEnv } from './support/test-env';
import { holding, lockWaiters, settle } from './support/locks';

/**
 * Director acts racing the challenge flow's own steps, played deterministically: a raw transaction
 * holds a row that one side needs in the middle of its transaction (so that side is paused while
 * holding its own locks), the other side is seen waiting in pg_stat_activity, then the raw
 * transaction ends and both finish. No worker: the flow's steps are called directly, as its jobs do.
 */
describe('director acts racing the challenge flow', () => {
  let env: TestEnv;
  let api: TestApi;
  let prisma: PrismaService;
  let flow: ChallengeFlowService;
  let director: { id: string; token: string };

  beforeAll(async () => {
    env = await createTestEnv('flow_race');
    api = await startApi(env);
    prisma = api.app.get(PrismaService);
    flow = api.app.get(ChallengeFlowService);
    director = await api.user({ roles: ['director'] });
  });
  afterAll(async () => {
    await api.close();
    await env.drop();
  });

  /**
   * A running 16-player challenge whose round 1 is decided by the director (lowest seeds first):
   * round 2 pending, for SPEC 3.4's 2-minute break (with none it would be seated at once). The
   * tests seat it as its timer does at the end of the break (`startsAt`).
   */
  async function roundTwoPending() {
    const fx = await challengeWithPlayers(prisma, { checkedIn: 16, breakSeconds: 120 });
    await directCity(api, director.id, fx);
    await flow.start(fx.challengeId);
    const round1 = await prisma.round.findFirstOrThrow({ where: { challengeId: fx.challengeId, number: 1 }, include: { tables: { orderBy: { index: 'asc' }, include: { seats: true } } } });
    for (const t of round1.tables) {
      await flow.correctResult(director.id, t.id, [...t.seats].sort((a, b) => b.seed - a.seed).map((s) => s.userId), 'keyed in from paper');
    }
    const round2 = await prisma.round.findFirstOrThrow({ where: { challengeId: fx.challengeId, number: 2 } });
    expect(round2.status).toBe('pending');
    return { ...fx, round1, round2 };
  }

  const advancersOf = async (roundId: string) =>
    (await prisma.challengeTable.findMany({ where: { roundId } })).flatMap((t) => (t.result as unknown as SeatResult[]).filter((r) => r.advanced).map((r) => r.userId)).sort();
  const seatedIn = async (roundId: string) => (await prisma.tableSeat.findMany({ where: { table: { roundId } } })).map((s) => s.userId).sort();

  it('a result corrected while the next round is being seated: either refused (ROUND_SEATED) or seen by the seating, never both applied', async () => {
    const fx = await roundTwoPending();
    const t = fx.round1.tables[0];
    const corrected = [...t.seats].sort((a, b) => a.seed - b.seed).map((s) => s.userId); // other advancers than the first result
    const game = await prisma.game.findFirstOrThrow({ where: { tableId: t.id } });
    // The correction pauses on the table's game row (after it has read that the next round is still pending), holding round 1 and the challenge.
    const [correction, seating] = await holding(env, 'SELECT id FROM games WHERE id = $1 FOR UPDATE', [game.id], async (release) => {
      const correcting = settle(flow.correctResult(director.id, t.id, corrected, 'second sheet found'));
      await eventually(async () => (await lockWaiters(env)) === 1, 15_000, 'the correction waiting on the game');
      let done = false;
      const seating = settle(flow.startRound(fx.round2.id, fx.round2.startsAt!)).then((r) => ((done = true), r));
      await eventually(async () => done || (await lockWaiters(env)) === 2, 15_000, 'the seating waiting on the correction, or done');
      await release();
      return Promise.all([correcting, seating]);
    });
    expect(seating.error).toBeUndefined();
    if (correction.error) expect((correction.error as { code?: string }).code).toBe('ROUND_SEATED');
    expect((await prisma.round.findUniqueOrThrow({ where: { id: fx.round2.id } })).status).toBe('running');
    // Round 2 seats exactly the advancers round 1's results name now.
    expect(await seatedIn(fx.round2.id)).toEqual(await advancersOf(fx.round1.id));
  }, 60_000);

  it('a player disqualified while the next round is being seated forfeits their new seat', async () => {
    const fx = await roundTwoPending();
    const victim = (await advancersOf(fx.round1.id))[0];
    // The disqualification pauses on the player's registration row, holding the challenge's row.
    const [dq, seating] = await holding(env, 'SELECT id FROM registrations WHERE challenge_id = $1 AND user_id = $2 FOR UPDATE', [fx.challengeId, victim], async (release) => {
      const disqualifying = settle(flow.disqualify(director.id, fx.challengeId, victim, 'collusion seen on video'));
      await eventually(async () => (await lockWaiters(env)) === 1, 15_000, 'the disqualification waiting on the registration');
      let done = false;
      const seating = settle(flow.startRound(fx.round2.id, fx.round2.startsAt!)).then((r) => ((done = true), r));
      await eventually(async () => done || (await lockWaiters(env)) === 2, 15_000, 'the seating waiting on the challenge, or done');
      await release();
      return Promise.all([disqualifying, seating]);
    });
    expect([dq.error, seating.error]).toEqual([undefined, undefined]);
    expect(await seatedIn(fx.round2.id)).toContain(victim);
    const seat = await prisma.tableSeat.findFirstOrThrow({ where: { userId: victim, table: { roundId: fx.round2.id } } });
    const g = await storedGame(api.app, (await prisma.game.findFirstOrThrow({ where: { tableId: seat.tableId }, orderBy: { startedAt: 'desc' } })).id);
    expect(g.state.forfeited[seat.seat]).toBe(true);
  }, 60_000);

  /**
   * The director's cancel pauses on a registrant's cancellation notice (an uncommitted insert of the
   * same key), holding the challenge and every round it has just finished; `step` then runs.
   */
  async function cancelWhile(challengeId: string, step: () => Promise<unknown>) {
    const reg = await prisma.registration.findFirstOrThrow({ where: { challengeId, status: 'registered' }, orderBy: { position: 'asc' } });
    return holding(
      env,
      `INSERT INTO notifications (id, user_id, kind, title, body, dedupe_key) VALUES (gen_random_uuid(), $1, 'x', 'x', 'x', $2)`,
      [reg.userId, `cancelled:${challengeId}`],
      async (release) => {
        const cancelling = settle(api.http().post(`/api/challenges/${challengeId}/cancel`).set('Authorization', `Bearer ${director.token}`).send({ reason: 'venue power failure' }).then((r) => r));
        await eventually(async () => (await lockWaiters(env)) === 1, 15_000, 'the cancel waiting on the notice');
        let done = false;
        const stepping = settle(step()).then((r) => ((done = true), r));
        await eventually(async () => done || (await lockWaiters(env)) === 2, 15_000, 'the step waiting on the cancel, or done');
        await release();
        return Promise.all([cancelling, stepping]);
      },
    );
  }

  it('a table decision queued before a cancel and run after it does nothing: a cancelled challenge is not decided, continued or completed', async () => {
    const fx = await challengeWithPlayers(prisma, { checkedIn: 16 });
    await directCity(api, director.id, fx);
    await flow.start(fx.challengeId);
    const tables = await prisma.challengeTable.findMany({ where: { challengeId: fx.challengeId }, orderBy: { index: 'asc' } });
    // The table-decide job of table 1 (its game just ended, or the recovery sweep) runs while the cancel commits.
    const [cancel, decide] = await cancelWhile(fx.challengeId, () => flow.decideTable(tables[0].id));
    expect([cancel.value?.status, decide.error]).toEqual([200, undefined]);
    // Later runs (the recovery sweep re-queues every undecided table with a finished game) change nothing either.
    for (const t of tables) await flow.decideTable(t.id);
    expect((await prisma.challenge.findUniqueOrThrow({ where: { id: fx.challengeId } })).status).toBe('cancelled');
    expect(await prisma.challengeTable.count({ where: { challengeId: fx.challengeId, OR: [{ status: { not: 'playing' } }, { decidedAt: { not: null } }] } })).toBe(0);
    expect(await prisma.tiebreak.count({ where: { challengeId: fx.challengeId } })).toBe(0);
    expect(await prisma.round.count({ where: { challengeId: fx.challengeId } })).toBe(1);
    expect(await prisma.placement.count({ where: { challengeId: fx.challengeId } })).toBe(0);
  }, 60_000);

  it('a tiebreak window that closes after a cancel does nothing: no result, no next round', async () => {
    const fx = await challengeWithPlayers(prisma, { checkedIn: 16 });
    await directCity(api, director.id, fx);
    await flow.start(fx.challengeId);
    const round1 = await prisma.round.findFirstOrThrow({ where: { challengeId: fx.challengeId, number: 1 } });
    // The hard stop ends every game level at 0: every table goes to the 6-4/5-5 draw.
    await flow.hardStop(round1.id, new Date(round1.hardStopAt!.getTime() + 1000));
    const draws = await prisma.tiebreak.findMany({ where: { challengeId: fx.challengeId, decidedAt: null } });
    expect(draws.length).toBeGreaterThan(0);
    const later = new Date(Date.now() + 60_000);
    const [cancel, close] = await cancelWhile(fx.challengeId, () => flow.closeTiebreak(draws[0].id, later));
    expect([cancel.value?.status, close.error]).toEqual([200, undefined]);
    // Every later window of every draw too (a draw settles one place per window; a split draws again).
    for (let w = 1; w <= 8; w++) for (const d of draws) await flow.closeTiebreak(d.id, new Date(later.getTime() + w * 10_000));
    expect((await prisma.challenge.findUniqueOrThrow({ where: { id: fx.challengeId } })).status).toBe('cancelled');
    expect(await prisma.challengeTable.count({ where: { challengeId: fx.challengeId, status: 'finished' } })).toBe(0);
    expect(await prisma.round.count({ where: { challengeId: fx.challengeId } })).toBe(1);
    expect(await prisma.placement.count({ where: { challengeId: fx.challengeId } })).toBe(0);
  }, 60_000);

  it('a tiebreak pick that waits behind the close of its window is refused (DRAW_CLOSED), not counted in the next window', async () => {
    const fx = await challengeWithPlayers(prisma, { checkedIn: 16 });
    await directCity(api, director.id, fx);
    await flow.start(fx.challengeId);
    const round1 = await prisma.round.findFirstOrThrow({ where: { challengeId: fx.challengeId, number: 1 } });
    // The hard stop ends every game level at 0: every table goes to the 6-4/5-5 draw.
    await flow.hardStop(round1.id, new Date(round1.hardStopAt!.getTime() + 1000));
    const [draw] = await prisma.tiebreak.findMany({ where: { challengeId: fx.challengeId, decidedAt: null }, orderBy: { id: 'asc' } });
    const picker = (draw.players as string[])[0];
    const close = new Client({ connectionString: env.databaseUrl });
    await close.connect();
    try {
      // A close holds the draw while it settles this window and, finding no winner, opens the next one.
      await close.query('BEGIN');
      await close.query('SELECT id FROM tiebreaks WHERE id = $1 FOR UPDATE', [draw.id]);
      const pick = settle(flow.pickTile(picker, draw.id, 3));
      await eventually(async () => (await lockWaiters(env)) === 1, 15_000, 'the pick waiting on the draw');
      await close.query(
        `UPDATE tiebreaks SET state = jsonb_set(jsonb_set(state, '{round}', to_jsonb((state->>'round')::int + 1)), '{version}', to_jsonb((state->>'version')::int + 1)),
           version = version + 1, closes_at = now() + interval '5 seconds' WHERE id = $1`,
        [draw.id],
      );
      await close.query('COMMIT');
      const { error } = await pick;
      expect((error as AppError | undefined)?.code).toBe('DRAW_CLOSED');
      const state = (await prisma.tiebreak.findUniqueOrThrow({ where: { id: draw.id } })).state as unknown as { round: number; picks: unknown[] };
      expect(state).toMatchObject({ round: 2, picks: [] });
      // In the new window the player picks again, as anyone would.
      expect((await flow.pickTile(picker, draw.id, 3)).round).toBe(2);
    } finally {
      await close.query('ROLLBACK').catch(() => undefined);
      await close.end();
    }
  }, 60_000);

  /**
   * The 30-minute hard stop pauses on the first table's game row (a move being saved holds it), and a
   * director's act comes in meanwhile. Before the flow took the challenge's lock first, the hard stop
   * held round 1 and then that game while the act held the challenge and waited for the same game;
   * the hard stop then needed the challenge (its 6-4/5-5 draws reference it): a deadlock, which
   * PostgreSQL broke by failing one side.
   */
  async function actDuringHardStop(act: (fx: Awaited<ReturnType<typeof challengeWithPlayers>>, heldTable: { seats: { userId: string }[] }) => Promise<unknown>) {
    const fx = await challengeWithPlayers(prisma, { checkedIn: 16 });
    await directCity(api, director.id, fx);
    await flow.start(fx.challengeId);
    const round1 = await prisma.round.findFirstOrThrow({ where: { challengeId: fx.challengeId, number: 1 } });
    const first = await prisma.challengeTable.findFirstOrThrow({ where: { roundId: round1.id }, orderBy: { index: 'asc' }, include: { seats: true } });
    const game = await prisma.game.findFirstOrThrow({ where: { tableId: first.id } });
    const [stop, acted] = await holding(env, 'SELECT id FROM games WHERE id = $1 FOR UPDATE', [game.id], async (release) => {
      const stopping = settle(flow.hardStop(round1.id, new Date(round1.hardStopAt!.getTime() + 1000)));
      await eventually(async () => (await lockWaiters(env)) === 1, 15_000, 'the hard stop waiting on the game');
      const acting = settle(act(fx, first));
      await eventually(async () => (await lockWaiters(env)) === 2, 15_000, "the director's act waiting");
      await release();
      return Promise.all([stopping, acting]);
    });
    return { fx, round1, stop, acted };
  }

  it('a cancel at the moment of the hard stop: both finish (no deadlock), the challenge is cancelled and every game ended', async () => {
    const { fx, round1, stop, acted } = await actDuringHardStop((fx) =>
      api.http().post(`/api/challenges/${fx.challengeId}/cancel`).set('Authorization', `Bearer ${director.token}`).send({ reason: 'venue power failure' }),
    );
    expect(stop.error).toBeUndefined();
    expect((acted.value as { status: number; body: unknown }).body).toEqual({ ok: true });
    expect((await prisma.challenge.findUniqueOrThrow({ where: { id: fx.challengeId } })).status).toBe('cancelled');
    expect((await prisma.round.findUniqueOrThrow({ where: { id: round1.id } })).status).toBe('finished');
    expect(await prisma.game.count({ where: { table: { challengeId: fx.challengeId }, status: 'playing' } })).toBe(0);
    expect(await prisma.placement.count({ where: { challengeId: fx.challengeId } })).toBe(0);
  }, 60_000);

  it('a disqualification at the moment of the hard stop: both finish (no deadlock), the player is disqualified', async () => {
    const victim = { id: '' };
    // A player of the held table: before the fix, the disqualification waited on that table's game.
    const { fx, stop, acted } = await actDuringHardStop((fx, held) => {
      victim.id = held.seats[0].userId;
      return api.http().post(`/api/challenges/${fx.challengeId}/disqualifications`).set('Authorization', `Bearer ${director.token}`).send({ userId: victim.id, reason: 'collusion seen on video' });
    });
    expect(stop.error).toBeUndefined();
    expect((acted.value as { status: number; body: unknown }).body).toEqual({ ok: true });
    const reg = await prisma.registration.findUniqueOrThrow({ where: { challengeId_userId: { challengeId: fx.challengeId, userId: victim.id } } });
    expect(reg.disqualifiedAt).not.toBeNull();
    // The hard stop ended every game (level: every table went to its draw); the disqualification came after it.
    expect(await prisma.game.count({ where: { table: { challengeId: fx.challengeId }, status: 'playing' } })).toBe(0);
    expect(await prisma.challengeTable.count({ where: { challengeId: fx.challengeId, status: 'tiebreak' } })).toBe(4);
  }, 60_000);

  it("a director's result correction that waits behind a cancel is refused (CHALLENGE_CLOSED): the cancelled challenge does not move on", async () => {
    const fx = await challengeWithPlayers(prisma, { checkedIn: 16 });
    await directCity(api, director.id, fx);
    await flow.start(fx.challengeId);
    const tables = await prisma.challengeTable.findMany({ where: { challengeId: fx.challengeId }, orderBy: { index: 'asc' }, include: { seats: true } });
    const order = (t: (typeof tables)[number]) => [...t.seats].sort((a, b) => b.seed - a.seed).map((s) => s.userId);
    // Three tables corrected before the cancel; the last correction comes while the cancel commits.
    for (const t of tables.slice(0, 3)) await flow.correctResult(director.id, t.id, order(t), 'keyed in from paper');
    const last = tables[3];
    const [cancel, correction] = await cancelWhile(fx.challengeId, () => flow.correctResult(director.id, last.id, order(last), 'keyed in from paper'));
    expect(cancel.value?.status).toBe(200);
    expect((correction.error as { code?: string } | undefined)?.code).toBe('CHALLENGE_CLOSED');
    expect((await prisma.challengeTable.findUniqueOrThrow({ where: { id: last.id } })).status).toBe('playing');
    expect(await prisma.round.count({ where: { challengeId: fx.challengeId } })).toBe(1);
    expect((await prisma.challenge.findUniqueOrThrow({ where: { id: fx.challengeId } })).status).toBe('cancelled');
  }, 60_000);
});
