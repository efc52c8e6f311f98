import { EventEmitter } from 'node:events';
import type Redis from 'ioredis';
import type { AppConfig } from '@dcs/common';
import { createGame } from '@dcs/engine';
import { encodeLiveMessage, LIVE_PROTOCOL, LiveEmitter, liveEmit, liveRooms, MovePublisher, watchChannel } from '@dcs/tournament';
import { HubNamespace, LiveHub } from './live-hub';

const config = { REDIS_URL: 'redis://127.0.0.1:1', QUEUE_PREFIX: 'hub' } as AppConfig;

/** socket.io's namespace as the hub uses it: `to(rooms).except(rooms).emit(...)` recorded, and the adapter's room events. */
function fakeNamespace(rooms?: Map<string, Set<string>>) {
  const delivered: { to: string[]; except: string[]; event: string; data: unknown }[] = [];
  const adapter = Object.assign(new EventEmitter(), rooms ? { rooms } : {});
  const op = (to: string[], except: string[] = []) => ({
    except: (more: string[]) => op(to, [...except, ...more]),
    emit: (event: string, data: unknown) => delivered.push({ to, except, event, data }) > 0,
  });
  const nsp = { to: (rooms: string | string[]) => op([rooms].flat()), adapter } as unknown as HubNamespace;
  return { nsp, adapter, delivered };
}

/** Just enough of an ioredis subscriber: records (un)subscriptions; `hear` plays a message in. */
function fakeSubscriber() {
  const events = new EventEmitter();
  const channels = new Set<string>();
  const sub = Object.assign(events, {
    ssubscribe: (c: string) => (channels.add(c), Promise.resolve(1)),
    sunsubscribe: (c: string) => (channels.delete(c), Promise.resolve(1)),
    quit: () => Promise.resolve('OK'),
    disconnect: () => undefined,
  });
  return { sub: sub as unknown as Redis, channels, hear: (channel: string, message: string) => events.emit('smessage', channel, message) };
}

function hubWithFakes(rooms?: Map<string, Set<string>>) {
  const emitter = new LiveEmitter(config);
  const published: { channel: string; message: string }[] = [];
  emitter.publish = (m) => (published.push(m), Promise.resolve(1));
  const hub = new LiveHub(emitter, new MovePublisher(emitter), config);
  const ns = fakeNamespace(rooms);
  const redis = fakeSubscriber();
  hub.attach(ns.nsp, redis.sub);
  return { hub, emitter, published, ...ns, ...redis };
}

