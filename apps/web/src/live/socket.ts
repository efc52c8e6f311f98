import { useEffect, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@dcs/common/live/live.contract';
import { useAuth } from '../auth/auth-context';

/** The `/live` namespace, typed by the same contract module as the gateway. */
export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let current: { token: string | null; socket: LiveSocket } | null = null;

/** One socket per signed-in identity (a spectator's has no token); a new token replaces it. */
function socketFor(token: string | null): LiveSocket {
  if (current && current.token === token) return current.socket;
  current?.socket.disconnect();
  const socket: LiveSocket = io('/live', { auth: token ? { token } : {}, transports: ['websocket'] });
  current = { token, socket };
  return socket;
}

export function useLiveSocket(): { socket: LiveSocket; connected: boolean } {
  const { token } = useAuth();
  const socket = socketFor(token);
  const [connected, setConnected] = useState(socket.connected);
  useEffect(() => {
    const up = () => setConnected(true);
    const down = () => setConnected(false);
    socket.on('connect', up);
    socket.on('disconnect', down);
    setConnected(socket.connected);
    return () => {
      socket.off('connect', up);
      socket.off('disconnect', down);
    };
  }, [socket]);
  return { socket, connected };
}

/** Subscribes a typed server event and returns the unsubscribe. */
export function listen<E extends keyof ServerToClientEvents>(socket: LiveSocket, event: E, handler: ServerToClientEvents[E]): () => void {
  const s = socket as unknown as { on(e: string, h: unknown): void; off(e: string, h: unknown): void };
  s.on(event, handler);
  return () => s.off(event, handler);
}
