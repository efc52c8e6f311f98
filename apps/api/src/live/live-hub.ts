import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import type { Namespace, Socket } from 'socket.io';
import { AppConfig, boundedClose } from '@dcs/common';
import { decodeLiveMessage, gameViewEmits, LIVE_PROTOCOL, liveChannel, LiveEmit, LiveEmitter, watchChannel } from '@dcs/tournament';
import { GameEventsPublisher, GameMoved } from './game-events.publisher';

/** Rooms that are ours (a socket's own room, named by its id, never is). */
const NAMED_ROOM = /^(game|user|challenge):/;
/** How often an instance repeats which games it holds spectators of, and how long another trusts it. */
export const WATCH_HEARTBEAT_MS = 2000;
const WATCH_TRUST_MS = 3 * WATCH_HEARTBEAT_MS;
/** The longest a connection or a `join` waits for its room's subscription. */
const LISTEN_WAIT_MS = 2000;

/** What an instance says on the watch channel: the games it holds spectators of (all of them, each time). */
interface WatchMessage {
  v: typeof LIVE_PROTOCOL;
  from: string;
  games: string[];
  /** a new instance asks the others to say theirs at once */
  ask?: true;
}

/** The slice of a socket.io namespace the hub uses (a fake one in unit tests). */
export type HubNamespace = Pick<Namespace, 'to' | 'adapter'>;
type HubSocket = Pick<Socket, 'data'> & { data: { watching?: Set<string> } };

/**
 * One API instance's end of the live push path (LiveEmitter is the other, in every process).
 *
 * - **Out**: every emit of this process — a move's views (GameEventsPublisher), a draw pick, a table
 *   decided by a move, chat — goes through LiveEmitter.emit, which hands it here first: this
 *   instance's own sockets get it at once, in order, through socket.io's in-memory adapter, and it is
 *   published for the others in the same tick.
 * - **In**: the hub subscribes (Redis 7 sharded pub/sub) to the namespace's channel and to the
 *   channel of each room this instance holds sockets in, and emits what others publish to its own
 *   sockets. So a seat's view reaches only the instance holding that seat's socket, and an
 *   instance's own emits come back to no one (each message names its sender).
 * - **Spectators**: the public view of a move is rendered only when some instance holds a
 *   spectator of the game (a socket in its game room that sits at none of its seats). Each instance
 *   says on the watch channel which games it holds spectators of, at once when that changes and
 *   every WATCH_HEARTBEAT_MS; a word older than three heartbeats (a crashed instance) is forgotten.
 *   A spectator's `join` is answered after its instance has said so, so the next move renders the
 *   public view; a client that still sees a `seq` gap (an instance that has just started and not
 *   heard the others yet) re-joins, as after any gap.
 */
