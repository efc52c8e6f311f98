import { io, Socket } from 'socket.io-client';

export interface LiveFrame {
  event: string;
  data: Record<string, unknown>;
  json: string;
  /** when it arrived (Date.now()) */
  at: number;
}

/** A socket.io client of the `/live` namespace that records every event it receives, in order, and how it was disconnected. */
export class RecordingClient {
  readonly frames: LiveFrame[] = [];
  disconnectReason: string | null = null;

  constructor(readonly socket: Socket) {
    socket.onAny((event: string, ...args: unknown[]) => {
      this.frames.push({ event, data: (args[0] ?? {}) as Record<string, unknown>, json: JSON.stringify([event, ...args]), at: Date.now() });
    });
    socket.on('disconnect', (reason) => (this.disconnectReason = reason));
  }

  /** The events named `event`, from frame `after` on. */
  of(event: string, after = 0): Record<string, unknown>[] {
    return this.frames.slice(after).filter((f) => f.event === event).map((f) => f.data);
  }

  async call<T = Record<string, unknown>>(event: string, payload: unknown): Promise<T & { ok: boolean; error?: { code: string; message: string } }> {
    return (await this.socket.timeout(10_000).emitWithAck(event, payload)) as T & { ok: boolean; error?: { code: string; message: string } };
  }
}

export function connectLive(port: number, token?: string): Promise<RecordingClient> {
  return new Promise((resolve, reject) => {
    const socket = io(`http://127.0.0.1:${port}/live`, { transports: ['websocket'], forceNew: true, reconnection: false, auth: token ? { token } : {} });
    const client = new RecordingClient(socket);
    socket.once('connect', () => resolve(client));
    socket.once('connect_error', (err: Error) => {
      socket.close();
      reject(err);
    });
  });
}

export async function waitFor(what: string, pred: () => boolean, ms = 15_000): Promise<void> {
  const until = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