describe('LiveHub: one API instance\'s end of the live push path', () => {
  afterEach(() => jest.useRealTimers());

  it('hands this process\'s emits to its own sockets first, in order, and publishes each on its room\'s channel', () => {
    const { emitter, delivered, published } = hubWithFakes();
    published.length = 0; // the hello on the watch channel
    emitter.emit(liveEmit([liveRooms.user('u1')], 'game:view', { seq: 1 }));
    emitter.emit(liveEmit([liveRooms.game('g1')], 'game:view', { seq: 1 }, [liveRooms.user('u1')]));
    emitter.emit(liveEmit([liveRooms.user('u1')], 'game:view', { seq: 2 }));
    expect(delivered.map((d) => [d.to, d.except, (d.data as { seq: number }).seq])).toEqual([
      [['user:u1'], [], 1],
      [['game:g1'], ['user:u1'], 1],
      [['user:u1'], [], 2],
    ]);
    expect(published.map((p) => p.channel)).toEqual(['hub:socket.io#/live#user:u1#', 'hub:socket.io#/live#game:g1#', 'hub:socket.io#/live#user:u1#']);
  });

  it('delivers what another process published, and never its own message a second time', () => {
    const { emitter, delivered, hear } = hubWithFakes();
    const other = encodeLiveMessage('hub', 'worker-1', { to: [liveRooms.game('g1'), liveRooms.user('u2')], event: 'game:clock', data: { seq: 4 } });
    hear(other.channel, other.message);
    const mine = encodeLiveMessage('hub', emitter.origin, { to: [liveRooms.user('u1')], event: 'game:view', data: { seq: 5 } });
    hear(mine.channel, mine.message);
    hear(other.channel, 'garbage');
    expect(delivered).toEqual([{ to: ['game:g1', 'user:u2'], except: [], event: 'game:clock', data: { seq: 4 } }]);
  });

  it('hears the namespace\'s channel always and a room\'s channel while it holds a socket in that room', () => {
    const { adapter, channels } = hubWithFakes();
    expect([...channels]).toEqual(['hub:socket.io#/live#', watchChannel('hub')]);
    adapter.emit('create-room', 'user:u1');
    adapter.emit('create-room', 'Xy2_socket-id'); // a socket's own room: never published to
    expect(channels.has('hub:socket.io#/live#user:u1#')).toBe(true);
    expect(channels.size).toBe(3);
    adapter.emit('delete-room', 'user:u1');
    expect(channels.has('hub:socket.io#/live#user:u1#')).toBe(false);
  });

  it('renders a move\'s public view only while some instance holds a spectator of the game', async () => {
    const { hub, published, hear } = hubWithFakes();
    expect(hub.watched('g1')).toBe(false);
    const socket = { data: {} };
    published.length = 0;
    await hub.watch(socket, 'g1');
    expect(hub.watched('g1')).toBe(true);
    // the other instances were told at once
    expect(published).toHaveLength(1);
    expect(JSON.parse(published[0].message)).toMatchObject({ games: ['g1'] });
    hub.gone(socket);
    expect(hub.watched('g1')).toBe(false);

    // another instance's spectators count, until its word is three heartbeats old (a crashed instance)
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate'] });
    hear(watchChannel('hub'), JSON.stringify({ v: LIVE_PROTOCOL, from: 'api-2', games: ['g2'] }));
    expect(hub.watched('g2')).toBe(true);
    jest.advanceTimersByTime(6_001);
    expect(hub.watched('g2')).toBe(false);
    await hub.onApplicationShutdown();
  });

  it('answers a new instance\'s question with its spectated games', async () => {
    const { hub, published, hear } = hubWithFakes();
    await hub.watch({ data: {} }, 'g3');
    published.length = 0;
    hear(watchChannel('hub'), JSON.stringify({ v: LIVE_PROTOCOL, from: 'api-new', games: [], ask: true }));
    expect(published.map((p) => JSON.parse(p.message).games)).toEqual([['g3']]);
    await hub.onApplicationShutdown();
  });

  describe('players: a seat\'s view is rendered only for a player some instance holds', () => {
    const created = createGame({ ruleset: 'dcs-tournament', players: 4, seed: 'hub-presence' });
    if (!created.ok) throw new Error('deal');
    const move = {
      game: { id: 'g9', tableId: 't9', seedHash: 'h', seed: 's' },
      state: created.state,
      seats: [0, 1, 2, 3].map((seat) => ({ seat, userId: `p${seat}` })),
      deadline: null,
    };
    const viewsTo = (published: { channel: string; message: string }[]) =>
      published.filter((p) => p.channel !== watchChannel('hub')).map((p) => JSON.parse(p.message) as { to: string[]; data: { view: { seat: number | null; view: { hands?: unknown } } } });

    it('a socket here, a player arriving here, another instance\'s full word or its arrival; nobody else', async () => {
      const rooms = new Map([['user:p0', new Set(['sock-a'])]]);
      const { hub, published, hear } = hubWithFakes(rooms);
      await hub.arrive('p1');
      hear(watchChannel('hub'), JSON.stringify({ v: LIVE_PROTOCOL, from: 'api-2', games: [], users: ['p2'] }));
      published.length = 0;
      hub.moved(move);
      const views = viewsTo(published);
      expect(views.map((v) => v.to)).toEqual([['user:p0'], ['user:p1'], ['user:p2']]);
      expect(views.map((v) => v.data.view.seat)).toEqual([0, 1, 2]);
      // p3's view was withheld; when api-2 says p3 arrived there, it goes out at once (their own seat's)
      published.length = 0;
      hear(watchChannel('hub'), JSON.stringify({ v: LIVE_PROTOCOL, from: 'api-2', games: [], arrived: ['p3'] }));
      expect(viewsTo(published).map((v) => [v.to, v.data.view.seat])).toEqual([[['user:p3'], 3]]);
      expect(hub.connected('p2') && hub.connected('p3')).toBe(true);
      // and only once
      published.length = 0;
      hear(watchChannel('hub'), JSON.stringify({ v: LIVE_PROTOCOL, from: 'api-2', games: [], users: ['p2', 'p3'] }));
      expect(viewsTo(published)).toEqual([]);
      await hub.onApplicationShutdown();
    });

    it('a view withheld more than 30 s before the player arrives is not sent (the move is stale; their join reads the game)', async () => {
      jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate'] });
      const { hub, published, hear } = hubWithFakes(new Map());
      hub.moved(move);
      jest.advanceTimersByTime(30_001);
      published.length = 0;
      hear(watchChannel('hub'), JSON.stringify({ v: LIVE_PROTOCOL, from: 'api-2', games: [], arrived: ['p0', 'p1'] }));
      expect(viewsTo(published)).toEqual([]);
      await hub.onApplicationShutdown();
    });

    it('trusts another instance\'s word for a minute without a heartbeat; an instance that does not say may hold anyone', async () => {
      jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate'] });
      const { hub, hear } = hubWithFakes(new Map());
      hear(watchChannel('hub'), JSON.stringify({ v: LIVE_PROTOCOL, from: 'api-2', games: ['g1'], users: ['p2'] }));
      jest.advanceTimersByTime(6_001);
      expect(hub.watched('g1')).toBe(false);
      expect(hub.connected('p2')).toBe(true);
      jest.advanceTimersByTime(60_000);
      expect(hub.connected('p2')).toBe(false);
      expect(hub.connected('anyone')).toBe(false);
      hear(watchChannel('hub'), JSON.stringify({ v: LIVE_PROTOCOL, from: 'api-old', games: [] }));
      expect(hub.connected('anyone')).toBe(true);
      await hub.onApplicationShutdown();
    });

    it('says every player it holds with each heartbeat, and an arrival at once', async () => {
      const rooms = new Map([['user:p0', new Set(['sock-a'])], ['game:g9', new Set(['sock-a'])], ['sock-a', new Set(['sock-a'])]]);
      const { hub, published } = hubWithFakes(rooms);
      published.length = 0;
      await hub.arrive('p5');
      expect(JSON.parse(published[0].message)).toMatchObject({ arrived: ['p5'] });
      expect(JSON.parse(published[0].message).users).toBeUndefined();
      await (hub as unknown as { announce(): Promise<unknown> }).announce();
      expect(JSON.parse(published[1].message).users.sort()).toEqual(['p0', 'p5']);
      await hub.onApplicationShutdown();
    });

    it('hands an emit to socket.io only when a socket here is in one of its rooms', () => {
      const rooms = new Map([['user:p0', new Set(['sock-a'])]]);
      const { emitter, delivered } = hubWithFakes(rooms);
      emitter.emit(liveEmit([liveRooms.user('p1')], 'game:view', { seq: 1 }));
      emitter.emit(liveEmit([liveRooms.game('g9'), liveRooms.user('p0')], 'chat:message', { text: 'hi' }));
      expect(delivered.map((d) => d.to)).toEqual([['game:g9', 'user:p0']]);
    });
  });
});
