import { createGame, type GameState } from '@dcs/engine';
import type { AppConfig } from '@dcs/common';
import { decodeLiveMessage, encodeLiveMessage, gameViewEmits, LIVE_PROTOCOL, LiveEmitter, liveEmit, liveRooms, renderGameView } from './live-emitter';

function game(): { state: GameState; meta: { id: string; tableId: string; seedHash: string; seed: string } } {
  const created = createGame({ ruleset: 'dcs-tournament', players: 4, seed: 'live-emitter-spec' });
  if (!created.ok) throw new Error(created.error.message);
  return { state: created.state, meta: { id: 'g1', tableId: 't1', seedHash: 'hash', seed: 'secret-seed' } };
}

const seats = [0, 1, 2, 3].map((seat) => ({ seat, userId: `u${seat}` }));

describe('live emits of a game change (what the worker sends through Redis)', () => {
  it('sends each seat its own view in its user room only, and the public view to the game room minus the seats', () => {
    const { state, meta } = game();
    const deadline = new Date('2027-01-02T17:00:20.000Z');
    const emits = gameViewEmits(meta, state, seats, deadline);
    expect(emits).toHaveLength(5);
    for (const s of seats) {
      const mine = emits.filter((e) => e.to.includes(liveRooms.user(s.userId)));
      expect(mine).toHaveLength(1);
      expect(mine[0].to).toEqual([liveRooms.user(s.userId)]);
      const data = mine[0].data as { seq: number; view: ReturnType<typeof renderGameView> };
      expect(data.seq).toBe(state.version);
      expect(data.view.seat).toBe(s.seat);
      expect(data.view.view.hand).toEqual(expect.any(Array));
      expect(data.view.turnDeadline).toBe(deadline.toISOString());
    }
    const pub = emits.find((e) => e.to.includes(liveRooms.game('g1')))!;
    expect(pub.except).toEqual(seats.map((s) => liveRooms.user(s.userId)));
    const text = JSON.stringify(pub.data);
    expect(text).not.toContain('"hand"');
    expect(text).not.toContain('legalMoves');
    expect(text).not.toContain('secret-seed');
    // no tile a seat holds appears in the public payload (nothing is on the board yet), but the
    // double that must open the hand, which the rules make public
    const shown = state.hands[0].pendingLead?.tile ?? null;
    for (const held of state.hands[0].holdings) for (const t of held) if (t !== shown) expect(text).not.toContain(`"${t}"`);
  });

  it('reveals the seed only once the game is over and carries no deadline then', () => {
    const { state, meta } = game();
    const over = { ...state, finished: true };
    const v = renderGameView(meta, over, null, new Date());
    expect(v).toMatchObject({ status: 'finished', seed: 'secret-seed', turnDeadline: null });
  });

  it('leaves out an empty except list', () => {
    expect(liveEmit(['r'], 'e', {}, [])).toEqual({ kind: 'emit', to: ['r'], event: 'e', data: {} });
  });
});

describe('the live protocol (what every process publishes and every API instance hears)', () => {
  it('sends a one-room emit to that room\'s channel and any other to the namespace\'s, naming its sender', () => {
    const one = encodeLiveMessage('dcs', 'p1', { to: [liveRooms.user('u1')], event: 'game:view', data: { seq: 3 } });
    expect(one.channel).toBe('dcs:socket.io#/live#user:u1#');
    expect(JSON.parse(one.message)).toEqual({ v: LIVE_PROTOCOL, from: 'p1', to: ['user:u1'], except: [], event: 'game:view', data: { seq: 3 } });
    const many = encodeLiveMessage('dcs', 'p1', { to: [liveRooms.game('g'), liveRooms.user('u2')], except: [liveRooms.user('u3')], event: 'x', data: 1 });
    expect(many.channel).toBe('dcs:socket.io#/live#');
    expect(JSON.parse(many.message)).toMatchObject({ to: ['game:g', 'user:u2'], except: ['user:u3'] });
  });

  it('decodes its own messages and nothing else', () => {
    const { message } = encodeLiveMessage('dcs', 'p1', { to: ['game:g'], event: 'game:clock', data: { seq: 1 } });
    expect(decodeLiveMessage(message)).toEqual({ v: LIVE_PROTOCOL, from: 'p1', to: ['game:g'], except: [], event: 'game:clock', data: { seq: 1 } });
    for (const other of ['', 'not json', '{}', '[1]', JSON.stringify({ ...JSON.parse(message), v: 99 }), JSON.stringify({ ...JSON.parse(message), to: 'game:g' })]) {
      expect(decodeLiveMessage(other)).toBeNull();
    }
  });

  it('leaves the public view out when nobody spectates the game (the seats\' views stay)', () => {
    const { state, meta } = game();
    const emits = gameViewEmits(meta, state, seats, null, { spectators: false });
    expect(emits).toHaveLength(4);
    expect(emits.every((e) => e.to.length === 1 && e.to[0].startsWith('user:'))).toBe(true);
  });

  it('leaves out the views of seats whose player is connected nowhere; the public view still skips every seat', () => {
    const { state, meta } = game();
    const connected = new Set([seats[1].userId]);
    const emits = gameViewEmits(meta, state, seats, null, { connected: (id) => connected.has(id) });
    expect(emits.map((e) => e.to)).toEqual([[liveRooms.user(seats[1].userId)], [liveRooms.game(meta.id)]]);
    expect((emits[0].data as { view: { seat: number } }).view.seat).toBe(seats[1].seat);
    expect(emits[1].except).toEqual(seats.map((s) => liveRooms.user(s.userId)));
    expect(gameViewEmits(meta, state, seats, null, { spectators: false, connected: () => false })).toEqual([]);
  });

  it('hands an emit to the local sockets first, then publishes it', () => {
    const emitter = new LiveEmitter({ REDIS_URL: 'redis://127.0.0.1:1', QUEUE_PREFIX: 'spec' } as AppConfig);
    const order: string[] = [];
    emitter.deliverLocally((e) => order.push(`local ${e.event}`));
    (emitter as unknown as { publish: (m: { channel: string }) => Promise<unknown> }).publish = (m) => (order.push(`publish ${m.channel}`), Promise.resolve(1));
    emitter.emit(liveEmit([liveRooms.user('u1')], 'game:view', { seq: 1 }));
    expect(order).toEqual(['local game:view', 'publish spec:socket.io#/live#user:u1#']);
  });
});

describe('LiveEmitter at shutdown', () => {
  it('opens no new connection for an emit that comes after it closed (a job still running past the grace period)', async () => {
    const emitter = new LiveEmitter({ REDIS_URL: 'redis://127.0.0.1:1', QUEUE_PREFIX: 'spec' } as AppConfig);
    await emitter.onApplicationShutdown();
    emitter.emit(liveEmit([liveRooms.game('g1')], 'game:update', { seq: 1 }));
    expect((emitter as unknown as { client: unknown }).client).toBeNull();
  });
});
