import type { AddressInfo } from 'node:net';
import { io, Socket } from 'socket.io-client';
import { AppConfig } from '@dcs/common';
import { startApi, TestApi } from './support/api';
import { tableWithGame } from './support/fixtures';
import { createTestEnv, TestEnv } from './support/test-env';

interface Move {
  type: string;
  tile?: string;
  end?: string;
}
interface View {
  version: number;
  turn: number | null;
  finished: boolean;
  viewer: number | null;
  hand?: string[];
  legalMoves?: Move[];
  pendingLead: { tile: string | null } | null;
  lead: unknown;
  handEndedBy: string | null;
  log: { type: string; seat?: number; falseKnock?: boolean }[];
  scores: number[];
}
interface GameView {
  gameId: string;
  seat: number | null;
  status: string;
  seed: string | null;
  view: View;
}
interface Ack {
  ok: boolean;
  seq?: number;
  view?: GameView & { applied?: boolean };
  error?: { code: string; message: string; details?: unknown };
}
interface Frame {
  seq: number | null;
  json: string;
}

/** The spacing a well-behaved client keeps between its actions: the server allows LIVE_ACTIONS_PER_SECOND a second per connection. */
const ACTION_SPACING_MS = Math.ceil(1000 / new AppConfig().LIVE_ACTIONS_PER_SECOND) + 2;

/** A socket.io client that records every frame it receives (events and acknowledgements) and its latest game view. */
class LiveClient {
  readonly frames: Frame[] = [];
  readonly seqs: number[] = [];
  latest: GameView | null = null;
  private lastActionAt = 0;

  constructor(readonly socket: Socket) {
    socket.onAny((event: string, ...args: unknown[]) => {
      const e = args[0] as { seq?: number; view?: GameView } | undefined;
      this.frames.push({ seq: e?.seq ?? null, json: JSON.stringify([event, ...args]) });
      if (event === 'game:view' && e?.view && typeof e.seq === 'number') {
        this.seqs.push(e.seq);
        this.see(e.view);
      }
    });
  }

  async call(event: string, payload: unknown): Promise<Ack> {
    const ack = (await this.socket.timeout(10_000).emitWithAck(event, payload)) as Ack;
    this.frames.push({ seq: ack.seq ?? null, json: JSON.stringify(['ack', ack]) });
    if (ack.ok && ack.view) this.see(ack.view);
    return ack;
  }

  /** An `action`, sent no faster than the server's per-connection limit (a bot-speed game would otherwise trip it). */
  async act(payload: unknown): Promise<Ack> {
    const wait = this.lastActionAt + ACTION_SPACING_MS - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    this.lastActionAt = Date.now();
    return this.call('action', payload);
  }

  private see(view: GameView): void {
    if (!this.latest || view.view.version > this.latest.view.version) this.latest = view;
  }
}

const connect = (port: number, token?: string): Promise<LiveClient> =>
  new Promise((resolve, reject) => {
    const socket = io(`http://127.0.0.1:${port}/live`, { transports: ['websocket'], forceNew: true, reconnection: false, auth: token ? { token } : {} });
    const client = new LiveClient(socket);
    socket.once('connect', () => resolve(client));
    socket.once('connect_error', (err: Error & { data?: unknown }) => {
      socket.close();
      reject(err);
    });
  });

