import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import type { Namespace, Socket } from 'socket.io';
import { AppConfig, boundedClose } from '@dcs/common';
import { decodeLiveMessage, GameMoved, gameViewEmits, LIVE_PROTOCOL, liveChannel, LiveEmit, LiveEmitter, liveEmit, liveRooms, MovePublisher, renderGameView, viewSeq, watchChannel } from '@dcs/tournament';

/** Rooms that are ours (a socket's own room, named by its id, never is). */
const NAMED_ROOM = /^(game|user|challenge):/;
/** How often an instance repeats which games it holds spectators of, and how long another trusts it. */
export const WATCH_HEARTBEAT_MS = 2000;
const WATCH_TRUST_MS = 3 * WATCH_HEARTBEAT_MS;
/**
 * How long another instance's word on which players it holds is trusted without a heartbeat. Long on
 * purpose: a seat view withheld by mistake leaves a player looking at an old position (a spectator's
 * costs only a re-join), while one rendered for nobody costs only CPU.
 */
export const PRESENCE_TRUST_MS = 30 * WATCH_HEARTBEAT_MS;
/** How long an instance remembers a seat view it withheld (the latest per player), to send it if the player arrives. */
const SKIPPED_MS = 30_000;
/** A player whose connection is being accepted counts as connected here until their user room exists (or this long). */
const ARRIVING_MS = 10_000;
/** The longest a connection or a `join` waits for its room's subscription. */
const LISTEN_WAIT_MS = 2000;

/** `p`, or LISTEN_WAIT_MS at the most. */
function bounded(p: Promise<unknown>): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise((resolve) => (timer = setTimeout(resolve, LISTEN_WAIT_MS)));
  return Promise.race([p, bound]).finally(() => clearTimeout(timer));
}

/**
 * What an instance says on the watch channel: the games it holds spectators of (all of them, each
 * time), and the players it holds sockets of — all of them (`users`, with each heartbeat) or the ones
 * just arriving (`arrived`, at once, added to what it said before). A message with neither comes from
 * an instance older than presence: it may hold anyone, so every seat's view is rendered for it.
 */
interface WatchMessage {
  v: typeof LIVE_PROTOCOL;
  from: string;
  games: string[];
  users?: string[];
  arrived?: string[];
  /** a new instance asks the others to say theirs at once */
  ask?: true;
}

/** Another instance as last heard: its spectated games, and the players it holds ('any': it does not say). */
interface RemoteInstance {
  games: Set<string>;
  until: number;
  users: Set<string> | 'any';
  usersUntil: number;
}

/** The slice of a socket.io namespace the hub uses (a fake one in unit tests). */
export type HubNamespace = Pick<Namespace, 'to' | 'adapter'>;
type HubSocket = Pick<Socket, 'data'> & { data: { watching?: Set<string> } };

