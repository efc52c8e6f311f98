import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { Emitter } from '@socket.io/redis-emitter';
import Redis from 'ioredis';
import type { Game } from '@dcs/db';
import { type GameState, playerView, type PlayerView } from '@dcs/engine';
import { AppConfig } from '@dcs/common';
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

/**
 * Emits to `/live` clients from any process (API or worker) through Redis, with
 * @socket.io/redis-emitter on the same key prefix as the API's Redis adapter: every API
 * instance delivers the event to its own sockets in the rooms named. Fire and forget: an
 * emit never fails or delays the change it reports (a client that missed one sees a seq gap
 * or the current state when it re-joins).
 */
@Injectable()
export class LiveEmitter implements OnModuleDestroy {
  private readonly logger = new Logger(LiveEmitter.name);
  private client: Redis | null = null;
  private emitter: Emitter | null = null;

  constructor(private readonly config: AppConfig) {}

  emit(e: LiveEmit): void {
    try {
      let op = this.nsp().to(e.to);
      if (e.except?.length) op = op.except(e.except);
      op.emit(e.event, e.data);
    } catch (err) {
      this.logger.warn(`emit ${e.event}: ${(err as Error).message}`);
    }
  }

  private nsp(): Emitter {
    if (!this.emitter) {
      const client = new Redis(this.config.REDIS_URL, { retryStrategy: (n) => Math.min(n * 200, 2000), maxRetriesPerRequest: 2, enableAutoPipelining: true });
      let warned = false;
      client.on('error', (err: Error) => {
        if (!warned) this.logger.warn(`live emitter Redis: ${err.message}; retrying`);
        warned = true;
      });
      this.client = client;
      // The emitter does not wait on publish: swallow a failed one here (logged once above).
      const publisher = { publish: (channel: string, msg: Buffer | string) => client.publish(channel, msg).catch(() => 0) };
      this.emitter = new Emitter(publisher, { key: socketIoKey(this.config.QUEUE_PREFIX) }).of(LIVE_NAMESPACE);
    }
    return this.emitter;
  }

  /** Lets pending publishes go out, then closes the connection. */
  async onModuleDestroy(): Promise<void> {
    const c = this.client;
    this.client = null;
    this.emitter = null;
    if (c) await c.quit().catch(() => c.disconnect());
  }
}