async function waitUntil(what: string, pred: () => boolean, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** A legal move as the client sends it (the engine's move also names the seat, which a client never sends). */
const asSent = (m: Move): Move => ({ type: m.type, ...(m.tile ? { tile: m.tile } : {}), ...(m.end ? { end: m.end } : {}) });

const portOf = (api: TestApi) => (api.app.getHttpServer().address() as AddressInfo).port;

describe('live tables over socket.io', () => {
  let env: TestEnv;
  let api: TestApi;
  let port: number;
  const open: LiveClient[] = [];
  const client = async (token?: string, p = port) => {
    const c = await connect(p, token);
    open.push(c);
    return c;
  };

  beforeAll(async () => {
    env = await createTestEnv('live');
    api = await startApi(env);
    await api.app.listen(0, '127.0.0.1');
    port = portOf(api);
  });
  afterEach(() => {
    for (const c of open.splice(0)) c.socket.close();
  });
  afterAll(async () => {
    await api.close();
    await env.drop();
  });

  const actionCount = async (gameId: string) => Number((await env.sql<{ n: string }>(`SELECT count(*) n FROM game_actions WHERE game_id = $1`, [gameId]))[0].n);

  /** Four seated clients and a spectator join a fresh game; returns them with their join acks checked. */
  async function seatedGame() {
    const { gameId, players } = await tableWithGame(api);
    const seats = await Promise.all(players.map((p) => client(p.token)));
    const spectator = await client();
    for (const [i, c] of seats.entries()) {
      const ack = await c.call('join', { gameId });
      expect(ack).toMatchObject({ ok: true, view: { gameId, seat: i, status: 'playing', seed: null } });
      expect(ack.view!.view.hand).toHaveLength(7);
    }
    const spec = await spectator.call('join', { gameId });
    expect(spec).toMatchObject({ ok: true, view: { seat: null, seed: null } });
    expect(spec.view!.view.hand).toBeUndefined();
    return { gameId, players, seats, spectator };
  }

  /**
   * Plays the game to its end over the sockets, each move chosen from the mover's own legalMoves;
   * after each move waits until every seat and the spectator have that version. Once, seat
   * `falseKnocker` knocks while holding a playable tile (a false knock), if the turn allows it.
   */
  async function playToEnd(gameId: string, seats: LiveClient[], spectator: LiveClient, falseKnocker?: number) {
    let moves = 0;
    let falseKnockAt: number | null = null;
    const hands = new Map<number, string[][]>(); // version → each seat's hand, from its own views
    const note = () => {
      const v = seats[0].latest!.view.version;
      if (seats.every((s) => s.latest!.view.version === v)) hands.set(v, seats.map((s) => s.latest!.view.hand ?? []));
    };
    note();
    while (!seats[0].latest!.view.finished) {
      const turn = seats[0].latest!.view.turn!;
      const mover = seats[turn];
      const mine = mover.latest!.view;
      let move = asSent(mine.legalMoves![0]);
      // a knock while a play is legal: the false knock (an honest knock, with nothing to play, is not it)
      const falseKnock = falseKnockAt === null && turn === falseKnocker && mine.legalMoves!.some((m) => m.type === 'play') && !!mine.lead;
      if (falseKnock) move = { type: 'knock' };
      const ack = await mover.act({ gameId, ...move, version: mine.version, requestId: `m-${gameId.slice(0, 8)}-${moves}` });
      expect(ack.error).toBeUndefined();
      expect(ack.seq).toBe(mine.version + 1);
      if (falseKnock) falseKnockAt = ack.seq!;
      moves++;
      const seq = ack.seq!;
      await waitUntil(`version ${seq} everywhere`, () => [...seats, spectator].every((c) => c.latest?.view.version === seq));
      note();
      expect(moves).toBeLessThan(3000);
    }
    return { moves, hands, falseKnockAt };
  }

  it('plays a whole game with four socket clients: each seat sees its own view, a spectator the public view, in order', async () => {
    const { gameId, players, seats, spectator } = await seatedGame();
    const start = seats[0].latest!.view.version;
    const { moves } = await playToEnd(gameId, seats, spectator);

    const stored = (await env.sql<{ seed: string }>(`SELECT seed FROM games WHERE id = $1`, [gameId]))[0].seed;
    for (const [i, c] of seats.entries()) {
      // every move reached every seat exactly once, in order, as its own seat view
      expect(c.seqs).toEqual(Array.from({ length: moves }, (_, k) => start + k + 1));
      const events = c.frames.filter((f) => f.json.startsWith('["game:view"')).map((f) => (JSON.parse(f.json) as [string, { view: GameView }])[1].view);
      expect(events.every((v) => v.seat === i && v.view.viewer === i && Array.isArray(v.view.hand))).toBe(true);
      expect(c.latest).toMatchObject({ status: 'finished', seed: stored });
    }
    expect(spectator.seqs).toEqual(Array.from({ length: moves }, (_, k) => start + k + 1));
    const specViews = spectator.frames.filter((f) => f.json.startsWith('["game:view"')).map((f) => (JSON.parse(f.json) as [string, { view: GameView }])[1].view);
    expect(specViews.every((v) => v.seat === null && v.view.hand === undefined && v.view.legalMoves === undefined)).toBe(true);
    expect(Math.max(...spectator.latest!.view.scores)).toBeGreaterThanOrEqual(150);
    expect(await actionCount(gameId)).toBe(moves);

    // the socket path is the HTTP path: the same final view, and the game is over for both
    const http = await api.http().get(`/api/games/${gameId}/view`).set({ Authorization: `Bearer ${players[2].token}` });
    expect(http.body).toEqual(seats[2].latest);
    const over = await seats[0].call('action', { gameId, type: 'knock', version: spectator.latest!.view.version });
    expect(over).toMatchObject({ ok: false, error: { code: 'GAME_OVER' } });
  }, 180_000);

  it('never sends a spectator or an opponent a tile held by another seat, a false knock of another seat, or the seed before the end', async () => {
    const { gameId, seats, spectator } = await seatedGame();
    const opponent = 1;
    const { hands, falseKnockAt } = await playToEnd(gameId, seats, spectator, 2);
    const stored = (await env.sql<{ seed: string }>(`SELECT seed FROM games WHERE id = $1`, [gameId]))[0].seed;
    const finalVersion = spectator.latest!.view.version;

    const leaks = (frames: Frame[], viewer: number | null) => {
      const found: string[] = [];
      for (const f of frames) {
        if (f.seq === null) continue;
        const held = hands.get(f.seq);
        if (!held) throw new Error(`no ground truth for version ${f.seq}`);
        const parsed = JSON.parse(f.json) as [string, { view?: GameView & { events?: { hand?: number }[] } }];
        const v = parsed[1].view?.view;
        // Earlier hands are over and their tiles dealt again: their leads (history) and the events
        // of an ended hand are not "held" now. Everything about the current hand is checked.
        const current = structuredClone(parsed);
        const cv = current[1].view;
        if (cv) {
          delete (cv.view as Partial<View> & { history?: unknown }).history;
          if (cv.events) cv.events = cv.events.filter((e) => e.hand === (cv.view as View & { handIndex: number }).handIndex);
          // The hand that ended last is shown whole, every seat's tiles left revealed (issue 42's hand-end summary): only
          // ever a hand that is over — an earlier one, or the current one once it has ended — never the hand in play.
          const cur = cv.view as View & { handIndex: number; handEndedBy: unknown; lastHand?: { index: number } | null };
          if (cur.lastHand && (cur.lastHand.index < cur.handIndex || cur.handEndedBy !== null)) delete cur.lastHand;
        }
        const text = JSON.stringify(current);
        // the double that must open a hand is public by the rules (everyone sees who leads with it)
        const shown = v?.pendingLead?.tile ?? null;
        for (const [seat, tiles] of held.entries()) {
          if (seat === viewer) continue;
          for (const t of tiles) {
            const [a, b] = t.split('-');
            if (t !== shown && (text.includes(`"${a}-${b}"`) || text.includes(`"${b}-${a}"`))) found.push(`v${f.seq} seat ${seat} ${t}`);
          }
        }
        if (f.seq < finalVersion && f.json.includes(stored)) found.push(`v${f.seq} seed`);
        if (v && v.handEndedBy === null && v.log.some((e) => e.type === 'knock' && e.seat !== viewer && 'falseKnock' in e)) found.push(`v${f.seq} falseKnock`);
      }
      return found;
    };

    // the recording covers the whole game, and the check can fail: each seat's own frames name its tiles
    expect(spectator.frames.length).toBeGreaterThan(50);
    expect(seats[opponent].frames.length).toBeGreaterThan(50);
    expect(leaks(seats[0].frames, null).length).toBeGreaterThan(0);
    expect(leaks(spectator.frames, null)).toEqual([]);
    expect(leaks(seats[opponent].frames, opponent)).toEqual([]);
    // the false knock happened, its knocker saw it, the others did not while that hand ran
    expect(falseKnockAt).not.toBeNull();
    const knockerFrame = seats[2].frames.find((f) => f.seq === falseKnockAt && f.json.startsWith('["game:view"'))!;
    expect(knockerFrame.json).toContain('"falseKnock":true');
    expect(spectator.frames.find((f) => f.seq === falseKnockAt)!.json).not.toContain('falseKnock');
    // the seed arrives only with the final view
    expect(spectator.latest!.seed).toBe(stored);
  }, 180_000);

  it('lets a player reconnect mid-game and rejoin with the current view; a retried requestId is not applied twice', async () => {
    const { gameId, players, seats, spectator } = await seatedGame();
    for (let i = 0; i < 3; i++) {
      const turn = seats[0].latest!.view.turn!;
      const mine = seats[turn].latest!.view;
      await seats[turn].act({ gameId, ...asSent(mine.legalMoves![0]), version: mine.version });
      await waitUntil('broadcast', () => seats.every((s) => s.latest!.view.version === mine.version + 1));
    }
    const turn = seats[0].latest!.view.turn!;
    const mine = seats[turn].latest!.view;
    const payload = { gameId, ...asSent(mine.legalMoves![0]), version: mine.version, requestId: 'reconnect-retry-1' };
    const first = await seats[turn].call('action', payload);
    expect(first).toMatchObject({ ok: true, seq: mine.version + 1, view: { applied: true } });
    const count = await actionCount(gameId);

    // the mover drops, the next player moves while it is away
    seats[turn].socket.close();
    await waitUntil('spectator update', () => spectator.latest!.view.version === mine.version + 1);
    const next = spectator.latest!.view.turn!;
    expect(next).not.toBe(turn);
    const nextView = seats[next].latest!.view;
    expect(nextView.version).toBe(mine.version + 1);
    await seats[next].call('action', { gameId, ...asSent(nextView.legalMoves![0]), version: nextView.version });

    const back = await client(players[turn].token);
    const joined = await back.call('join', { gameId });
    expect(joined).toMatchObject({ ok: true, seq: mine.version + 2, view: { seat: turn } });
    const again = await back.call('action', payload);
    expect(again).toMatchObject({ ok: true, view: { applied: false, seat: turn } });
    expect(again.seq).toBe(mine.version + 2);
    expect(await actionCount(gameId)).toBe(count + 1);
    // the reconnected socket is in its user room again: the next move reaches it
    const now = spectator.latest!.view;
    const actor = now.turn === turn ? back : seats[now.turn!];
    expect(await actor.call('action', { gameId, ...asSent(actor.latest!.view.legalMoves![0]), version: now.version })).toMatchObject({ ok: true });
    await waitUntil('reconnected client sees the next move', () => back.seqs.includes(mine.version + 3));
    expect(back.latest!.seat).toBe(turn);
  }, 60_000);

  it('spans two API instances on one Redis: a player on instance A sees moves made through instance B', async () => {
    const other = await startApi(env);
    try {
      await other.app.listen(0, '127.0.0.1');
      const portB = portOf(other);
      const { gameId, players } = await tableWithGame(api);
      const onA = await Promise.all(players.map((p) => client(p.token, port)));
      const spectatorA = await client(undefined, port);
      for (const c of onA) await c.call('join', { gameId });
      await spectatorA.call('join', { gameId });
      const v0 = onA[0].latest!.view;

      // a move through B over HTTP
      const mover = players[v0.turn!];
      const move = asSent(onA[v0.turn!].latest!.view.legalMoves![0]);
      const res = await other.http().post(`/api/games/${gameId}/actions`).set({ Authorization: `Bearer ${mover.token}` }).send({ ...move, version: v0.version });
      expect(res.status).toBe(200);
      await waitUntil('A hears B (HTTP)', () => onA.every((c) => c.seqs.includes(v0.version + 1)) && spectatorA.seqs.includes(v0.version + 1));
      expect(onA.map((c) => c.latest!.seat)).toEqual([0, 1, 2, 3]);
      expect(spectatorA.latest!.view.hand).toBeUndefined();

      // a move through B over a socket
      const v1 = onA[0].latest!.view;
      const nextOnB = await client(players[v1.turn!].token, portB);
      const viaB = await nextOnB.call('action', { gameId, ...asSent(onA[v1.turn!].latest!.view.legalMoves![0]), version: v1.version });
      expect(viaB).toMatchObject({ ok: true, seq: v1.version + 1 });
      await waitUntil('A hears B (socket)', () => onA.every((c) => c.seqs.includes(v1.version + 1)) && spectatorA.seqs.includes(v1.version + 1));
      // B's socket never joined the game room but gets its seat's views through its user room
      await waitUntil('B socket gets its own view', () => nextOnB.seqs.includes(v1.version + 1));
    } finally {
      for (const c of open.splice(0)) c.socket.close();
      await other.close();
    }
  }, 60_000);

  it('answers malformed, unauthorised, out-of-turn and stale actions with the stable codes by ack, and keeps everyone connected', async () => {
    const { gameId, players, seats, spectator } = await seatedGame();
    const outsider = await api.user();
    const stranger = await client(outsider.token);
    const v = seats[0].latest!.view;
    const leader = seats[v.turn!];
    const other = seats[(v.turn! + 1) % 4];

    const code = async (c: LiveClient, payload: unknown, event = 'action') => (await c.call(event, payload)).error?.code;
    expect(await code(leader, 'hello')).toBe('VALIDATION_FAILED');
    expect(await code(leader, null)).toBe('VALIDATION_FAILED');
    expect(await code(leader, [1, 2])).toBe('VALIDATION_FAILED');
    expect(await code(leader, { gameId: 'nope', type: 'knock', version: v.version })).toBe('INVALID_ID');
    expect(await code(leader, { gameId, type: 'fly', version: v.version })).toBe('VALIDATION_FAILED');
    expect(await code(leader, { gameId, type: 'knock' })).toBe('VALIDATION_FAILED');
    expect(await code(leader, { gameId, type: 'play', tile: '9-9', version: v.version })).toBe('VALIDATION_FAILED');
    expect(await code(leader, { gameId, type: 'knock', version: v.version, seat: 3 })).toBe('VALIDATION_FAILED');
    expect(await code(leader, { gameId, type: 'knock', version: v.version, requestId: 'x'.repeat(200) })).toBe('VALIDATION_FAILED');
    expect(await code(leader, { gameId: '00000000-0000-4000-8000-000000000000', type: 'knock', version: 0 })).toBe('NOT_FOUND');
    expect(await code(leader, { gameId: 'x' }, 'join')).toBe('INVALID_ID');
    expect(await code(leader, { challengeId: 5 }, 'watchChallenge')).toBe('VALIDATION_FAILED');
    expect(await code(other, { gameId, type: 'knock', version: v.version })).toBe('WRONG_TURN');
    expect(await code(leader, { gameId, type: 'knock', version: v.version + 5 })).toBe('STALE_VERSION');
    expect(await code(stranger, { gameId, type: 'knock', version: v.version })).toBe('NOT_SEATED');
    expect(await code(spectator, { gameId, ...asSent(leader.latest!.view.legalMoves![0]), version: v.version })).toBe('UNAUTHORIZED');
    // an action without an acknowledgement callback is dropped quietly
    spectator.socket.emit('action', { gameId, type: 'knock', version: v.version });
    spectator.socket.emit('action');
    expect(await code(spectator, { gameId }, 'join')).toBeUndefined();

    // nothing changed, and every client is still connected and served
    expect(await actionCount(gameId)).toBe(0);
    expect([...seats, spectator, stranger].every((c) => c.socket.connected)).toBe(true);
    const move = asSent(leader.latest!.view.legalMoves![0]);
    expect(await leader.call('action', { gameId, ...move, version: v.version })).toMatchObject({ ok: true, seq: v.version + 1 });

    // a bad token is refused at the handshake with a stable code; no token is a spectator
    await expect(connect(port, 'not-a-jwt')).rejects.toMatchObject({ message: 'INVALID_TOKEN', data: { code: 'INVALID_TOKEN' } });
    await env.sql(`UPDATE users SET token_version = token_version + 1 WHERE id = $1`, [players[3].id]);
    await expect(connect(port, players[3].token)).rejects.toMatchObject({ message: 'INVALID_TOKEN' });
    // …and a token revoked while connected stops acting at once, as over HTTP
    expect(await code(seats[3], { gameId, type: 'knock', version: 0 })).toBe('INVALID_TOKEN');
  }, 60_000);

  it('limits actions per connection (LIVE_ACTIONS_PER_SECOND) with RATE_LIMITED, without touching other connections', async () => {
    const { gameId, seats } = await seatedGame();
    const v = seats[0].latest!.view;
    const leader = seats[v.turn!];
    const flooder = seats[(v.turn! + 1) % 4];
    const acks = await Promise.all(Array.from({ length: 30 }, () => flooder.call('action', { gameId, type: 'knock', version: 0, junk: true })));
    const codes = acks.map((a) => a.error?.code);
    expect(codes.filter((c) => c === 'VALIDATION_FAILED').length).toBeLessThanOrEqual(20);
    expect(codes.filter((c) => c === 'RATE_LIMITED').length).toBeGreaterThanOrEqual(10);
    expect(codes.every((c) => c === 'VALIDATION_FAILED' || c === 'RATE_LIMITED')).toBe(true);
    // another connection is unaffected
    expect(await leader.call('action', { gameId, ...asSent(leader.latest!.view.legalMoves![0]), version: v.version })).toMatchObject({ ok: true });
  }, 30_000);
});
