import { useEffect, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents, SessionEndedEvent } from '@dcs/common/live/live.contract';
import { LIVE_RECONNECT } from '@dcs/common/live/reconnect';
import { useAuth } from '../auth/auth-context';
import { readToken } from '../api/token';

/** The `/live` namespace, typed by the same contract module as the gateway. */
export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let current: { token: string | null; socket: LiveSocket } | null = null;

/** Why the server ended this page's live session (a revoked or expired token, too many connections); cleared by signing in. */
let ended: SessionEndedEvent | null = null;

/** Handshake refusals that mean the token no longer works anywhere (sign in again). */
const SIGNED_OUT = new Set(['INVALID_TOKEN', 'ROLES_CHANGED', 'ACCOUNT_BANNED', 'TOKEN_WITHOUT_EXPIRY']);

/** One socket per signed-in identity (a spectator's has no token); a new token replaces it. */
function socketFor(token: string | null): LiveSocket {
  if (current && current.token === token) return current.socket;
  current?.socket.disconnect();
  if (token) ended = null; // signed in (again)
  // Reconnects at once through the proxy when its API instance goes away (LIVE_RECONNECT); the pages join their rooms again on `connect`.
  const socket: LiveSocket = io('/live', { auth: token ? { token } : {}, transports: ['websocket'], ...LIVE_RECONNECT });
  current = { token, socket };
  return socket;
}

/**
 * The page's live socket. When the server ends its session (`auth:revoked`, `auth:expired`: signed out
 * everywhere, the password or roles changed, the sign-in expired) the page signs out, goes on as a
 * spectator and says why (`ended`) until the user signs in again.
 */
export function useLiveSocket(): { socket: LiveSocket; connected: boolean; ended: SessionEndedEvent | null } {
  const { token, signOut } = useAuth();
  const socket = socketFor(token);
  const [connected, setConnected] = useState(socket.connected);
  const [endedNow, setEndedNow] = useState(ended);
  useEffect(() => {
    const up = () => setConnected(true);
    const down = () => setConnected(false);
    const end = (why: SessionEndedEvent) => {
      socket.disconnect();
      // Signed in again meanwhile (here or in another tab: the stored token is newer): that session stays.
      if (readToken() !== token) return;
      ended = why;
      setEndedNow(why);
      signOut();
    };
    const refused = (err: Error & { data?: SessionEndedEvent }) => {
      const why = err.data;
      if (!why || typeof why.code !== 'string') return;
      if (SIGNED_OUT.has(why.code)) end(why);
      else if (why.code === 'TOO_MANY_CONNECTIONS') {
        ended = why;
        setEndedNow(why);
      }
    };
    socket.on('connect', up);
    socket.on('disconnect', down);
    socket.on('auth:revoked', end);
    socket.on('auth:expired', end);
    socket.on('connect_error', refused);
    setConnected(socket.connected);
    setEndedNow(ended);
    return () => {
      socket.off('connect', up);
      socket.off('disconnect', down);
      socket.off('auth:revoked', end);
      socket.off('auth:expired', end);
      socket.off('connect_error', refused);
    };
  }, [socket, token, signOut]);
  return { socket, connected, ended: endedNow };
}

/** Subscribes a typed server event and returns the unsubscribe. */
export function listen<E extends keyof ServerToClientEvents>(socket: LiveSocket, event: E, handler: ServerToClientEvents[E]): () => void {
  const s = socket as unknown as { on(e: string, h: unknown): void; off(e: string, h: unknown): void };
  s.on(event, handler);
  return () => s.off(event, handler);
}
