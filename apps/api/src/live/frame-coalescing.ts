import type { Socket as NetSocket } from 'node:net';
import type { Server } from 'socket.io';

/** The parts of engine.io's WebSocket transport this touches (engine.io 6 on `ws` 8). */
interface WsTransport {
  name: string;
  send(packets: unknown[]): void;
  socket?: { _socket?: NetSocket };
}
interface EngineSocket {
  transport: WsTransport;
  on(event: 'upgrade', listener: (transport: WsTransport) => void): unknown;
}

/**
 * Every frame one socket is sent while one callback runs leaves in one write. `ws` writes each frame as it
 * is sent (a `writev` of its header and payload), so a move cost one system call per frame: the mover's ack
 * and seat view, each other seat's view. The TCP socket is corked at the first frame and uncorked once the
 * callback and the promise continuations it started have run (`process.nextTick`, queued from within them,
 * runs after them): what one database answer or one incoming event caused goes out together, and nothing
 * waits for the rest of the event loop's turn. (Uncorking at the turn's end, `setImmediate`, merged more
 * but added the rest of the turn to every frame's latency: at saturation, p99 +30 ms in `bench:live --quick`.)
 * The frames themselves are unchanged (the same socket.io packets, in the same order), so any socket.io
 * client reads them as before. Polling clients are left as they are (engine.io batches their packets
 * already); an upgraded socket is taken on its upgrade.
 */
export function coalesceFrames(server: Server): void {
  server.engine.on('connection', (socket: EngineSocket) => {
    corkPerTurn(socket.transport);
    socket.on('upgrade', corkPerTurn);
  });
}

function corkPerTurn(transport: WsTransport): void {
  const raw = transport.socket?._socket;
  if (transport.name !== 'websocket' || !raw || typeof raw.cork !== 'function') return;
  const send = transport.send.bind(transport);
  let corked = false;
  const flush = () => {
    corked = false;
    raw.uncork();
  };
  transport.send = (packets: unknown[]) => {
    if (!corked && !raw.destroyed) {
      corked = true;
      raw.cork();
      process.nextTick(flush);
    }
    send(packets);
  };
}
