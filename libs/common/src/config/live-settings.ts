import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, Max, Min } from 'class-validator';

/** An environment variable's text as a number (validated by the field's own rules). */
export const toInt = ({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value);

/** An environment variable's `true` / `false` as a boolean (anything else is left for @IsBoolean to refuse). */
const toBool = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);

/**
 * The live sockets' settings (socket.io, namespace /live): limits per account and the heartbeat. Part of
 * AppConfig (which extends this class), read and validated with it.
 */
export class LiveSettings {
  /**
   * Game actions (`action`, `tiebreak:pick`) one account may send per second over the live sockets,
   * all its connections on every API instance together (counted in Redis); one connection alone never
   * more. More are answered RATE_LIMITED.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  LIVE_ACTIONS_PER_SECOND = 20;

  /** Table chat messages one account may send in 10 seconds over all its live sockets and instances; more are answered RATE_LIMITED. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  LIVE_CHAT_PER_10_SECONDS = 10;

  /** Voice signalling messages (`voice:signal`: offers, answers, ICE candidates) one account may send in 10 seconds over all its live sockets and instances; more are answered RATE_LIMITED. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  LIVE_VOICE_SIGNALS_PER_10_SECONDS = 120;

  /** `join`, `leave` and `watchChallenge` events one account (a spectator: one connection) may send per second over all its live sockets and instances. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  LIVE_JOINS_PER_SECOND = 10;

  /** Live socket connections one account may hold at once over every API instance; one more is refused at the handshake (TOO_MANY_CONNECTIONS). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100)
  LIVE_SOCKETS_PER_USER = 5;

  /**
   * How often each API instance renews its sockets in the per-account counts in Redis (what the socket limit
   * and the directors' live health read). A socket stays counted for three periods without a renewal, so an
   * instance that died stops counting its sockets after 15 s by default.
   */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(60_000)
  LIVE_PRESENCE_RENEW_MS = 5000;

  /**
   * The live sockets' heartbeat: each API instance pings every socket this often, and a socket whose answer
   * has not come LIVE_PING_TIMEOUT_MS later is closed; a client that hears no ping for the sum of both
   * closes its side and reconnects. It is what notices a connection that died without a word — an API
   * machine lost (powered off, cut off the network: no close reaches the proxy, which keeps the client's
   * side open) or a client's network gone. An instance stopped or crashed on a running machine closes its
   * connections at once (the kernel does), so its clients never wait for this. socket.io's own values
   * (25 s + 20 s) by default: a busy client or instance (a stalled event loop) is never dropped for a late
   * answer. 2000 + 2500 bound a lost machine's clients by 5 s, at the price of a ping every 2 s per socket
   * and dropping a client whose network or event loop pauses 2.5 s.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(300_000)
  LIVE_PING_INTERVAL_MS = 25_000;

  /** See LIVE_PING_INTERVAL_MS: how long an instance waits for a socket's answer to its ping before it closes the socket. */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(300_000)
  LIVE_PING_TIMEOUT_MS = 20_000;

  /**
   * Whether the frames one socket is sent while one callback runs leave in one write (the TCP socket
   * corked until the callback and its continuations have run: apps/api/src/live/frame-coalescing.ts) rather than one write each. The
   * frames are the same either way; `false` is for measuring the difference (`LIVE_COALESCE_FRAMES=false npm run bench:live`: the bench passes its environment to the APIs).
   */
  @Transform(toBool)
  @IsBoolean()
  LIVE_COALESCE_FRAMES = true;
}
