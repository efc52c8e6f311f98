import { Logger } from '@nestjs/common';
import { ConnectedSocket, MessageBody, OnGatewayConnection, OnGatewayDisconnect, SubscribeMessage, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import { isUUID } from 'class-validator';
import { AppConfig, AppError, ErrorBody } from '@dcs/common';
import { AuthGuard, bearerToken } from '../common/auth.guard';
import { errorResponse } from '../common/all-exceptions.filter';
import { AuthUser } from '../common/decorators';
import { validationPipe } from '../common/validation';
import { assertPayloadDepth } from '../common/payload-depth';
import { GameActionDto } from '../games/games.dto';
import { TiebreakPickDto } from '../tiebreaks/tiebreaks.dto';
import { GamesService } from '../games/games.service';
import { ChatMessage, ConductService } from '../conduct/conduct.service';
import { ChallengeFlowService, FairDeal, LiveEmitter, liveEmit } from '@dcs/tournament';
import type { TiebreakPublicView } from '@dcs/engine';
import { LiveHub } from './live-hub';
import { LiveLimits, type LiveLimitKind } from './live-limits';
import { LiveSessions } from './live-sessions';
import { VoiceService } from '../voice/voice.service';
import type { TeamMessage, VoiceJoined } from '@dcs/common/live/voice.contract';
import { SessionCaptureService } from '../anticheat/session-capture.service';
import {
  Ack,
  ActedGame,
  ContributedGame,
  JoinedGame,
  LIVE_NAMESPACE,
  type LiveNamespace,
  type LiveSocket,
  rooms,
} from './live.events';

const invalid = (message: string, field: string) => new AppError('VALIDATION_FAILED', message, [{ field, problems: [message] }]);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Live tables. Handlers are thin: every move goes through GamesService.act, the same code path
 * as POST /games/:id/actions, and is pushed by LiveHub (views) through LiveEmitter, the one push
 * path of every process. A handler never throws (Nest would end the socket's handler stream):
 * every failure is an `{ ok: false, error }` acknowledgement with the HTTP code.
 */
@WebSocketGateway({ namespace: LIVE_NAMESPACE })
export class LiveGateway implements OnGatewayConnection, OnGatewayDisconnect {
  private readonly logger = new Logger(LiveGateway.name);
  private readonly validation = validationPipe();

  @WebSocketServer()
  private readonly nsp!: LiveNamespace;

  constructor(
    private readonly games: GamesService,
    private readonly hub: LiveHub,
    private readonly live: LiveEmitter,
    private readonly auth: AuthGuard,
    private readonly config: AppConfig,
    private readonly flow: ChallengeFlowService,
    private readonly conduct: ConductService,
    private readonly sessions: SessionCaptureService,
    private readonly liveSessions: LiveSessions,
    private readonly limits: LiveLimits,
    private readonly fair: FairDeal,
    private readonly voice: VoiceService,
  ) {}

  /**
   * The handshake: no token → a spectator; a bad token, a banned account or one more connection than the
   * account may hold (LIVE_SOCKETS_PER_USER, over every instance) → refused with a stable code.
   */
  afterInit(nsp: LiveNamespace): void {
    this.hub.attach(nsp);
    this.liveSessions.attach(nsp);
    nsp.use((socket, next) => {
      // auth.token (bare, or with the Bearer scheme in any case), else an Authorization header (non-browser clients)
      const fromAuth = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      const sent = fromAuth === undefined || fromAuth === null || fromAuth === '' ? socket.handshake.headers.authorization : fromAuth;
      socket.data.windowStart = 0;
      socket.data.actionsInWindow = 0;
      if (sent === undefined || sent === null || sent === '') {
        socket.data.userId = null;
        socket.data.claims = null;
        return next();
      }
      const refuse = (body: ErrorBody) => next(Object.assign(new Error(body.code), { data: body }));
      if (typeof sent !== 'string') return refuse({ code: 'INVALID_TOKEN', message: 'The token is invalid or has expired; sign in again' });
      const token = bearerToken(sent) ?? sent;
      this.auth
        .verifyToken(token)
        .then(async ({ user, claims }) => {
          await this.liveSessions.admit(socket, user.id);
          return { user, claims };
        })
        .then(
          ({ user, claims }) => {
            socket.data.userId = user.id;
            // Verified just now: what later checks need of it (see userOf).
            socket.data.claims = claims;
            // anti-cheat evidence: the device fingerprint (hashed) and IP of this connection; never blocks it
            void this.sessions.record(user.id, (socket.handshake.auth as { fingerprint?: unknown }).fingerprint, socket.handshake.address, 'socket');
            // Hear the user room's channel, and tell every instance this player is here (their seats' views are rendered
            // from now on), before the connection is up: a view pushed right after it is not missed.
            void Promise.all([this.hub.listening(rooms.user(user.id)), this.hub.arrive(user.id)]).then(() => next());
          },
          (err: unknown) => refuse(this.errorBody(err)),
        );
    });
  }

  handleConnection(socket: LiveSocket): void {
    if (!socket.data.userId) return;
    void socket.join(rooms.user(socket.data.userId));
    this.liveSessions.connected(socket);
  }

  handleDisconnect(socket: LiveSocket): void {
    this.hub.gone(socket);
    const userId = socket.data.userId;
    if (userId) for (const gameId of socket.data.voice ?? []) void this.voice.leave(userId, gameId).catch(() => undefined);
    this.liveSessions.gone(socket);
  }

  @SubscribeMessage('join')
  join(@ConnectedSocket() socket: LiveSocket, @MessageBody() payload: unknown): Promise<Ack<JoinedGame>> {
    return this.answer(async () => {
      await this.limit(socket, 'join');
      const gameId = this.gameIdOf(payload);
      const since = (payload as { since?: unknown }).since;
      if (since !== undefined && (typeof since !== 'number' || !Number.isInteger(since) || since < 0 || since > 1_000_000)) {
        throw invalid('since must be a whole number (the last seq seen)', 'since');
      }
      // Join (and hear the room's channel) first, then read: a move in between arrives as an event with a higher seq, never lost.
      await socket.join(rooms.game(gameId));
      try {
        await this.hub.listening(rooms.game(gameId));
        const { view, missed, extras } = await this.games.viewSince(await this.userOf(socket, false), gameId, since ?? null, true);
        // No seat at this game: a spectator, so the moves' public views are rendered from now on (every instance is told first).
        if (view.seat === null) await this.hub.watch(socket, gameId);
        // What the game's table adds to a rejoin (TableHost.rejoined: a challenge table's open draw, so a rejoining client can pick).
        return { seq: (view.view as { version: number }).version, view, ...(missed ? { missed } : {}), ...extras };
      } catch (err) {
        await socket.leave(rooms.game(gameId));
        this.hub.unwatch(socket, gameId);
        throw err;
      }
    });
  }

  @SubscribeMessage('leave')
  leave(@ConnectedSocket() socket: LiveSocket, @MessageBody() payload: unknown): Promise<Ack<{ gameId: string }>> {
    return this.answer(async () => {
      await this.limit(socket, 'join');
      const gameId = this.gameIdOf(payload);
      await socket.leave(rooms.game(gameId));
      this.hub.unwatch(socket, gameId);
      return { gameId };
    });
  }

  @SubscribeMessage('watchChallenge')
  watchChallenge(@ConnectedSocket() socket: LiveSocket, @MessageBody() payload: unknown): Promise<Ack<{ challengeId: string }>> {
    return this.answer(async () => {
      await this.limit(socket, 'join');
      const challengeId = isObject(payload) ? payload.challengeId : undefined;
      if (typeof challengeId !== 'string' || !isUUID(challengeId)) throw invalid('challengeId must be a UUID', 'challengeId');
      await socket.join(rooms.challenge(challengeId));
      await this.hub.listening(rooms.challenge(challengeId));
      return { challengeId };
    });
  }

  /** A tied player's pick in a live 6-4/5-5 draw: the same service and checks as POST /tiebreaks/:id/picks. */
  @SubscribeMessage('tiebreak:pick')
  tiebreakPick(@ConnectedSocket() socket: LiveSocket, @MessageBody() payload: unknown): Promise<Ack<{ tiebreak: TiebreakPublicView }>> {
    return this.answer(async () => {
      await this.limit(socket, 'action');
      if (!isObject(payload)) throw invalid('the payload must be an object', 'payload');
      const { tiebreakId, position, ...rest } = payload;
      if (typeof tiebreakId !== 'string' || !isUUID(tiebreakId)) {
        throw new AppError('INVALID_ID', 'tiebreakId must be a UUID', [{ field: 'tiebreakId', problems: ['must be a UUID'] }]);
      }
      // The HTTP body's DTO and pipe: the same checks and VALIDATION_FAILED details.
      const dto = await this.validate({ position, ...rest }, TiebreakPickDto);
      const user = await this.userOf(socket, true);
      return { tiebreak: await this.flow.pickTile(user!.id, tiebreakId, dto.position) };
    });
  }

  /** Table chat: ConductService filters (and sanctions) before anything is delivered; the table's room and seats get `chat:message`. */
  @SubscribeMessage('chat')
  chat(@ConnectedSocket() socket: LiveSocket, @MessageBody() payload: unknown): Promise<Ack<{ message: ChatMessage }>> {
    return this.answer(async () => {
      await this.limit(socket, 'chat');
      const user = await this.userOf(socket, true);
      const gameId = this.gameIdOf(payload);
      const { text, requestId } = this.chatText(payload);
      const { message, recipients } = await this.conduct.chat(user!, gameId, text, requestId);
      this.live.emit(liveEmit([rooms.game(gameId), ...recipients.map((id) => rooms.user(id))], 'chat:message', message));
      return { message };
    });
  }

  /** Voice on at a table (VoiceService: seated, not a tournament table, someone to talk with, no chat restriction); the answer lists the peers to call. */
  @SubscribeMessage('voice:join')
  voiceJoin(@ConnectedSocket() socket: LiveSocket, @MessageBody() payload: unknown): Promise<Ack<VoiceJoined>> {
    return this.answer(async () => {
      await this.limit(socket, 'join');
      const user = await this.userOf(socket, true);
      const joined = await this.voice.join(user!, this.gameIdOf(payload));
      (socket.data.voice ??= new Set()).add(joined.gameId);
      return joined;
    });
  }

  @SubscribeMessage('voice:leave')
  voiceLeave(@ConnectedSocket() socket: LiveSocket, @MessageBody() payload: unknown): Promise<Ack<{ gameId: string }>> {
    return this.answer(async () => {
      await this.limit(socket, 'join');
      const user = await this.userOf(socket, true);
      const gameId = this.gameIdOf(payload);
      socket.data.voice?.delete(gameId);
      return this.voice.leave(user!.id, gameId);
    });
  }

  /** An offer, answer or ICE candidate for one person (size- and rate-limited): relayed to them alone as `voice:signal`, or refused and nothing relayed. */
  @SubscribeMessage('voice:signal')
  voiceSignal(@ConnectedSocket() socket: LiveSocket, @MessageBody() payload: unknown): Promise<Ack<{ gameId: string }>> {
    return this.answer(async () => {
      await this.limit(socket, 'voice');
      const user = await this.userOf(socket, true);
      if (!isObject(payload)) throw invalid('the payload must be an object', 'payload');
      return this.voice.signal(user!, payload);
    });
  }

  /** Team text at a partners table: the table chat's filter, delivered as `team:message` to the two partners only. */
  @SubscribeMessage('team:chat')
  teamChat(@ConnectedSocket() socket: LiveSocket, @MessageBody() payload: unknown): Promise<Ack<{ message: TeamMessage }>> {
    return this.answer(async () => {
      await this.limit(socket, 'chat');
      const user = await this.userOf(socket, true);
      const gameId = this.gameIdOf(payload);
      const { text, requestId } = this.chatText(payload);
      return this.voice.teamChat(user!, gameId, text, requestId);
    });
  }

  /** Deals no one can steer (issue 24): the page's contribution, the same service and checks as POST /games/:id/contribution. */
  @SubscribeMessage('contribute')
  contribute(@ConnectedSocket() socket: LiveSocket, @MessageBody() payload: unknown): Promise<Ack<ContributedGame>> {
    return this.answer(async () => {
      await this.limit(socket, 'action');
      const user = await this.userOf(socket, true);
      const gameId = this.gameIdOf(payload);
      const { contribution, seat } = payload as Record<string, unknown>;
      return this.fair.contribute(user!.id, gameId, { contribution, seat });
    });
  }

  @SubscribeMessage('action')
  action(@ConnectedSocket() socket: LiveSocket, @MessageBody() payload: unknown): Promise<Ack<ActedGame>> {
    return this.answer(async () => {
      await this.limit(socket, 'action');
      const user = await this.userOf(socket, true);
      const gameId = this.gameIdOf(payload);
      const { gameId: _id, ...body } = payload as Record<string, unknown>;
      const dto = await this.validate(body, GameActionDto);
      const view = await this.games.act(user!, gameId, dto);
      return { seq: (view.view as { version: number }).version, view };
    });
  }

  /**
   * An event that does work is counted against the account's limit over all its connections and
   * instances (LiveLimits, in Redis); actions and chat also against this connection's own one-second
   * window (in memory: it holds even when Redis does not answer).
   */
  private async limit(socket: LiveSocket, kind: LiveLimitKind): Promise<void> {
    const ended = socket.data.ended;
    if (ended) {
      // A session ended (LiveSessions): every event gets its refusal, then the socket is closed.
      this.liveSessions.end(socket, 'auth:revoked', ended, 0);
      throw new AppError(ended.code, ended.message);
    }
    // Voice signals come in bursts (a dozen ICE candidates at once): the account's Redis limit alone counts them.
    if (kind !== 'join' && kind !== 'voice') this.throttle(socket);
    await this.limits.take(kind, { userId: socket.data.userId, socketId: socket.id });
  }

  /** The HTTP body's pipe, after the depth bound the HTTP routes have (a payload nested thousands deep overflowed class-transformer's stack). */
  private async validate<T>(payload: unknown, metatype: new () => T): Promise<T> {
    assertPayloadDepth(payload);
    return (await this.validation.transform(payload, { type: 'body', metatype })) as T;
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
   * or "sign out everywhere" acts at once on open sockets too); undefined for a spectator. The
   * token's signature was verified at the handshake (AuthGuard.verifyToken) and a socket's token
   * never changes, so what can change is checked again by the guard's own rule
   * (AuthGuard.currentUser: the expiry, the account's token version, roles and status).
   */
  private async userOf(socket: LiveSocket, required: boolean): Promise<AuthUser | undefined> {
    const claims = socket.data.claims;
    if (!claims || !socket.data.userId) {
      if (required) throw new AppError('UNAUTHORIZED', 'Sign in first: connect with auth.token to play');
      return undefined;
    }
    try {
      return await this.auth.currentUser(claims);
    } catch (err) {
      if (err instanceof AppError) this.endSession(socket, err); // a refusal of the token or account (a database failure is not one)
      throw err;
    }
  }

  /**
   * A socket whose token no longer holds (expired, revoked — sign out everywhere, a password or role
   * change, a ban) and that sent an event before LiveSessions ended it (a change made directly in the
   * database, a lost message) is ended the same way and closed once the refusal has been acknowledged: it
   * stops receiving the user's private views, and the client reconnects with a fresh token.
   */
  private endSession(socket: LiveSocket, err: AppError): void {
    const expired = typeof socket.data.claims?.exp === 'number' && socket.data.claims.exp * 1000 <= Date.now();
    this.liveSessions.end(socket, expired ? 'auth:expired' : 'auth:revoked', this.errorBody(err), 0);
  }

  /** A chat message's text (1-500 characters, trimmed) and optional idempotency key. */
  private chatText(payload: unknown): { text: string; requestId?: string } {
    const { text, requestId } = payload as Record<string, unknown>;
    if (typeof text !== 'string' || text.trim().length < 1 || text.length > 500) throw invalid('text must be 1-500 characters', 'text');
    if (requestId !== undefined && (typeof requestId !== 'string' || requestId.length > 64)) throw invalid('requestId must be a string of at most 64 characters', 'requestId');
    return { text: text.trim(), requestId };
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
