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
 * Every frame one socket is sent in one turn of the event loop leaves in one write. `ws` writes each frame
 * as it is sent (a `writev` of its header and payload), so a move cost one system call per frame: the
 * mover's ack, each seat's view, a spectator's view. The TCP socket is corked at the first frame of a turn
 * and uncorked in that turn's check phase (`setImmediate`): what the turn's I/O callbacks sent to it goes
 * out together, after at most the rest of the turn. The frames themselves are unchanged (the same
 * socket.io packets, in the same order), so any socket.io client reads them as before. Polling clients are
 * left as they are (engine.io batches their packets already); an upgraded socket is taken on its upgrade.
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
      setImmediate(flush);
    }
    send(packets);
  };
}
