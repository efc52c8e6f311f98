/**
 * The socket.io contract of the live tables (namespace `/live`), client→server and
 * server→client, in one place. docs/realtime.md describes each event with example payloads.
 */
import type { ErrorBody } from '@dcs/common';
import type { ActionResponseDto, GameViewResponseDto } from '../games/games.dto';

export const LIVE_NAMESPACE = '/live';

export const rooms = {
  game: (gameId: string) => `game:${gameId}`,
  challenge: (challengeId: string) => `challenge:${challengeId}`,
  user: (userId: string) => `user:${userId}`,
};

/** Every acknowledgement: the result, or the same `{ code, message, details? }` as an HTTP error body. */
export type Ack<T> = ({ ok: true } & T) | { ok: false; error: ErrorBody };

export interface JoinGamePayload {
  gameId: string;
}

export interface ActionPayload {
  gameId: string;
  type: 'play' | 'knock' | 'draw' | 'reshuffle';
  tile?: string;
  end?: 'W' | 'E' | 'N' | 'S';
  version: number;
  requestId?: string;
}

export interface WatchChallengePayload {
  challengeId: string;
}

/** `seq` is the game version the view shows; it rises by one with each accepted move. */
export interface JoinedGame {
  seq: number;
  view: GameViewResponseDto;
}

export interface ActedGame {
  seq: number;
  view: ActionResponseDto;
}

export interface ClientToServerEvents {
  /** Joins `game:<id>` and answers the caller's current view (own seat if seated, public otherwise). */
  join: (payload: JoinGamePayload, ack: (res: Ack<JoinedGame>) => void) => void;
  /** Leaves `game:<id>`; a seated player still gets their own views through their user room. */
  leave: (payload: JoinGamePayload, ack: (res: Ack<{ gameId: string }>) => void) => void;
  /** A move for the caller's own seat: GamesService.act, the same rules as POST /games/:id/actions. */
  action: (payload: ActionPayload, ack: (res: Ack<ActedGame>) => void) => void;
  /** Joins `challenge:<id>` (bracket and standings pushes). */
  watchChallenge: (payload: WatchChallengePayload, ack: (res: Ack<{ challengeId: string }>) => void) => void;
}

/** A game changed. A seated player's `view` is their own seat view; anyone else's the public view. */
export interface GameViewEvent {
  gameId: string;
  seq: number;
  view: GameViewResponseDto;
}

export interface ServerToClientEvents {
  'game:view': (event: GameViewEvent) => void;
}

/** What the handshake leaves on `socket.data`. */
export interface LiveSocketData {
  userId: string | null;
  /** start of the current one-second rate-limit window, and the actions counted in it */
  windowStart: number;
  actionsInWindow: number;
}