/**
 * One API instance's end of the live push path (LiveEmitter is the other, in every process).
 *
 * - **Out**: every emit of this process — a move's views (MovePublisher, which hands them to `moved`), a draw pick, a table
 *   decided by a move, chat — goes through LiveEmitter.emit, which hands it here first: this
 *   instance's own sockets get it at once, in order, through socket.io's in-memory adapter, and it is
 *   published for the others in the same tick.
 * - **In**: the hub subscribes (Redis 7 sharded pub/sub) to the namespace's channel and to the
 *   channel of each room this instance holds sockets in, and emits what others publish to its own
 *   sockets. So a seat's view reaches only the instance holding that seat's socket, and an
 *   instance's own emits come back to no one (each message names its sender).
 * - **Players**: a seat's view of a move is rendered only when some instance holds a socket of that
 *   seat's player (a computer seat or a player who closed the page gets none; the move is stored and a
 *   `join` reads it). Each instance says which players it holds with every heartbeat, and says a
 *   player's arrival before accepting their connection, so the other instances know before the
 *   client can ask for anything; their word is trusted for PRESENCE_TRUST_MS. An instance that withheld
 *   a player's view in the last SKIPPED_MS and then hears them arrive sends that view at once (a move
 *   it made before the word reached it; a client that finds a gap re-joins).
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
  /** another instance → the games it holds spectators of and the players it holds, and until when that is trusted */
  private readonly remote = new Map<string, RemoteInstance>();
  /** players whose connection to this instance is being accepted → until when they count as here without a room */
  private readonly arriving = new Map<string, number>();
  /** player → the latest move made here whose view of their seat was withheld (nobody held them), and when */
  private readonly skipped = new Map<string, { move: GameMoved; seat: number; at: number }>();
  private heartbeat: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  /** other channels heard on this connection, and who handles them (LiveSessions: the sessions channel) */
  private readonly handlers = new Map<string, (message: string) => void>();

  constructor(
    private readonly emitter: LiveEmitter,
    private readonly publisher: MovePublisher,
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
    this.publisher.publishVia((e) => this.moved(e));
    this.unsubscribe = () => this.publisher.publishVia(null);
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
    return bounded(this.listenOn(liveChannel(this.config.QUEUE_PREFIX, room)));
  }

  /** Hears a channel of another part of the live path on the hub's connection (call after `attach`). Resolves once subscribed. */
  hear(channel: string, handler: (message: string) => void): Promise<unknown> {
    this.handlers.set(channel, handler);
    return this.listenOn(channel);
  }

  /** A move was committed here: the own view of each seat whose player is connected, and the public view when anyone spectates the game. */
  moved({ game, state, seats, deadline }: GameMoved): void {
    const away = new Set(seats.filter((s) => !this.connected(s.userId)).map((s) => s.userId));
    const at = Date.now();
    for (const s of seats) if (away.has(s.userId)) this.skipped.set(s.userId, { move: { game, state, seats, deadline }, seat: s.seat, at });
    const only = { spectators: this.watched(game.id), connected: (userId: string) => !away.has(userId) };
    for (const e of gameViewEmits(game, state, seats, deadline ?? null, only)) this.emitter.emit(e);
  }

  /** Players another instance has just said it holds: the view withheld from each here (if any, and recent) goes out now. */
  private arrived(userIds: Iterable<string>): void {
    const now = Date.now();
    for (const userId of userIds) {
      const s = this.skipped.get(userId);
      if (!s) continue;
      this.skipped.delete(userId);
      if (s.at + SKIPPED_MS < now) continue;
      const { game, state, deadline } = s.move;
      this.emitter.emit(liveEmit([liveRooms.user(userId)], 'game:view', { gameId: game.id, seq: viewSeq(game, state), view: renderGameView(game, state, s.seat, deadline ?? null) }));
    }
  }

  /** Whether any instance holds a spectator of the game. */
  watched(gameId: string): boolean {
    if (this.spectators.has(gameId)) return true;
    const now = Date.now();
    for (const [from, r] of this.remote) {
      if (r.until < now && r.usersUntil < now) this.remote.delete(from);
      else if (r.until >= now && r.games.has(gameId)) return true;
    }
    return false;
  }

  /** Whether any instance holds a socket of this player (or may: an instance that does not say). */
  connected(userId: string): boolean {
    if (this.here(userId)) return true;
    const now = Date.now();
    for (const r of this.remote.values()) {
      if (r.usersUntil >= now && (r.users === 'any' || r.users.has(userId))) return true;
    }
    return false;
  }

  /**
   * A player's connection is being accepted here: every instance is told before it is (the handshake
   * waits for this), so a move made anywhere after the client is connected renders their view.
   */
  arrive(userId: string): Promise<unknown> {
    this.arriving.set(userId, Date.now() + ARRIVING_MS);
    // Bounded like `listening`: a slow Redis delays a connection, never holds it (the heartbeat says it again).
    return bounded(this.announce(false, [userId]));
  }

  /** Whether this instance holds a socket of the player (or is accepting one). */
  private here(userId: string): boolean {
    if (this.nsp?.adapter.rooms?.has(`user:${userId}`)) return true;
    const until = this.arriving.get(userId);
    if (until === undefined) return false;
    if (until >= Date.now()) return true;
    this.arriving.delete(userId);
    return false;
  }

  /** The players this instance holds sockets of (and is accepting). */
  private players(): string[] {
    const out = new Set<string>();
    for (const room of this.nsp?.adapter.rooms?.keys() ?? []) if (room.startsWith('user:')) out.add(room.slice(5));
    const now = Date.now();
    for (const [userId, until] of this.arriving) {
      if (until >= now) out.add(userId);
      else this.arriving.delete(userId);
    }
    return [...out];
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
    // No socket here in any of its rooms: socket.io would encode the packet for nobody.
    const rooms = this.nsp.adapter.rooms;
    if (rooms && !e.to.some((room) => rooms.has(room))) return;
    let op = this.nsp.to(e.to);
    if (e.except?.length) op = op.except(e.except);
    (op.emit as (event: string, data: unknown) => boolean)(e.event, e.data);
  }

  private heard(channel: string, message: string): void {
    if (channel === watchChannel(this.config.QUEUE_PREFIX)) return this.heardWatch(message);
    const handler = this.handlers.get(channel);
    if (handler) return handler(message);
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
    const now = Date.now();
    const known = this.remote.get(m.from);
    const before = known && known.usersUntil >= now ? known.users : new Set<string>();
    let users: RemoteInstance['users'];
    if (Array.isArray(m.users)) users = new Set(m.users.filter((u) => typeof u === 'string'));
    else if (Array.isArray(m.arrived)) {
      users = before === 'any' ? 'any' : new Set([...before, ...m.arrived.filter((u) => typeof u === 'string')]);
    } else users = 'any';
    this.remote.set(m.from, { games: new Set(m.games), until: now + WATCH_TRUST_MS, users, usersUntil: now + PRESENCE_TRUST_MS });
    if (users !== 'any' && this.skipped.size) this.arrived([...users].filter((u) => before === 'any' || !before.has(u)));
    if (m.ask) void this.announce();
  }

  /** Says which games this instance holds spectators of (all of them), and which players it holds (all, or the `arrived` alone). */
  private announce(ask = false, arrived?: string[]): Promise<unknown> {
    if (!this.sub) return Promise.resolve();
    // Withheld views too old to send are dropped here (each holds a game's state).
    const old = Date.now() - SKIPPED_MS;
    for (const [userId, s] of this.skipped) if (s.at < old) this.skipped.delete(userId);
    const body: WatchMessage = {
      v: LIVE_PROTOCOL,
      from: this.emitter.origin,
      games: [...this.spectators.keys()],
      ...(arrived ? { arrived } : { users: this.players() }),
      ...(ask ? { ask: true as const } : {}),
    };
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
