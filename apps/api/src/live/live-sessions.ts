import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';
import { AppConfig, AppError, type ErrorBody, REDIS } from '@dcs/common';
import { LIVE_PROTOCOL, LiveEmitter, liveRooms, sessionsChannel, type SessionsChanged } from '@dcs/tournament';
import { assertTokenCurrent, invalidToken, type TokenPayload } from '../common/auth.guard';
import { errorResponse } from '../common/all-exceptions.filter';
import { LiveHub } from './live-hub';
import type { LiveNamespace, LiveSocket } from './live.events';

/** How long a socket stays counted without a renewal (LIVE_PRESENCE_RENEW_MS apart): an instance that died stops counting after this many renewal periods. */
const SOCKET_COUNT_TTL_RENEWALS = 3;
/** How long a token change heard here is kept, for a handshake that verified its token just before the change arrived. */
const CHANGE_MEMORY_MS = 60_000;
/**
 * How long a socket told that its session ended may stay open before the server closes it (a client closes
 * it itself on the event): its events in flight are answered with the refusal meanwhile, not left unanswered.
 * It is in no room from the moment it is told, so nothing is pushed to it.
 */
export const SESSION_END_GRACE_MS = 3000;
/** setTimeout's longest delay: a later expiry is looked at again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

// The account's sockets on every instance: a sorted set of `<instance>:<socket id>`, each scored with the time
// (Redis's clock, so every instance counts alike) it stops counting unless renewed. Drops the lapsed, then
// adds the socket only while fewer than the limit remain. 1: admitted, 0: refused.
const ADMIT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
`;

// Renews an instance's sockets of one account (XX: one that has lapsed, or was removed meanwhile, is not put back).
// (`until` is a Lua keyword: a variable of that name made the script fail to compile, so no socket was ever renewed.)
export const RENEW = `
local t = redis.call('TIME')
local lapses = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) + tonumber(ARGV[1])
for i = 2, #ARGV do redis.call('ZADD', KEYS[1], 'XX', lapses, ARGV[i]) end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1
`;

/**
 * The refusal a socket's token gets from its account as a change left it, or null while it is still
 * admitted (a token issued after the change, e.g. the one a password change answers). AuthGuard's own
 * rule (assertTokenCurrent), so the socket is told what its next request would be answered.
 */
export function refusalOf(claims: Pick<TokenPayload, 'tv' | 'roles'>, account: SessionsChanged): ErrorBody | null {
  try {
    // A token newer than the change (tv above it) is judged on the account's status alone.
    assertTokenCurrent(claims, { ...account, tokenVersion: Math.max(claims.tv, account.tokenVersion) });
    return null;
  } catch (err) {
    return errorResponse(err).body;
  }
}

/**
 * The sessions behind the live sockets of this API instance (SPEC 7: "a socket's private views stop
 * when its token is revoked, expires or its roles change"):
 *
 * - **Revocations.** Whatever ends an account's tokens (sign out everywhere, a password or role change)
 *   calls LiveEmitter.sessionsChanged after its commit with the account's new token version: the instance
 *   that made it closes its sockets of that account at once, and every other instance hears it on the
 *   sessions channel and closes its own — each socket whose token the account no longer admits is sent
 *   `auth:revoked` (the refusal's error body) and disconnected, so it leaves every room before the next
 *   push. A change heard here is remembered for a minute, so a handshake that verified its token just
 *   before is closed as it connects.
 * - **Expiry.** Each signed-in socket is closed with `auth:expired` when its token's `exp` passes.
 * - **How many.** An account holds at most LIVE_SOCKETS_PER_USER sockets over all instances, counted in
 *   Redis; each entry lapses unless its instance renews it (every LIVE_PRESENCE_RENEW_MS), so the sockets
 *   of an instance that died stop counting after three renewal periods. Without Redis a connection is let in
 *   uncounted (the live path is down then anyway; a limit that locked every player out would be worse).
 */
