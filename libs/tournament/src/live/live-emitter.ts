import { randomBytes } from 'node:crypto';
import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import type { Game, Role, User } from '@dcs/db';
import { type GameState, playerView, type PlayerView } from '@dcs/engine';
import { AppConfig, boundedClose } from '@dcs/common';
import type { SeatRow } from '../games/games.repository';
import type { GameAtTable } from '../games/table-columns';

/** The socket.io namespace of the live tables (see docs/realtime.md). */
export const LIVE_NAMESPACE = '/live';

/** Room names, shared by the API gateway and everything that emits through Redis (the worker too). */
export const liveRooms = {
  game: (gameId: string) => `game:${gameId}`,
  challenge: (challengeId: string) => `challenge:${challengeId}`,
  user: (userId: string) => `user:${userId}`,
};

/** The Redis channel prefix of the socket.io adapter and emitter: both must use the same one. */
export const socketIoKey = (queuePrefix: string) => `${queuePrefix}:socket.io`;

/** One viewer's picture of a game: what `GET /games/:id/view`, `join` and every `game:view` carry. */
export interface GameViewBody {
  gameId: string;
  tableId: string | null;
  /** a house game's table, named to the people seated (and staff over HTTP); null for anyone else and for challenge games */
  houseTableId: string | null;
  /** the viewer's seat; null for a spectator */
  seat: number | null;
  status: 'playing' | 'finished';
  seedHash: string;
  /** revealed only once the game is over */
  seed: string | null;
  /** when the clock of the seat on turn runs out (ISO); null when over or not known */
  turnDeadline: string | null;
  /** the deal's parts as they come in (issue 24, docs/rules.md "Deals no one can steer") */
  fairness: Fairness;
  view: PlayerView;
}

/** A game's deal, in public: the commitment, the contributions as they arrive, whether the window is open. */
export interface Fairness {
  /** one per seat in seat order: 64 hex, '' (none), or null (not sent yet, window open); null: dealt from the server's seed alone */
  contributions: (string | null)[] | null;
  /** while the window is open (ISO): the game is dealt then; null once dealt */
  dealClosesAt: string | null;
}

export type ViewableGame = Pick<Game, 'id' | 'seedHash' | 'seed'> & GameAtTable & Partial<Pick<Game, 'contributions' | 'dealClosesAt'>>;

/** A game's public deal parts. */
export const fairnessOf = (game: ViewableGame): Fairness => ({
  contributions: (game.contributions as (string | null)[] | null | undefined) ?? null,
  dealClosesAt: game.dealClosesAt ? game.dealClosesAt.toISOString() : null,
});

/**
 * The `seq` of a game's views: its version, or -1 while it waits for its deal (the placeholder's
 * version 0 is the dealt game's, and a client keeps only a newer seq than it holds).
 */
export const viewSeq = (game: ViewableGame, state: GameState): number => (game.dealClosesAt ? -1 : state.version);

/** While the window is open nothing of the placeholder state is shown: no tiles, nobody on turn. */
function undealt(view: PlayerView): PlayerView {
  return { ...view, version: -1, turn: null, pendingLead: null, lead: null, tileCounts: view.tileCounts.map(() => 0), yardCount: 0, ...(view.hand ? { hand: [] } : {}), ...(view.legalMoves ? { legalMoves: [] } : {}) };
}

/**
 * Renders one viewer's view: own tiles for a seat, the public view for anyone else (SPEC 3.3). A house game
 * names its table to a seat only: an unlisted table's id must not reach a spectator.
 */
export function renderGameView(game: ViewableGame, state: GameState, seat: number | null, deadline: Date | null = null): GameViewBody {
  return {
    gameId: game.id,
    tableId: game.tableId,
    houseTableId: seat !== null ? (game.houseTableId ?? null) : null,
    seat,
    status: state.finished ? 'finished' : 'playing',
    seedHash: game.seedHash,
    seed: state.finished ? game.seed : null,
    turnDeadline: state.finished || !deadline || game.dealClosesAt ? null : deadline.toISOString(),
    fairness: fairnessOf(game),
    view: game.dealClosesAt && !state.finished ? undealt(playerView(state, seat)) : playerView(state, seat),
  };
}

/** A socket.io emit to do once the transaction that made it true has committed (see EffectsQueue.run). */
export interface LiveEmit {
  kind: 'emit';
  to: string[];
  except?: string[];
  event: string;
  data: unknown;
}

