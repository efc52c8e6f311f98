import { createGame, type GameState } from '@dcs/engine';
import { MessageType } from 'socket.io-adapter';
import { PacketType } from 'socket.io-parser';
import type { AppConfig } from '@dcs/common';
import { CLUSTER_BROADCAST, clusterBroadcast, EMITTER_UID, gameViewEmits, LIVE_NAMESPACE, LiveEmitter, liveEmit, liveRooms, PACKET_EVENT, renderGameView } from './live-emitter';

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

describe('emits from other processes, in the sharded socket.io adapter\'s format', () => {
  it('uses the installed adapter\'s and parser\'s codes (an upgrade that changes them fails here)', () => {
    expect(CLUSTER_BROADCAST).toBe(MessageType.BROADCAST);
    expect(PACKET_EVENT).toBe(PacketType.EVENT);
    expect(EMITTER_UID).toBe('emitter');
  });

  it('sends a one-room emit to that room\'s channel and any other to the namespace\'s, as the adapter would', () => {
    const one = clusterBroadcast('dcs', { to: [liveRooms.user('u1')], event: 'game:view', data: { seq: 3 } });
    expect(one.channel).toBe('dcs:socket.io#/live#user:u1#');
    expect(JSON.parse(one.message)).toEqual({
      uid: 'emitter',
      nsp: LIVE_NAMESPACE,
      type: MessageType.BROADCAST,
      data: { opts: { rooms: ['user:u1'], except: [], flags: {} }, packet: { type: PacketType.EVENT, data: ['game:view', { seq: 3 }], nsp: LIVE_NAMESPACE } },
    });
    const many = clusterBroadcast('dcs', { to: [liveRooms.game('g'), liveRooms.user('u2')], except: [liveRooms.user('u3')], event: 'x', data: 1 });
    expect(many.channel).toBe('dcs:socket.io#/live#');
    expect(JSON.parse(many.message).data.opts).toEqual({ rooms: ['game:g', 'user:u2'], except: ['user:u3'], flags: {} });
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
