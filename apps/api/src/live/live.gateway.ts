import { Inject, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { ConnectedSocket, MessageBody, OnGatewayConnection, SubscribeMessage, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { Namespace, Socket } from 'socket.io';
import { isUUID } from 'class-validator';
import type { Pool } from 'pg';
import type { Role } from '@dcs/db';
import { AppConfig, AppError, ErrorBody, PG_POOL } from '@dcs/common';
import { assertTokenCurrent, AuthGuard, bearerToken } from '../common/auth.guard';
import { errorResponse } from '../common/all-exceptions.filter';
import { AuthUser } from '../common/decorators';
import { validationPipe } from '../common/validation';
import { GameActionDto } from '../games/games.dto';
import { TiebreakPickDto } from '../tournament/tournament.dto';
import { GamesService } from '../games/games.service';
import { ChatMessage, ConductService } from '../conduct/conduct.service';
import { ChallengeFlowService } from '@dcs/tournament';
import type { TiebreakPublicView } from '@dcs/engine';
import { GameEventsPublisher, GameMoved } from './game-events.publisher';
import { SessionCaptureService } from '../anticheat/session-capture.service';
import {
  Ack,
  ActedGame,
  ClientToServerEvents,
  JoinedGame,
  LIVE_NAMESPACE,
  LiveSocketData,
  rooms,
  ServerToClientEvents,
} from './live.events';

type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, LiveSocketData & { token: string | null }>;
type LiveNamespace = Namespace<ClientToServerEvents, ServerToClientEvents, Record<string, never>, LiveSocketData & { token: string | null }>;

const invalid = (message: string, field: string) => new AppError('VALIDATION_FAILED', message, [{ field, problems: [message] }]);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Live tables. Handlers are thin: every move goes through GamesService.act, the same code path
 * as POST /games/:id/actions. A handler never throws (Nest would end the socket's handler
 * stream): every failure is an `{ ok: false, error }` acknowledgement with the HTTP code.
 */
@WebSocketGateway({ namespace: LIVE_NAMESPACE })
export class LiveGateway implements OnModuleInit, OnModuleDestroy, OnGatewayConnection {
  private readonly logger = new Logger(LiveGateway.name);
  private readonly validation = validationPipe();
  private unsubscribe?: () => void;

  @WebSocketServer()
  private readonly nsp!: LiveNamespace;

  constructor(
    private readonly games: GamesService,
    private readonly publisher: GameEventsPublisher,
    private readonly auth: AuthGuard,
    private readonly config: AppConfig,
    private readonly flow: ChallengeFlowService,
    private readonly conduct: ConductService,
    private readonly sessions: SessionCaptureService,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  onModuleInit(): void {
    this.unsubscribe = this.publisher.subscribe((e) => this.broadcast(e));
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }

  /** The handshake: no token → a spectator; a bad token or a banned account → refused with a stable code. */
  afterInit(nsp: LiveNamespace): void {
    nsp.use((socket, next) => {
      // auth.token (bare, or with the Bearer scheme in any case), else an Authorization header (non-browser clients)
      const fromAuth = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      const sent = fromAuth === undefined || fromAuth === null || fromAuth === '' ? socket.handshake.headers.authorization : fromAuth;
      socket.data.windowStart = 0;
      socket.data.actionsInWindow = 0;
      if (sent === undefined || sent === null || sent === '') {
        socket.data.userId = null;
        socket.data.token = null;
        return next();
      }
      const refuse = (body: ErrorBody) => next(Object.assign(new Error(body.code), { data: body }));
      if (typeof sent !== 'string') return refuse({ code: 'INVALID_TOKEN', message: 'The token is invalid or has expired; sign in again' });
      const token = bearerToken(sent) ?? sent;
      this.auth.verifyToken(token).then(
        ({ user, claims }) => {
          socket.data.userId = user.id;
          socket.data.token = token;
          // Verified just now: what later checks need of it (see userOf).
          socket.data.tokenVersion = claims.tv;
          socket.data.tokenExp = claims.exp ?? null;
          socket.data.tokenRoles = Array.isArray(claims.roles) ? claims.roles : null;
          // anti-cheat evidence: the device fingerprint (hashed) and IP of this connection; never blocks it
          void this.sessions.record(user.id, (socket.handshake.auth as { fingerprint?: unknown }).fingerprint, socket.handshake.address, 'socket');
          next();
        },
        (err: unknown) => refuse(this.errorBody(err)),
      );
    });
  }

  handleConnection(socket: LiveSocket): void {
    if (socket.data.userId) void socket.join(rooms.user(socket.data.userId));
  }

  @SubscribeMessage('join')
  join(@ConnectedSocket() socket: LiveSocket, @MessageBody() payload: unknown): Promise<Ack<JoinedGame>> {
    return this.answer(async () => {
      const gameId = this.gameIdOf(payload);
      const since = (payload as { since?: unknown }).since;
      if (since !== undefined && (typeof since !== 'number' || !Number.isInteger(since) || since < 0 || since > 1_000_000)) {
        throw invalid('since must be a whole number (the last seq seen)', 'since');
      }
      // Join first, then read: a move in between arrives as an event with a higher seq, never lost.
      await socket.join(rooms.game(gameId));
      try {
        const { view, missed } = await this.games.viewSince(await this.userOf(socket, false), gameId, since ?? null, true);
        // A game over with its table's draw still open: the draw as it stands (positions only), so a rejoining client can pick.
        const tiebreak = view.status === 'finished' ? await this.games.openTiebreak(view.tableId) : null;
        return { seq: (view.view as { version: number }).version, view, ...(missed ? { missed } : {}), ...(tiebreak ? { tiebreak } : {}) };
      } catch (err) {
        await socket.leave(rooms.game(gameId));
        throw err;
      }
    });
  }

  @SubscribeMessage('leave')
  leave(@ConnectedSocket() socket: LiveSocket, @MessageBody() payload: unknown): Promise<Ack<{ gameId: string }>> {
    return this.answer(async () => {
      const gameId = this.gameIdOf(payload);
      await socket.leave(rooms.game(gameId));
      return { gameId };
    });
  }

  @SubscribeMessage('watchChallenge')
  watchChallenge(@ConnectedSocket() socket: LiveSocket, @MessageBody() payload: unknown): Promise<Ack<{ challengeId: string }>> {
    return this.answer(async () => {
      const challengeId = isObject(payload) ? payload.challengeId : undefined;
      if (typeof challengeId !== 'string' || !isUUID(challengeId)) throw invalid('challengeId must be a UUID', 'challengeId');
      await socket.join(rooms.challenge(challengeId));
      return { challengeId };
    });
  }

  /** A tied player's pick in a live 6-4/5-5 draw: the same service and checks as POST /tiebreaks/:id/picks. */
  @SubscribeMessage('tiebreak:pick')
  tiebreakPick(@ConnectedSocket() socket: LiveSocket, @MessageBody() payload: unknown): Promise<Ack<{ tiebreak: TiebreakPublicView }>> {
    return this.answer(async () => {
      this.throttle(socket);
      if (!isObject(payload)) throw invalid('the payload must be an object', 'payload');
      const { tiebreakId, position, ...rest } = payload;
      if (typeof tiebreakId !== 'string' || !isUUID(tiebreakId)) {
        throw new AppError('INVALID_ID', 'tiebreakId must be a UUID', [{ field: 'tiebreakId', problems: ['must be a UUID'] }]);
      }
      // The HTTP body's DTO and pipe: the same checks and VALIDATION_FAILED details.
      const dto = (await this.validation.transform({ position, ...rest }, { type: 'body', metatype: TiebreakPickDto })) as TiebreakPickDto;
      const user = await this.userOf(socket, true);
      return { tiebreak: await this.flow.pickTile(user!.id, tiebreakId, dto.position) };
    });
  }

  /** Table chat: ConductService filters (and sanctions) before anything is delivered; the table's room and seats get `chat:message`. */
  @SubscribeMessage('chat')
  chat(@ConnectedSocket() socket: LiveSocket, @MessageBody() payload: unknown): Promise<Ack<{ message: ChatMessage }>> {
    return this.answer(async () => {
      this.throttle(socket);
      const user = await this.userOf(socket, true);
      const gameId = this.gameIdOf(payload);
      const { text, requestId } = payload as Record<string, unknown>;
      if (typeof text !== 'string' || text.trim().length < 1 || text.length > 500) throw invalid('text must be 1-500 characters', 'text');
      if (requestId !== undefined && (typeof requestId !== 'string' || requestId.length > 100)) throw invalid('requestId must be a string of at most 100 characters', 'requestId');
      const { message, recipients } = await this.conduct.chat(user!, gameId, text.trim(), requestId);
      this.nsp.to([rooms.game(gameId), ...recipients.map((id) => rooms.user(id))]).emit('chat:message', message);
      return { message };
    });
  }

  @SubscribeMessage('action')
  action(@ConnectedSocket() socket: LiveSocket, @MessageBody() payload: unknown): Promise<Ack<ActedGame>> {
    return this.answer(async () => {
      this.throttle(socket);
      const user = await this.userOf(socket, true);
      const gameId = this.gameIdOf(payload);
      const { gameId: _id, ...body } = payload as Record<string, unknown>;
      const dto = (await this.validation.transform(body, { type: 'body', metatype: GameActionDto })) as GameActionDto;
      const view = await this.games.act(user!, gameId, dto);
      return { seq: (view.view as { version: number }).version, view };
    });
  }

  /**
   * After a committed move: each seat gets its own view in its user room (every tab of that
   * player, on any instance), and the game room minus the seated players gets the public view.
   * No payload sent to a room ever holds a hand; engine events are never broadcast.
   */
  private broadcast({ game, state, seats, deadline }: GameMoved): void {
    void this.othersMayListen().then((remote) => {
      // Rendering and publishing a view nobody can receive is most of a move's cost when no
      // one watches; with this the only instance, local room membership says who can.
      const heard = (room: string) => remote || (this.nsp.adapter.rooms.get(room)?.size ?? 0) > 0;
      const seq = state.version;
      for (const { seat, userId } of seats) {
        if (heard(rooms.user(userId))) this.nsp.to(rooms.user(userId)).emit('game:view', { gameId: game.id, seq, view: this.games.toView(game, state, seat, deadline ?? null) });
      }
      if (heard(rooms.game(game.id))) {
        this.nsp
          .to(rooms.game(game.id))
          .except(seats.map((s) => rooms.user(s.userId)))
          .emit('game:view', { gameId: game.id, seq, view: this.games.toView(game, state, null, deadline ?? null) });
      }
    });
  }

  private servers = { count: 2, checkedAt: 0 };

  /**
   * Whether another API instance may hold sockets (the Redis adapter's server count, re-read
   * every 3 s; on any doubt, yes). An instance that has just started is heard from within 3 s;
   * its clients see the current view when they join, and a sequence gap makes them re-join.
   */
  private async othersMayListen(): Promise<boolean> {
    if (Date.now() - this.servers.checkedAt > 3000) {
      this.servers.checkedAt = Date.now();
      const adapter = this.nsp.adapter as unknown as { serverCount?: () => Promise<number> };
      this.servers.count = adapter.serverCount ? await adapter.serverCount().catch(() => 2) : 1;
    }
    return this.servers.count > 1;
  }

  /** A fixed one-second window per connection: LIVE_ACTIONS_PER_SECOND actions, then RATE_LIMITED until it rolls over. */
  private throttle(socket: LiveSocket): void {
    const now = Date.now();
    if (now - socket.data.windowStart >= 1000) {
      socket.data.windowStart = now;
      socket.data.actionsInWindow = 0;
    }
    socket.data.actionsInWindow += 1;
    if (socket.data.actionsInWindow > this.config.LIVE_ACTIONS_PER_SECOND) {
      throw new AppError('RATE_LIMITED', `At most ${this.config.LIVE_ACTIONS_PER_SECOND} actions a second on one connection`);
    }
  }

  /**
   * The caller, checked again on every event like every HTTP request (a ban, a password change
   * or "sign out everywhere" acts at once on open sockets too); undefined for a spectator.
   * The token's signature was verified at the handshake by AuthGuard.userFromToken and a
   * socket's token never changes, so only what can change is checked again, with
   * AuthGuard.userFromToken's rules: the expiry, the account's current token version and its
   * status — one indexed row read on the move path's node-postgres pool (a JWT verification
   * and a Prisma query per move were a third of a move's CPU in bench/live.ts).
   */
  private async userOf(socket: LiveSocket, required: boolean): Promise<AuthUser | undefined> {
    if (!socket.data.token || !socket.data.userId) {
      if (required) throw new AppError('UNAUTHORIZED', 'Sign in first: connect with auth.token to play');
      return undefined;
    }
    const expired = socket.data.tokenExp !== null && socket.data.tokenExp * 1000 <= Date.now();
    const { rows } = expired
      ? { rows: [] }
      : await this.pool.query<{ email: string; display_name: string; roles: Role[]; status: string; token_version: number }>(
          'SELECT email, display_name, roles::text[] AS roles, status::text AS status, token_version FROM users WHERE id = $1',
          [socket.data.userId],
        );
    const row = rows[0];
    const user = row && { id: socket.data.userId, email: row.email, displayName: row.display_name, roles: row.roles, tokenVersion: row.token_version, status: row.status };
    try {
      assertTokenCurrent({ tv: socket.data.tokenVersion, roles: socket.data.tokenRoles ?? undefined }, user);
      return { id: user.id, email: user.email, displayName: user.displayName, roles: user.roles };
    } catch (err) {
      this.endSession(socket);
      throw err;
    }
  }

  /**
   * A socket whose token no longer holds (expired, revoked — sign out everywhere, a password or role
   * change, a ban) is closed once the refusal has been acknowledged: it stops receiving the user's
   * private views, and the client reconnects with a fresh token.
   */
  private endSession(socket: LiveSocket): void {
    socket.data.userId = null;
    socket.data.token = null;
    setTimeout(() => socket.disconnect(true), 0);
  }

  private gameIdOf(payload: unknown): string {
    if (!isObject(payload)) throw invalid('the payload must be an object', 'payload');
    if (typeof payload.gameId !== 'string' || !isUUID(payload.gameId)) {
      throw new AppError('INVALID_ID', 'gameId must be a UUID', [{ field: 'gameId', problems: ['must be a UUID'] }]);
    }
    return payload.gameId;
  }

  private async answer<T>(fn: () => Promise<T>): Promise<Ack<T>> {
    try {
      return { ok: true, ...(await fn()) };
    } catch (err) {
      return { ok: false, error: this.errorBody(err) };
    }
  }

  /** The same body the HTTP exception filter writes. */
  private errorBody(err: unknown): ErrorBody {
    const { status, body } = errorResponse(err);
    if (status >= 500) this.logger.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
    return body;
  }
}