export const liveEmit = (to: string[], event: string, data: unknown, except?: string[]): LiveEmit => ({ kind: 'emit', to, event, data, ...(except?.length ? { except } : {}) });

/**
 * A game changed: every seat's own view to its user room (each tab of that player, on any
 * instance), the public view to the game room minus the seated players. Never a hand in a
 * payload meant for a room another person is in. LiveHub, which knows who is connected, narrows it:
 * `spectators: false` (no API instance holds a spectator of the game) leaves the public view out, and
 * `connected` leaves out the views of seats whose player has no socket on any instance (a computer
 * seat, a player who closed the page): either would reach nobody.
 */
export function gameViewEmits(
  game: ViewableGame,
  state: GameState,
  seats: readonly SeatRow[],
  deadline: Date | null,
  only: { spectators?: boolean; connected?: (userId: string) => boolean } = {},
): LiveEmit[] {
  const seq = viewSeq(game, state);
  const connected = only.connected ?? (() => true);
  const out = seats
    .filter((s) => connected(s.userId))
    .map((s) => liveEmit([liveRooms.user(s.userId)], 'game:view', { gameId: game.id, seq, view: renderGameView(game, state, s.seat, deadline) }));
  if (only.spectators ?? true)
    out.push(
    liveEmit([liveRooms.game(game.id)], 'game:view', { gameId: game.id, seq, view: renderGameView(game, state, null, deadline) }, seats.map((s) => liveRooms.user(s.userId))),
  );
  return out;
}

/**
 * The live push protocol (ours, not socket.io's internals): one JSON message per emit,
 * `{ from, to, except, event, data }`, published with `SPUBLISH` (Redis 7 sharded pub/sub). A
 * one-room emit goes to that room's own channel, so only the API instances holding a socket in the
 * room hear it (a seat's view reaches the instance that holds that seat's socket, and no other); an
 * emit naming several rooms goes to the namespace's channel (every instance). Each API instance
 * subscribes to the namespace channel and to the channels of the rooms it holds sockets in
 * (LiveHub) and emits what it hears to its own sockets through socket.io's in-memory adapter.
 */
export const LIVE_PROTOCOL = 1;
export const liveChannel = (queuePrefix: string, room?: string) => `${socketIoKey(queuePrefix)}#${LIVE_NAMESPACE}#${room !== undefined ? `${room}#` : ''}`;
/** Where API instances tell each other which games they hold spectators of (see LiveHub). */
export const watchChannel = (queuePrefix: string) => `${socketIoKey(queuePrefix)}#${LIVE_NAMESPACE}#watching`;

/** Where every API instance hears that an account's tokens changed (LiveSessions closes the sockets they no longer admit). */
export const sessionsChannel = (queuePrefix: string) => `${socketIoKey(queuePrefix)}#${LIVE_NAMESPACE}#sessions`;

/**
 * An account's token state right after a change that ended tokens (sign out everywhere, a password or
 * role change): what AuthGuard's rule (assertTokenCurrent) checks a token against. Every socket of the
 * account whose token it no longer admits is told why (`auth:revoked`) and closed, on every instance.
 */
export interface SessionsChanged {
  userId: string;
  tokenVersion: number;
  roles: Role[];
  status: string;
}

export const sessionsChanged = (user: Pick<User, 'id' | 'tokenVersion' | 'roles' | 'status'>): SessionsChanged => ({
  userId: user.id,
  tokenVersion: user.tokenVersion,
  roles: user.roles,
  status: user.status,
});

/** One emit on the wire. `from`: the sending process, so an instance skips its own emits (it delivered them already). */
export interface LiveMessage {
  v: typeof LIVE_PROTOCOL;
  from: string;
  to: string[];
  except: string[];
  event: string;
  data: unknown;
}

export function encodeLiveMessage(queuePrefix: string, from: string, e: Pick<LiveEmit, 'to' | 'except' | 'event' | 'data'>): { channel: string; message: string } {
  const channel = e.to.length === 1 ? liveChannel(queuePrefix, e.to[0]) : liveChannel(queuePrefix);
  const body: LiveMessage = { v: LIVE_PROTOCOL, from, to: e.to, except: e.except ?? [], event: e.event, data: e.data };
  return { channel, message: JSON.stringify(body) };
}

