import type { AddressInfo } from 'node:net';
import { INestApplicationContext } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { jobIds, PrismaService, QUEUES } from '@dcs/common';
import type { GameState } from '@dcs/engine';
import { ChallengeFlowService, type SeatResult } from '@dcs/tournament';
import { createWorker } from '../apps/worker/src/setup';
import { startApi, TestApi } from './support/api';
import { challengeWithPlayers } from './support/challenge-fixtures';
import { tableWithGame } from './support/fixtures';
import { connectLive, RecordingClient, waitFor } from './support/live-client';
import { createTestEnv, TestEnv } from './support/test-env';

interface Move {
  type: string;
  tile?: string;
  end?: string;
}
interface ViewBody {
  gameId: string;
  seat: number | null;
  status: string;
  turnDeadline: string | null;
  view: { version: number; turn: number | null; finished: boolean; hand?: string[]; legalMoves?: Move[]; forfeited: boolean[]; board: unknown };
}
interface Missed {
  seq: number;
  type: string;
  seat: number | null;
  tile?: string;
  end?: string;
  by: string;
}

const TILE = /"[0-6]-[0-6]"/;
const asSent = (m: Move): Move => ({ type: m.type, ...(m.tile ? { tile: m.tile } : {}), ...(m.end ? { end: m.end } : {}) });

