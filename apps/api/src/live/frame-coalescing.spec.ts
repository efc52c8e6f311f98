import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import type { Server } from 'socket.io';
import { coalesceFrames } from './frame-coalescing';

/** A TCP socket stand-in: a real stream (cork and uncork as Node does them) that records each write that reaches it. */
function rawSocket() {
  const writes: string[][] = [];
  const raw = new PassThrough() as PassThrough & { destroyed: boolean };
  // _writev is what a corked stream hands its buffered chunks to: one call, one system call on a real socket
  (raw as unknown as { _writev: (chunks: { chunk: Buffer }[], cb: () => void) => void })._writev = (chunks, cb) => {
    writes.push(chunks.map((c) => c.chunk.toString()));
    cb();
  };
  (raw as unknown as { _write: (chunk: Buffer, _e: string, cb: () => void) => void })._write = (chunk, _e, cb) => {
    writes.push([chunk.toString()]);
    cb();
  };
  return { raw, writes };
}

/** engine.io's websocket transport as far as it matters: each packet written to the TCP socket as it is sent. */
function transport(name: string, raw: PassThrough) {
  return {
    name,
    socket: { _socket: raw },
    send(packets: string[]) {
      for (const p of packets) raw.write(p);
    },
  };
}

function engineWith() {
  const engine = new EventEmitter();
  coalesceFrames({ engine } as unknown as Server);
  return engine;
}

/** The callback and its promise continuations done: what was sent meanwhile has been written. */
const turn = () => new Promise((r) => setImmediate(r));

describe('frame coalescing: the frames one socket is sent while one callback runs leave in one write', () => {
  it('writes nothing until the callback and its continuations end, then every frame they sent at once, in the order sent', async () => {
    const { raw, writes } = rawSocket();
    const t = transport('websocket', raw);
    const socket = Object.assign(new EventEmitter(), { transport: t });
    engineWith().emit('connection', socket);
    t.send(['ack 7']);
    t.send(['view seat 0', 'view seat 0 again']);
    await Promise.resolve(); // a continuation of the same callback: still held
    t.send(['spectators']);
    expect(writes).toEqual([]);
    await turn();
    expect(writes).toEqual([['ack 7', 'view seat 0', 'view seat 0 again', 'spectators']]);
  });

  it('starts again with the next callback: each is one write', async () => {
    const { raw, writes } = rawSocket();
    const t = transport('websocket', raw);
    engineWith().emit('connection', Object.assign(new EventEmitter(), { transport: t }));
    t.send(['a']);
    await turn();
    t.send(['b']);
    t.send(['c']);
    await turn();
    expect(writes).toEqual([['a'], ['b', 'c']]);
  });

  it('leaves a polling transport as it is, and takes the socket once it upgrades to a websocket', async () => {
    const { raw, writes } = rawSocket();
    const polling = transport('polling', raw);
    const socket = Object.assign(new EventEmitter(), { transport: polling });
    engineWith().emit('connection', socket);
    polling.send(['p1']);
    polling.send(['p2']);
    expect(writes).toEqual([['p1'], ['p2']]);
    const ws = transport('websocket', raw);
    socket.emit('upgrade', ws);
    ws.send(['w1']);
    ws.send(['w2']);
    await turn();
    expect(writes).toEqual([['p1'], ['p2'], ['w1', 'w2']]);
  });

  it('never corks a socket already destroyed (its frames go to the transport, which reports the error as before)', async () => {
    const { raw } = rawSocket();
    raw.destroy();
    const t = transport('websocket', raw);
    engineWith().emit('connection', Object.assign(new EventEmitter(), { transport: t }));
    const cork = jest.spyOn(raw, 'cork');
    t.send(['late']);
    await turn();
    expect(cork).not.toHaveBeenCalled();
  });
});