/** A message heard on a live channel; null for anything that is not one of ours (another version, garbage). */
export function decodeLiveMessage(message: string): LiveMessage | null {
  try {
    const m = JSON.parse(message) as Partial<LiveMessage>;
    if (m?.v !== LIVE_PROTOCOL || typeof m.from !== 'string' || typeof m.event !== 'string' || !Array.isArray(m.to) || !Array.isArray(m.except)) return null;
    return m as LiveMessage;
  } catch {
    return null;
  }
}

/** What a process with sockets of its own (an API instance) does with an emit before it is published: deliver it to them at once. */
export type LocalDelivery = (e: LiveEmit) => void;

/**
 * The one live-push path of every process. The API instance that handled a change hands each emit
 * to its own sockets at once (the local delivery LiveHub registers), in order, and publishes it in
 * the same tick for the other instances; the worker, which has no sockets, only publishes. Fire and
 * forget: an emit never fails or delays the change it reports (a client that missed one sees a seq
 * gap, or the current state when it re-joins).
 */
@Injectable()
export class LiveEmitter implements OnApplicationShutdown {
  private readonly logger = new Logger(LiveEmitter.name);
  private client: Redis | null = null;
  private local: LocalDelivery | null = null;
  private localSessions: ((change: SessionsChanged) => void) | null = null;
  /** Set at shutdown: a job still running after it (left to another worker) emits nothing and opens no new connection. */
  private closed = false;
  /** This process on the wire (an instance ignores what it published itself). */
  readonly origin = `${process.pid}-${randomBytes(6).toString('hex')}`;

  constructor(private readonly config: AppConfig) {}

  /** Registered by the API's LiveHub: emits reach this instance's sockets without a trip through Redis. */
  deliverLocally(local: LocalDelivery | null): void {
    this.local = local;
  }

  /** Registered by the API's LiveSessions: this instance's sockets are closed at once, before the change is published. */
  endSessionsLocally(local: ((change: SessionsChanged) => void) | null): void {
    this.localSessions = local;
  }

  /**
   * An account's tokens changed (after the change committed): this instance's sockets it no longer
   * admits are closed at once, and every other instance is told on the sessions channel. Resolves once
   * Redis has the message, so a client answered after it gets no private view on any instance from a
   * push published after that (Redis hands each subscriber its messages in order).
   */
  async sessionsChanged(change: SessionsChanged): Promise<void> {
    if (this.closed) return;
    try {
      this.localSessions?.(change);
    } catch (err) {
      this.logger.warn(`sessions of ${change.userId}: ${(err as Error).message}`);
    }
    await this.publish({ channel: sessionsChannel(this.config.QUEUE_PREFIX), message: JSON.stringify({ v: LIVE_PROTOCOL, from: this.origin, ...change }) });
  }

  emit(e: LiveEmit): void {
    if (this.closed) return;
    try {
      this.local?.(e);
      void this.publish(encodeLiveMessage(this.config.QUEUE_PREFIX, this.origin, e));
    } catch (err) {
      this.logger.warn(`emit ${e.event}: ${(err as Error).message}`);
    }
  }

  /** A message of the live protocol on its channel (LiveHub's presence messages use it too). Not awaited: a failed publish is logged once by the client's error handler. */
  publish({ channel, message }: { channel: string; message: string }): Promise<unknown> {
    if (this.closed) return Promise.resolve(0);
    return this.redis()
      .spublish(channel, message)
      .catch(() => 0);
  }

  private redis(): Redis {
    if (!this.client) {
      // Auto-pipelining: the emits of one move (a view per seat, the public view) leave in one write.
      const client = new Redis(this.config.REDIS_URL, { retryStrategy: (n) => Math.min(n * 200, 2000), maxRetriesPerRequest: 2, enableAutoPipelining: true });
      let warned = false;
      client.on('error', (err: Error) => {
        if (!warned) this.logger.warn(`live emitter Redis: ${err.message}; retrying`);
        warned = true;
      });
      this.client = client;
    }
    return this.client;
  }

  /** Lets pending publishes go out, then closes the connection (last shutdown phase: running jobs may still emit until then). */
  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    this.local = null;
    this.localSessions = null;
    const c = this.client;
    this.client = null;
    if (!c) return;
    await boundedClose('live emitter Redis', () => c.quit(), this.logger);
    c.disconnect(); // after a failed or late quit (a no-op after a clean one)
  }
}

