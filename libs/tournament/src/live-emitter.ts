import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import type { Game } from '@dcs/db';
import { type GameState, playerView, type PlayerView } from '@dcs/engine';
import { AppConfig, boundedClose } from '@dcs/common';
import type { SeatRow } from './games.repository';

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
  /** the viewer's seat; null for a spectator */
  seat: number | null;
  status: 'playing' | 'finished';
  seedHash: string;
  /** revealed only once the game is over */
  seed: string | null;
  /** when the clock of the seat on turn runs out (ISO); null when over or not known */
  turnDeadline: string | null;
  view: PlayerView;
}

export type ViewableGame = Pick<Game, 'id' | 'tableId' | 'seedHash' | 'seed'>;

/** Renders one viewer's view: own tiles for a seat, the public view for anyone else (SPEC 3.3). */
export function renderGameView(game: ViewableGame, state: GameState, seat: number | null, deadline: Date | null = null): GameViewBody {
  return {
    gameId: game.id,
    tableId: game.tableId,
    seat,
    status: state.finished ? 'finished' : 'playing',
    seedHash: game.seedHash,
    seed: state.finished ? game.seed : null,
    turnDeadline: state.finished || !deadline ? null : deadline.toISOString(),
    view: playerView(state, seat),
  };
}

/** A socket.io emit to do once the transaction that made it true has committed (see ChallengeQueue.run). */
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
 * payload meant for a room another person is in.
 */
export function gameViewEmits(game: ViewableGame, state: GameState, seats: readonly SeatRow[], deadline: Date | null): LiveEmit[] {
  const seq = state.version;
  const out = seats.map((s) => liveEmit([liveRooms.user(s.userId)], 'game:view', { gameId: game.id, seq, view: renderGameView(game, state, s.seat, deadline) }));
  out.push(
    liveEmit([liveRooms.game(game.id)], 'game:view', { gameId: game.id, seq, view: renderGameView(game, state, null, deadline) }, seats.map((s) => liveRooms.user(s.userId))),
  );
  return out;
}

/** socket.io-adapter's `MessageType.BROADCAST` and socket.io-parser's `PacketType.EVENT` (checked against the installed packages in live-emitter.spec.ts). */
export const CLUSTER_BROADCAST = 3;
export const PACKET_EVENT = 2;
/** The sender id the cluster adapter reserves for emitters (processes without sockets). */
export const EMITTER_UID = 'emitter';

/** The sharded adapter's channel of a namespace, and of one room in it ("dynamic" subscription mode: an instance listens only to rooms it holds sockets in). */
export const liveChannel = (queuePrefix: string, room?: string) => `${socketIoKey(queuePrefix)}#${LIVE_NAMESPACE}#${room !== undefined ? `${room}#` : ''}`;

/**
 * One emit as the API's sharded Redis adapter publishes a broadcast: a one-room emit goes to that
 * room's own channel (only the instances holding a socket in the room hear it), any other to the
 * namespace's channel (every instance). JSON, as the adapter encodes payloads without binary.
 */
export function clusterBroadcast(queuePrefix: string, e: Pick<LiveEmit, 'to' | 'except' | 'event' | 'data'>): { channel: string; message: string } {
  const channel = e.to.length === 1 ? liveChannel(queuePrefix, e.to[0]) : liveChannel(queuePrefix);
  const message = JSON.stringify({
    uid: EMITTER_UID,
    nsp: LIVE_NAMESPACE,
    type: CLUSTER_BROADCAST,
    data: { opts: { rooms: e.to, except: e.except ?? [], flags: {} }, packet: { type: PACKET_EVENT, data: [e.event, e.data], nsp: LIVE_NAMESPACE } },
  });
  return { channel, message };
}

/**
 * Emits to `/live` clients from any process (API or worker) through Redis sharded pub/sub, in the
 * message format of the API's sharded socket.io adapter on the same channels: every API instance
 * that holds sockets in the rooms named delivers the event to them. Fire and forget: an emit never
 * fails or delays the change it reports (a client that missed one sees a seq gap or the current
 * state when it re-joins).
 */
@Injectable()
export class LiveEmitter implements OnApplicationShutdown {
  private readonly logger = new Logger(LiveEmitter.name);
  private client: Redis | null = null;
  /** Set at shutdown: a job still running after it (left to another worker) emits nothing and opens no new connection. */
  private closed = false;

  constructor(private readonly config: AppConfig) {}

  emit(e: LiveEmit): void {
    if (this.closed) return;
    try {
      const { channel, message } = clusterBroadcast(this.config.QUEUE_PREFIX, e);
      // Not awaited: a failed publish is logged once by the client's error handler.
      this.redis()
        .spublish(channel, message)
        .catch(() => 0);
    } catch (err) {
      this.logger.warn(`emit ${e.event}: ${(err as Error).message}`);
    }
  }

  private redis(): Redis {
    if (!this.client) {
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
    const c = this.client;
    this.client = null;
    if (!c) return;
    await boundedClose('live emitter Redis', () => c.quit(), this.logger);
    c.disconnect(); // after a failed or late quit (a no-op after a clean one)
  }
}