@Injectable()
export class LiveHub implements OnApplicationShutdown {
  private readonly logger = new Logger(LiveHub.name);
  private nsp: HubNamespace | null = null;
  private sub: Redis | null = null;
  private readonly subscriptions = new Map<string, Promise<unknown>>();
  /** gameId → this instance's spectator sockets of it */
  private readonly spectators = new Map<string, number>();
  /** another instance → the games it holds spectators of, and until when that is trusted */
  private readonly remote = new Map<string, { games: Set<string>; until: number }>();
  private heartbeat: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly emitter: LiveEmitter,
    private readonly publisher: GameEventsPublisher,
    private readonly config: AppConfig,
  ) {}

  /** Called once the gateway's namespace exists. `redis`: the subscriber connection (tests pass their own). */
  attach(nsp: HubNamespace, redis?: Redis): void {
    if (this.nsp) return;
    this.nsp = nsp;
    const sub = redis ?? new Redis(this.config.REDIS_URL, { retryStrategy: (n) => Math.min(n * 200, 2000) });
    this.sub = sub;
    let warned = false;
    sub.on('error', (err: Error) => {
      if (!warned) this.logger.warn(`live hub Redis: ${err.message}; retrying`);
      warned = true;
    });
    sub.on('smessage', (channel: string, message: string) => this.heard(channel, message));
    const prefix = this.config.QUEUE_PREFIX;
    void this.listenOn(liveChannel(prefix));
    void this.listenOn(watchChannel(prefix));
    nsp.adapter.on('create-room', (room: string) => {
      if (NAMED_ROOM.test(room)) void this.listenOn(liveChannel(prefix, room));
    });
    nsp.adapter.on('delete-room', (room: string) => {
      if (!NAMED_ROOM.test(room)) return;
      const channel = liveChannel(prefix, room);
      this.subscriptions.delete(channel);
      sub.sunsubscribe(channel).catch(() => 0);
    });
    this.emitter.deliverLocally((e) => this.deliver(e));
    this.unsubscribe = this.publisher.subscribe((e) => this.moved(e));
    this.heartbeat = setInterval(() => void this.announce(), WATCH_HEARTBEAT_MS);
    this.heartbeat.unref();
    void this.announce(true);
  }

  /**
   * Resolves once this instance hears a room's channel (a `join` waits for it before reading the view it
   * answers), or after LISTEN_WAIT_MS at the most: a slow Redis delays an answer, never holds it (a client
   * that then misses an event sees the `seq` gap and re-joins).
   */
  listening(room: string): Promise<unknown> {
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise((resolve) => (timer = setTimeout(resolve, LISTEN_WAIT_MS)));
    return Promise.race([this.listenOn(liveChannel(this.config.QUEUE_PREFIX, room)), bound]).finally(() => clearTimeout(timer));
  }

  /** A move was committed here: each seat's own view, and the public view when anyone spectates the game. */
  moved({ game, state, seats, deadline }: GameMoved): void {
    for (const e of gameViewEmits(game, state, seats, deadline ?? null, this.watched(game.id))) this.emitter.emit(e);
  }

  /** Whether any instance holds a spectator of the game. */
  watched(gameId: string): boolean {
    if (this.spectators.has(gameId)) return true;
    const now = Date.now();
    for (const [from, r] of this.remote) {
      if (r.until < now) this.remote.delete(from);
      else if (r.games.has(gameId)) return true;
    }
    return false;
  }

  /** A socket joined a game's room without a seat at it: a spectator. Resolves once the other instances have been told. */
  async watch(socket: HubSocket, gameId: string): Promise<void> {
    const watching = (socket.data.watching ??= new Set());
    if (watching.has(gameId)) return;
    watching.add(gameId);
    const n = (this.spectators.get(gameId) ?? 0) + 1;
    this.spectators.set(gameId, n);
    if (n === 1) await this.announce();
  }

  /** The socket left the game's room (or disconnected). */
  unwatch(socket: HubSocket, gameId: string): void {
    if (!socket.data.watching?.delete(gameId)) return;
    const n = (this.spectators.get(gameId) ?? 1) - 1;
    if (n > 0) {
      this.spectators.set(gameId, n);
      return;
    }
    this.spectators.delete(gameId);
    void this.announce();
  }

  /** A disconnected socket stops spectating everything it watched. */
  gone(socket: HubSocket): void {
    for (const gameId of [...(socket.data.watching ?? [])]) this.unwatch(socket, gameId);
  }

  /** This instance's sockets get an emit at once (socket.io's in-memory adapter: nothing leaves the process). */
  private deliver(e: Pick<LiveEmit, 'to' | 'except' | 'event' | 'data'>): void {
    if (!this.nsp) return;
    let op = this.nsp.to(e.to);
    if (e.except?.length) op = op.except(e.except);
    (op.emit as (event: string, data: unknown) => boolean)(e.event, e.data);
  }

  private heard(channel: string, message: string): void {
    if (channel === watchChannel(this.config.QUEUE_PREFIX)) return this.heardWatch(message);
    const m = decodeLiveMessage(message);
    if (!m || m.from === this.emitter.origin) return; // ours: delivered here already
    this.deliver(m);
  }

  private heardWatch(message: string): void {
    let m: WatchMessage;
    try {
      m = JSON.parse(message) as WatchMessage;
    } catch {
      return;
    }
    if (m?.v !== LIVE_PROTOCOL || typeof m.from !== 'string' || !Array.isArray(m.games) || m.from === this.emitter.origin) return;
    if (m.games.length) this.remote.set(m.from, { games: new Set(m.games), until: Date.now() + WATCH_TRUST_MS });
    else this.remote.delete(m.from);
    if (m.ask) void this.announce();
  }

  /** Says which games this instance holds spectators of (all of them). */
  private announce(ask = false): Promise<unknown> {
    if (!this.sub) return Promise.resolve();
    const body: WatchMessage = { v: LIVE_PROTOCOL, from: this.emitter.origin, games: [...this.spectators.keys()], ...(ask ? { ask: true as const } : {}) };
    return this.emitter.publish({ channel: watchChannel(this.config.QUEUE_PREFIX), message: JSON.stringify(body) });
  }

  private listenOn(channel: string): Promise<unknown> {
    let p = this.subscriptions.get(channel);
    if (!p) {
      p = this.sub ? this.sub.ssubscribe(channel).catch(() => 0) : Promise.resolve();
      this.subscriptions.set(channel, p);
    }
    return p;
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    this.unsubscribe?.();
    this.emitter.deliverLocally(null);
    const sub = this.sub;
    this.sub = null;
    this.nsp = null;
    if (!sub) return;
    await boundedClose('live hub Redis', () => sub.quit(), this.logger);
    sub.disconnect();
  }
}
