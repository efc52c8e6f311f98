/**
 * The socket.io contract of the live tables (namespace `/live`): the pure event and payload types
 * live in @dcs/common/live/live.contract (shared with the web app); this module adds what only the
 * server needs. docs/realtime.md describes each event with example payloads.
 */
import type { Role } from '@dcs/db';
import { LIVE_NAMESPACE, liveRooms } from '@dcs/tournament';

export * from '@dcs/common/live/live.contract';
export { LIVE_NAMESPACE };
/** Room names (shared with the worker, which emits through Redis: see LiveEmitter). */
export const rooms = liveRooms;

/** What the handshake leaves on `socket.data`. */
export interface LiveSocketData {
  userId: string | null;
  /** the handshake token's version claim and expiry (seconds), re-checked on every event */
  tokenVersion: number;
  tokenExp: number | null;
  /** the token's roles claim (null for a token without one): tells a role change from other revocations */
  tokenRoles: Role[] | null;
  /** start of the current one-second rate-limit window, and the actions counted in it */
  windowStart: number;
  actionsInWindow: number;
}