@Injectable()
export class LiveSessions implements OnApplicationShutdown {
  private readonly logger = new Logger(LiveSessions.name);
  private nsp: LiveNamespace | null = null;
  /** account → the latest token change heard, and when */
  private readonly heardChanges = new Map<string, { change: SessionsChanged; at: number }>();
  /** this instance's counted sockets: socket id → account */
  private readonly counted = new Map<string, string>();
  private timer: NodeJS.Timeout | null = null;
  private warned = false;
  private renewWarned = false;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly config: AppConfig,
    private readonly emitter: LiveEmitter,
    private readonly hub: LiveHub,
  ) {}

  /** Called once the gateway's namespace exists, after LiveHub.attach (its connection hears the sessions channel). */
  attach(nsp: LiveNamespace): void {
    if (this.nsp) return;
    this.nsp = nsp;
    this.emitter.endSessionsLocally((change) => this.changed(change));
    void this.hub.hear(sessionsChannel(this.config.QUEUE_PREFIX), (message) => this.heard(message));
    this.timer = setInterval(() => void this.renew(), this.config.LIVE_PRESENCE_RENEW_MS);
    this.timer.unref();
  }

  /** At the handshake: counts the socket against the account's LIVE_SOCKETS_PER_USER; throws TOO_MANY_CONNECTIONS beyond it. */
  async admit(socket: LiveSocket, userId: string): Promise<void> {
    const limit = this.config.LIVE_SOCKETS_PER_USER;
    let admitted: unknown;
    try {
      admitted = await this.redis.eval(ADMIT, 1, this.countKey(userId), this.member(socket.id), limit, this.ttlMs());
      this.warned = false;
    } catch (err) {
      if (!this.warned) this.logger.warn(`live socket count unavailable (${(err as Error).message}); connections are let in uncounted`);
      this.warned = true;
      return;
    }
    if (admitted !== 1) {
      throw new AppError('TOO_MANY_CONNECTIONS', `At most ${limit} live connections per account at once; close another tab or device and try again`);
    }
    socket.data.counted = true;
  }

  /** The connection is up (in its user room): a token change heard meanwhile closes it; its expiry is set; it is renewed in the count. */
  connected(socket: LiveSocket): void {
    const { userId, claims } = socket.data;
    if (!userId || !claims) return;
    if (socket.data.counted) this.counted.set(socket.id, userId);
    const heard = this.heardChanges.get(userId);
    const refusal = heard ? refusalOf(claims, heard.change) : null;
    if (refusal) return this.end(socket, 'auth:revoked', refusal);
    this.expireAt(socket, claims);
  }

  /** The socket disconnected: its timers and its place in the count go. */
  gone(socket: LiveSocket): void {
    clearTimeout(socket.data.expiry);
    clearTimeout(socket.data.closing);
    const userId = this.counted.get(socket.id);
    if (!userId) return;
    this.counted.delete(socket.id);
    this.redis.zrem(this.countKey(userId), this.member(socket.id)).catch(() => 0);
  }

  /**
   * Ends the socket's session: it leaves every room at once, so nothing pushed after this reaches it;
   * it is told why (`event`, the refusal's body); every later event of it is answered with that refusal
   * (LiveGateway); and it is closed in `closeInMs` (SESSION_END_GRACE_MS, or at once after answering an
   * event). The client signs in again and reconnects.
   */
  end(socket: LiveSocket, event: 'auth:revoked' | 'auth:expired', body: ErrorBody, closeInMs = SESSION_END_GRACE_MS): void {
    if (!socket.data.ended) {
      socket.data.ended = body;
      socket.data.userId = null;
      socket.data.claims = null;
      clearTimeout(socket.data.expiry);
      for (const room of [...socket.rooms]) if (room !== socket.id) void socket.leave(room);
      this.hub.gone(socket);
      socket.emit(event, body);
    } else if (socket.data.closing && closeInMs > 0) return; // already closing
    clearTimeout(socket.data.closing);
    socket.data.closing = setTimeout(() => socket.disconnect(true), closeInMs);
  }

  /** Closes the socket when its token's `exp` passes (the same moment AuthGuard starts refusing it). */
  private expireAt(socket: LiveSocket, claims: TokenPayload): void {
    const exp = claims.exp;
    if (typeof exp !== 'number') return;
    const ms = exp * 1000 - Date.now();
    socket.data.expiry = setTimeout(
      () => {
        if (socket.data.claims !== claims) return; // ended otherwise meanwhile
        if (exp * 1000 > Date.now()) return this.expireAt(socket, claims); // further off than one timer can wait
        this.end(socket, 'auth:expired', errorResponse(invalidToken()).body);
      },
      Math.min(Math.max(ms, 0), MAX_TIMER_MS),
    );
    socket.data.expiry.unref();
  }

  /** Another instance's word: an account's tokens changed. */
  private heard(message: string): void {
    let m: Partial<SessionsChanged> & { v?: unknown; from?: unknown };
    try {
      m = JSON.parse(message) as typeof m;
    } catch {
      return;
    }
    if (m?.v !== LIVE_PROTOCOL || m.from === this.emitter.origin) return; // ours: handled when it was made
    if (typeof m.userId !== 'string' || typeof m.tokenVersion !== 'number' || !Array.isArray(m.roles) || typeof m.status !== 'string') return;
    this.changed({ userId: m.userId, tokenVersion: m.tokenVersion, roles: m.roles, status: m.status });
  }

  /** An account's tokens changed: every socket of it here whose token the account no longer admits is told why and closed. */
  private changed(change: SessionsChanged): void {
    const known = this.heardChanges.get(change.userId);
    if (!known || known.change.tokenVersion <= change.tokenVersion) this.heardChanges.set(change.userId, { change, at: Date.now() });
    const nsp = this.nsp;
    if (!nsp) return;
    for (const id of [...(nsp.adapter.rooms.get(liveRooms.user(change.userId)) ?? [])]) {
      const socket = nsp.sockets.get(id);
      const claims = socket?.data.claims;
      if (!socket || !claims) continue;
      const refusal = refusalOf(claims, change);
      if (refusal) this.end(socket, 'auth:revoked', refusal);
    }
  }

  /** The heartbeat: renews this instance's sockets in the counts, forgets old token changes. */
  private async renew(): Promise<void> {
    const old = Date.now() - CHANGE_MEMORY_MS;
    for (const [userId, h] of this.heardChanges) if (h.at < old) this.heardChanges.delete(userId);
    if (!this.counted.size) return;
    const byUser = new Map<string, string[]>();
    for (const [socketId, userId] of this.counted) {
      const members = byUser.get(userId) ?? [];
      members.push(this.member(socketId));
      byUser.set(userId, members);
    }
    const pipeline = this.redis.pipeline();
    for (const [userId, members] of byUser) pipeline.eval(RENEW, 1, this.countKey(userId), this.ttlMs(), ...members);
    const results = await pipeline.exec().catch((err: Error) => [[err, null] as [Error, null]]);
    const failed = (results ?? []).find(([err]) => err)?.[0];
    // A renewal that fails says so (once until one succeeds): silently, every counted socket lapsed and showed as gone.
    if (failed && !this.renewWarned) this.logger.warn(`live socket renewal failed (${failed.message}); sockets stop counting after ${this.ttlMs()} ms`);
    this.renewWarned = !!failed;
  }

  private ttlMs(): number {
    return SOCKET_COUNT_TTL_RENEWALS * this.config.LIVE_PRESENCE_RENEW_MS;
  }

  private countKey(userId: string): string {
    return `${this.config.QUEUE_PREFIX}:live:sockets:${userId}`;
  }

  private member(socketId: string): string {
    return `${this.emitter.origin}:${socketId}`;
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.emitter.endSessionsLocally(null);
    this.nsp = null;
  }
}