describe('live pushes: tiebreak draws, bracket pushes from the worker, reconnects with missed moves', () => {
  let env: TestEnv;
  let api: TestApi;
  let worker: INestApplicationContext;
  let prisma: PrismaService;
  let port: number;
  const open: RecordingClient[] = [];
  const client = async (token?: string) => {
    const c = await connectLive(port, token);
    open.push(c);
    return c;
  };
  const tokenOf = (userId: string) => api.tokenOf(userId);

  beforeAll(async () => {
    env = await createTestEnv('livepush');
    api = await startApi(env);
    await api.app.listen(0, '127.0.0.1');
    port = (api.app.getHttpServer().address() as AddressInfo).port;
    worker = await createWorker(env.config());
    prisma = api.app.get(PrismaService);
  });
  afterEach(() => {
    for (const c of open.splice(0)) c.socket.close();
  });
  afterAll(async () => {
    await worker.close();
    await api.close();
    await env.drop();
  });

  it('runs a hard stop, a live 6-4/5-5 draw and the next seating from the worker: open → picks → reveal at the table, results and round 2 to the challenge room, the next table to each player', async () => {
    const fx = await challengeWithPlayers(prisma, { checkedIn: 16, breakSeconds: 0 });
    await api.app.get(ChallengeFlowService).start(fx.challengeId);
    const round = await prisma.round.findFirstOrThrow({
      where: { challengeId: fx.challengeId, number: 1 },
      include: { tables: { orderBy: { index: 'asc' }, include: { games: true, seats: { orderBy: { seat: 'asc' } } } } },
    });
    // Table 0 stands 50 / 30 / 30 / 10 (a tie for 2nd: a draw); the other tables are decided by score.
    for (const [i, t] of round.tables.entries()) {
      const st = t.games[0].state as unknown as GameState;
      const scores = i === 0 ? [50, 30, 30, 10] : [40, 30, 20, 10];
      st.scores = scores;
      st.onBoard = [true, true, true, true];
      const h = st.hands[st.hands.length - 1];
      h.startScores = scores;
      h.startOnBoard = [true, true, true, true];
      await prisma.game.update({ where: { id: t.games[0].id }, data: { state: st as object } });
    }
    const t0 = round.tables[0];
    const game0 = t0.games[0];
    const seats = await Promise.all(t0.seats.map(async (s) => client(await tokenOf(s.userId))));
    const spectator = await client();
    const watcher = await client();
    for (const c of [...seats, spectator]) expect(await c.call('join', { gameId: game0.id })).toMatchObject({ ok: true });
    expect(await watcher.call('watchChallenge', { challengeId: fx.challengeId })).toMatchObject({ ok: true });
    const tied = [1, 2].map((seat) => t0.seats[seat].userId);
    // Issue 24: seat 2's account is in Spanish: its live notice carries the Spanish words, seat 3's the English.
    await prisma.user.update({ where: { id: t0.seats[1].userId }, data: { locale: 'es' } });

    // The worker runs the hard stop now (the API has no queue processor).
    await prisma.round.update({ where: { id: round.id }, data: { hardStopAt: new Date(Date.now() - 1000) } });
    const queue = api.app.get<Queue>(getQueueToken(QUEUES.effects));
    await (await queue.getJob(jobIds.hardStop(round.id)))!.promote();

    await waitFor('round:hard-stop', () => watcher.of('round:hard-stop').length === 1);
    expect(watcher.of('round:hard-stop')[0]).toMatchObject({ challengeId: fx.challengeId, roundId: round.id, round: 1 });
    // The stopped game reaches every seat as its own view and the spectator as the public view.
    await waitFor('stopped views', () => [...seats, spectator].every((c) => c.of('game:view').some((e) => (e.view as ViewBody).status === 'finished')));
    seats.forEach((c, i) => expect(c.of('game:view').every((e) => (e.view as ViewBody).seat === i)).toBe(true));
    expect(spectator.of('game:view').every((e) => (e.view as ViewBody).seat === null && (e.view as ViewBody).view.hand === undefined)).toBe(true);

    // tiebreak:open at the whole table, the spectator and the challenge room: 28 face-down positions and the deadline.
    const everyone = [...seats, spectator, watcher];
    await waitFor('tiebreak:open everywhere', () => everyone.every((c) => c.of('tiebreak:open').length >= 1));
    const opened = seats[1].of('tiebreak:open')[0];
    expect(opened).toMatchObject({ tableId: t0.id, gameId: game0.id, round: 1, positions: 28, taken: [], challengeId: fx.challengeId });
    expect([...(opened.contenders as string[])].sort()).toEqual([...tied].sort());
    expect(Number.isNaN(Date.parse(opened.closesAt as string))).toBe(false);
    const tiebreakId = opened.tiebreakId as string;
    expect(seats[1].of('notification').some((n) => n.kind === 'tiebreak.started')).toBe(true);
    await waitFor('the other tied seat told', () => seats[2].of('notification').some((n) => n.kind === 'tiebreak.started'));
    expect(seats[1].of('notification').find((n) => n.kind === 'tiebreak.started')!.title).toBe('Sorteo de desempate 6-4/5-5');
    expect(seats[2].of('notification').find((n) => n.kind === 'tiebreak.started')!.title).toBe('6-4/5-5 tiebreaker draw');
    // a socket that (re)joins the game while the window is open gets the draw with the view: positions only
    const late = await client();
    const lateJoin = await late.call<{ tiebreak: { id: string; closesAt: string; taken: unknown[]; decided: boolean } }>('join', { gameId: game0.id });
    expect(lateJoin.tiebreak).toMatchObject({ id: tiebreakId, closesAt: opened.closesAt, taken: [], decided: false });
    expect(JSON.stringify(lateJoin.tiebreak)).not.toMatch(TILE);

    // Picks over the socket: the same service and checks as HTTP; a repeat is answered, not applied twice.
    const [a, b] = [seats[1], seats[2]];
    const first = await a.call<{ tiebreak: { taken: unknown[] } }>('tiebreak:pick', { tiebreakId, position: 3 });
    expect(first).toMatchObject({ ok: true, tiebreak: { taken: [{ playerId: tied[0], position: 3 }] } });
    const again = await a.call<{ tiebreak: { taken: unknown[] } }>('tiebreak:pick', { tiebreakId, position: 3 });
    expect(again.ok).toBe(true);
    expect(again.tiebreak.taken).toHaveLength(1);
    expect((await b.call('tiebreak:pick', { tiebreakId, position: 3 })).error?.code).toBe('POSITION_TAKEN');
    expect((await seats[0].call('tiebreak:pick', { tiebreakId, position: 9 })).error?.code).toBe('NOT_IN_DRAW');
    expect((await spectator.call('tiebreak:pick', { tiebreakId, position: 9 })).error?.code).toBe('UNAUTHORIZED');
    expect((await b.call('tiebreak:pick', { tiebreakId, position: 31 })).error?.code).toBe('VALIDATION_FAILED');
    expect(await b.call('tiebreak:pick', { tiebreakId, position: 4 })).toMatchObject({ ok: true });
    expect(JSON.stringify([first, again])).not.toMatch(TILE);
    await waitFor('picks seen by all', () => everyone.every((c) => c.of('tiebreak:picked').length === 2));
    expect(spectator.of('tiebreak:picked').map((p) => [p.playerId, p.position])).toEqual([[tied[0], 3], [tied[1], 4]]);

    // The worker closes the window: everyone at the table sees who drew what and the outcome.
    await waitFor('tiebreak:reveal everywhere', () => everyone.every((c) => c.of('tiebreak:reveal').length >= 1), 20_000);
    for (const c of everyone) {
      const upToReveal = c.frames.slice(0, c.frames.findIndex((f) => f.event === 'tiebreak:reveal'));
      // no tile identity in any draw event before the reveal
      expect(upToReveal.filter((f) => f.event.startsWith('tiebreak:')).some((f) => TILE.test(f.json))).toBe(false);
    }
    const reveal = spectator.of('tiebreak:reveal')[0];
    expect(reveal).toMatchObject({ tiebreakId, round: 1, tableId: t0.id });
    const picks = reveal.picks as { playerId: string; position: number; tile: string; auto: boolean }[];
    expect(picks.find((p) => p.position === 3)).toMatchObject({ playerId: tied[0], auto: false, tile: expect.stringMatching(/^[0-6]-[0-6]$/) });
    expect(picks.filter((p) => p.playerId === tied[0])).toHaveLength(7);
    expect(['winner', 'split', 'none']).toContain((reveal.outcome as { kind: string }).kind);

    // A split or none draws again (another open → reveal); a winner decides the table.
    await waitFor('the draw decided', () => spectator.of('tiebreak:reveal').some((r) => r.decided === true), 60_000);
    const reveals = spectator.of('tiebreak:reveal');
    expect(spectator.of('tiebreak:open').length).toBe(reveals.length);
    const result = await waitForTableResult(watcher, t0.id);
    expect(result.map((r) => r.seat)[0]).toBe(0);
    expect(tied).toContain(result[1].userId);
    expect(result.filter((r) => r.advanced)).toHaveLength(2);
    expect(seats[0].of('table:result').some((e) => e.tableId === t0.id)).toBe(true);
    await waitFor('all four table results', () => new Set(watcher.of('table:result').map((e) => e.tableId)).size === 4);

    // Round 1 finished → round 2 seated by the worker: seating to the challenge room, each advancer their next table.
    await waitFor('round:started 2', () => watcher.of('round:started').some((e) => e.round === 2), 20_000);
    expect(watcher.of('round:finished')[0]).toMatchObject({ round: 1, completed: false, next: { round: 2 } });
    const r2 = watcher.of('round:started').find((e) => e.round === 2)!;
    const tables = r2.tables as { tableId: string; table: number; gameId: string; seats: { seat: number; userId: string }[] }[];
    expect(tables).toHaveLength(2);
    const advancers = result.filter((r) => r.advanced).map((r) => r.userId);
    for (const userId of advancers) {
      const socket = seats[t0.seats.findIndex((s) => s.userId === userId)];
      await waitFor('next-table notification', () => socket.of('notification').some((n) => n.kind === 'table.seated'));
      const note = socket.of('notification').find((n) => n.kind === 'table.seated')!;
      const mine = tables.find((t) => t.seats.some((s) => s.userId === userId))!;
      expect(note.data).toMatchObject({ challengeId: fx.challengeId, round: 2, tableId: mine.tableId, gameId: mine.gameId, table: mine.table });
    }
    for (const out of result.filter((r) => !r.advanced)) {
      expect(seats[t0.seats.findIndex((s) => s.userId === out.userId)].of('notification').some((n) => n.kind === 'table.seated')).toBe(false);
    }
  }, 120_000);

  async function waitForTableResult(watcher: RecordingClient, tableId: string): Promise<SeatResult[]> {
    await waitFor('table:result', () => watcher.of('table:result').some((e) => e.tableId === tableId), 20_000);
    return watcher.of('table:result').find((e) => e.tableId === tableId)!.result as SeatResult[];
  }

  it('gives a player who reconnects (and a second tab) the current view, the deadline and every move missed since its seq: no gap, no duplicate, no hidden tile', async () => {
    const { gameId, players } = await tableWithGame(api);
    const seats = await Promise.all(players.map((p) => client(p.token)));
    const latest = (c: RecordingClient) => {
      const views = c.of('game:view').map((e) => e.view as ViewBody);
      return views.length ? views[views.length - 1] : null;
    };
    const joined = new Map<RecordingClient, ViewBody>();
    for (const c of seats) joined.set(c, (await c.call<{ view: ViewBody }>('join', { gameId })).view);
    const current = (c: RecordingClient) => {
      const l = latest(c);
      const j = joined.get(c)!;
      return l && l.view.version > j.view.version ? l : j;
    };
    const move = async () => {
      const v = current(seats[0]).view;
      const mover = seats[v.turn!];
      const mine = current(mover).view;
      const ack = await mover.call<{ seq: number }>('action', { gameId, ...asSent(mine.legalMoves![0]), version: mine.version });
      expect(ack.ok).toBe(true);
      await waitFor('broadcast', () => seats.filter((s) => s.socket.connected).every((s) => current(s).view.version === ack.seq));
    };
    for (let i = 0; i < 3; i++) await move();
    // every broadcast view carries the clock's deadline
    expect(seats[0].of('game:view').every((e) => typeof (e.view as ViewBody).turnDeadline === 'string')).toBe(true);

    const away = 2;
    const lastSeen = current(seats[away]).view.version;
    seats[away].socket.close();
    const others = seats.filter((_, i) => i !== away);
    let moved = 0;
    // the others play on while it is away (its own turn stops the run)
    while (moved < 6 && current(others[0]).view.turn !== away) {
      const v = current(others[0]).view;
      const mover = seats[v.turn!];
      const mine = current(mover).view;
      const ack = await mover.call<{ seq: number }>('action', { gameId, ...asSent(mine.legalMoves![0]), version: mine.version });
      expect(ack.ok).toBe(true);
      await waitFor('broadcast', () => others.every((s) => current(s).view.version === ack.seq));
      moved++;
    }
    if (moved === 0) {
      // it was the absent seat's turn at once: it moves through HTTP from elsewhere (a second device)
      const res = await api.http().get(`/api/games/${gameId}/view`).set('Authorization', `Bearer ${players[away].token}`);
      const mine = (res.body as ViewBody).view;
      expect((await api.http().post(`/api/games/${gameId}/actions`).set('Authorization', `Bearer ${players[away].token}`).send({ ...asSent(mine.legalMoves![0]), version: mine.version })).status).toBe(200);
      moved = 1;
    }
    const now = (await prisma.game.findUniqueOrThrow({ where: { id: gameId } })).version;
    expect(now).toBe(lastSeen + moved);

    // the player comes back, and opens a second tab
    const back = await client(players[away].token);
    const tab2 = await client(players[away].token);
    const rejoin = await back.call<{ seq: number; view: ViewBody; missed: Missed[] }>('join', { gameId, since: lastSeen });
    const rejoin2 = await tab2.call<{ seq: number; view: ViewBody; missed: Missed[] }>('join', { gameId, since: lastSeen });
    for (const r of [rejoin, rejoin2]) {
      expect(r).toMatchObject({ ok: true, seq: now, view: { seat: away, status: 'playing' } });
      expect(typeof r.view.turnDeadline).toBe('string');
      expect(r.missed.map((m) => m.seq)).toEqual(Array.from({ length: moved }, (_, k) => lastSeen + k + 1));
      expect(r.missed.every((m) => m.by === 'player' && m.seat !== null && m.seat !== undefined)).toBe(true);
      // nothing hidden: a play's tile is on the board now; no other kind of move names a tile; no false-knock flag
      const board = JSON.stringify(r.view.view.board);
      for (const m of r.missed) {
        if (m.type === 'play') expect(board).toContain(`"${m.tile}"`);
        else expect(m.tile).toBeUndefined();
        expect(JSON.stringify(m)).not.toContain('falseKnock');
      }
    }
    expect(rejoin2.missed).toEqual(rejoin.missed);
    expect(rejoin2.view).toEqual(rejoin.view);
    const othersHands = others.map((s) => current(s).view.hand!).flat();
    expect(othersHands.length).toBeGreaterThan(0);
    const missedText = JSON.stringify(rejoin.missed);
    for (const t of othersHands) expect(missedText).not.toContain(`"${t}"`);
    // a client already up to date gets nothing; a bad since is refused with the stable code
    expect((await back.call<{ missed: Missed[] }>('join', { gameId, since: now })).missed).toEqual([]);
    expect((await back.call('join', { gameId, since: -1 })).error?.code).toBe('VALIDATION_FAILED');

    // the next move (made by whoever is on turn; the returning player through its new socket) reaches both tabs exactly once
    const turn = rejoin.view.view.turn!;
    const [mover, mine] = turn === away ? [back, rejoin.view.view] : [seats[turn], current(seats[turn]).view];
    expect(await mover.call('action', { gameId, ...asSent(mine.legalMoves![0]), version: mine.version })).toMatchObject({ ok: true, seq: now + 1 });
    await waitFor('both tabs', () => [back, tab2].every((c) => c.of('game:view').length >= 1));
    await new Promise((r) => setTimeout(r, 200));
    for (const c of [back, tab2]) expect(c.of('game:view').map((e) => e.seq)).toEqual([now + 1]);
  }, 60_000);
});
