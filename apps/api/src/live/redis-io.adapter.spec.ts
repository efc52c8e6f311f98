import { createShardedAdapter } from '@socket.io/redis-adapter';
import { deliverLocallyFirst } from './redis-io.adapter';

/** Just enough of an ioredis client for the sharded adapter: records what it is asked to do. */
function fakeRedis() {
  const calls: string[] = [];
  return {
    calls,
    on: () => undefined,
    ssubscribe: (channel: string) => calls.push(`ssubscribe ${channel}`),
    sunsubscribe: (channel: string) => calls.push(`sunsubscribe ${channel}`),
    spublish: (channel: string, message: string) => {
      calls.push(`spublish ${channel} ${message}`);
      return new Promise(() => undefined); // Redis never answers: local delivery must not wait for it
    },
  };
}

describe('the sharded socket.io adapter delivers to local sockets first', () => {
  function adapterWithLocalSocket() {
    const pub = fakeRedis();
    const sub = fakeRedis();
    const written: unknown[] = [];
    const socket = { id: 's1', client: { writeToEngine: (p: unknown) => written.push(p) }, notifyOutgoingListeners: () => () => undefined };
    const nsp = {
      name: '/live',
      sockets: new Map([['s1', socket]]),
      server: { opts: {}, encoder: { encode: (packet: unknown) => [JSON.stringify(packet)] } },
    };
    const adapter = deliverLocallyFirst(createShardedAdapter(pub, sub, { channelPrefix: 'p:socket.io', subscriptionMode: 'dynamic' })(nsp) as never) as unknown as {
      addAll(id: string, rooms: Set<string>): void;
      broadcast(packet: unknown, opts: unknown): unknown;
    };
    adapter.addAll('s1', new Set(['s1', 'user:u1']));
    return { adapter, pub, sub, written };
  }

  it('hands the event to a local socket at once and publishes it to the room\'s channel in the same tick, without waiting for Redis', () => {
    const { adapter, pub, sub, written } = adapterWithLocalSocket();
    expect(sub.calls).toContain('ssubscribe p:socket.io#/live#user:u1#'); // dynamic mode: one channel per room this instance holds
    const returned = adapter.broadcast({ type: 2, data: ['game:view', { seq: 7 }], nsp: '/live' }, { rooms: new Set(['user:u1']), except: new Set(), flags: {} });
    expect(returned).toBeUndefined(); // not a promise waiting on the publish
    expect(written).toHaveLength(1);
    expect(String(written[0])).toContain('"seq":7');
    const published = pub.calls.filter((c) => c.startsWith('spublish'));
    expect(published).toHaveLength(1);
    expect(published[0]).toMatch(/^spublish p:socket\.io#\/live#user:u1# \{/);
    expect(published[0]).toContain('"seq":7');
  });

  it('publishes nothing for a local-only emit', () => {
    const { adapter, pub, written } = adapterWithLocalSocket();
    adapter.broadcast({ type: 2, data: ['x', 1], nsp: '/live' }, { rooms: new Set(['user:u1']), except: new Set(), flags: { local: true } });
    expect(written).toHaveLength(1);
    expect(pub.calls.filter((c) => c.startsWith('spublish'))).toHaveLength(0);
  });
});
