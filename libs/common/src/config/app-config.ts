import 'reflect-metadata';
import { plainToInstance, Transform } from 'class-transformer';
import { IsIn, IsInt, IsString, Matches, Max, Min, MinLength, validateSync } from 'class-validator';
import { LiveSettings, toInt } from './live-settings';

import { corsProblems, trustProxyProblems } from './network-settings';

export { corsOrigins, trustProxySetting } from './network-settings';

/** The development default of JWT_SECRET: anyone can read it here, so anyone could sign an admin token with it. */
export const DEV_JWT_SECRET = 'dev-only-secret-change-me-0123456789abcdef';

/**
 * Secrets that have been committed to this repository (the default above, docker-compose.yml's old
 * placeholder): public values, refused in production however long they are.
 */
const PUBLIC_JWT_SECRETS = new Set([DEV_JWT_SECRET, 'change-me-to-a-long-random-secret-of-32-chars']);
/** Placeholder wording that says a value was never replaced. */
const PLACEHOLDER_SECRET = /change[-_ ]?me|dev[-_ ]?only|placeholder|your[-_ ]?secret/i;


/**
 * Every setting of the platform, read once from the environment and validated at boot.
 * Nothing else reads process.env. Defaults work on a developer machine. The live sockets' settings
 * are in LiveSettings (./live-settings.ts).
 */
export class AppConfig extends LiveSettings {
  @IsIn(['development', 'test', 'production'])
  NODE_ENV: 'development' | 'test' | 'production' = 'development';

  @Matches(/^postgres(ql)?:\/\/.+/, { message: 'DATABASE_URL must be a postgresql:// URL' })
  DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/dcs';

  @Matches(/^rediss?:\/\/.+/, { message: 'REDIS_URL must be a redis:// URL' })
  REDIS_URL = 'redis://127.0.0.1:6379';

  /** Prefix of every BullMQ key; lets several deployments (or test suites) share one Redis. */
  @Matches(/^[a-z0-9:_-]+$/i, { message: 'QUEUE_PREFIX may hold letters, digits, ":", "_" and "-"' })
  QUEUE_PREFIX = 'dcs';

  /** HS256 signing secret. The default is public (it is in this file): production refuses it (see productionProblems). */
  @IsString()
  @MinLength(32, { message: 'JWT_SECRET must be at least 32 characters' })
  JWT_SECRET = DEV_JWT_SECRET;

  @Transform(toInt)
  @IsInt()
  @Min(60)
  @Max(7 * 24 * 3600)
  JWT_TTL_SECONDS = 12 * 3600;

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  API_PORT = 3000;

  @IsString()
  API_HOST = '0.0.0.0';

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  /**
   * The pace of computer seats at house tables where a person sits: each waits its seeded think
   * time (10-40 % of its clock, SPEC 8.6) scaled by this per mille before it plays, so a person
   * can follow the computers' moves (250: 0.5-2 s on a 20 s clock). A table of computers alone
   * never waits (its consecutive turns are played in one job); 0 plays at bot speed everywhere
   * (tests).
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(1000)
  HOUSE_BOT_THINK_PERMILLE = 250;

  /**
   * At most this many consecutive computer turns in one worker job (a table of computers alone, or
   * computers with no pace); the rest goes to a new job at the back of the queue, so many such tables
   * share the worker's slots. 1 is one job a turn (bench/house.ts compares).
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000)
  HOUSE_BOT_CHAIN_MAX = 32;

  /**
   * A rehearsal's seed (benches and tests only; production refuses it): when set, every secret draw of a
   * challenge (the seeding draw, the bracket, each round's deals, each table's 6-4/5-5 draw) comes from
   * it and the draw's place (round and table) instead of fresh randomness, so the same challenge played
   * twice gets the same deals (bench/chaos.ts compares a run with faults against one without). Empty: random.
   */
  @IsString()
  REHEARSAL_SEED = '';

  /**
   * On SIGTERM the API reports itself draining on /health (503) and keeps serving for this long before
   * it stops accepting connections and closes its sockets (apps/api/src/drain): the interval of a load
   * balancer's active health check. 0 (the default) stops accepting at once, which a proxy with passive
   * checks (deploy/nginx.conf.template) sees as a refused connection and retries elsewhere.
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(60_000)
  SHUTDOWN_DRAIN_MS = 0;

  /**
   * The Prometheus endpoint (`GET /metrics`, prom-client) of this process on a port of its own, never on
   * the public API port: 0 (the default) serves none. Bound to METRICS_HOST (loopback by default), so only
   * the machine's own scraper (or one on the private network, with METRICS_HOST set) reads it.
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  METRICS_PORT = 0;

  @IsString()
  METRICS_HOST = '127.0.0.1';

  /**
   * Which proxies' X-Forwarded-For the API believes (Express's `trust proxy`): empty or `false` = none,
   * the client address is the connection's; `true` = any; a hop count (`1`); or a comma-separated list of
   * `loopback`, `linklocal`, `uniquelocal`, addresses and CIDR ranges. Checked by trustProxyProblems.
   */
  @IsString()
  TRUST_PROXY = '';

  /**
   * Browser origins (scheme://host[:port], comma-separated, exact) allowed to call the API and open
   * socket.io from another origin. Empty: none; the API and the web app it serves share one origin.
   */
  @Matches(/^\s*(https?:\/\/[^\s,/]+\s*(,\s*https?:\/\/[^\s,/]+\s*)*)?$/i, {
    message: 'CORS_ORIGINS must be comma-separated origins such as https://app.example.org (scheme and host, no path)',
  })
  CORS_ORIGINS = '';

  /** Password attempts allowed per account (login, password change, appeal with credentials) within LOGIN_RATE_WINDOW_SECONDS, from any address. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  LOGIN_RATE_LIMIT = 10;

  /** Password attempts allowed from one client address within LOGIN_RATE_WINDOW_SECONDS, whatever the accounts (password spraying). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  LOGIN_RATE_LIMIT_PER_ADDRESS = 20;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  LOGIN_RATE_WINDOW_SECONDS = 60;

  /** Registrations allowed from one client address within REGISTER_RATE_WINDOW_SECONDS (new accounts are cheap to script). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  REGISTER_RATE_LIMIT_PER_ADDRESS = 5;

  /** Registrations allowed from one network (an IPv4 /24, an IPv6 /64) within REGISTER_RATE_WINDOW_SECONDS: rotating addresses inside one network gives no fresh budget. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  REGISTER_RATE_LIMIT_PER_NETWORK = 20;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  REGISTER_RATE_WINDOW_SECONDS = 3600;

  /** How often the anti-cheat scan runs: queues finished games not yet analysed, rescans pairs and linked accounts. */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  ANTICHEAT_SCAN_INTERVAL_MS = 60 * 1000;

  /**
   * Deals no one can steer (issue 24): how long each seated person's page has to send its random
   * contribution before the first deal (a seat that sends none contributes ''). 0: no window, the
   * game is dealt at once from the server's seed alone (as before issue 24).
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  CONTRIBUTION_WINDOW_MS = 5000;

  /** How often the post-game analysis scan runs: queues a review for every finished game that has none (issue 24). */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  REVIEW_SCAN_INTERVAL_MS = 10 * 1000;

  /** How far back (days) a player's anti-cheat evidence and the scan's linked-accounts check reach. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  ANTICHEAT_WINDOW_DAYS = 365;

  /** How often the worker's maintenance sweep runs. */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  MAINTENANCE_INTERVAL_MS = 5 * 60 * 1000;

  /** How often the worker's schedule sweep runs (creates the coming challenges, re-queues their timers). */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  SCHEDULE_SWEEP_INTERVAL_MS = 10 * 60 * 1000;

  /**
   * The break between a round's last decided table (its draws closed) and the next round's seating,
   * copied into each challenge when it is created (SPEC 3.4's decision: 2 minutes). 0 seats the
   * next round at once.
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(3600)
  ROUND_BREAK_SECONDS = 120;

  /** Holidays skipped when counting an appeal's 14 business days: comma-separated YYYY-MM-DD (UTC calendar dates). */
  @Matches(/^(\d{4}-\d{2}-\d{2}(,\d{4}-\d{2}-\d{2})*)?$/, { message: 'APPEAL_HOLIDAYS must be comma-separated YYYY-MM-DD dates' })
  APPEAL_HOLIDAYS = '';

  /** The board is reminded of a pending appeal this many business days before its deadline. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(13)
  APPEAL_REMINDER_BUSINESS_DAYS = 2;

  /** How often the worker checks appeal deadlines (reminders, overdue marks). */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  APPEAL_SWEEP_INTERVAL_MS = 15 * 60 * 1000;

  /** Community reports one player may file within REPORT_RATE_WINDOW_SECONDS (merged duplicates count too). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  REPORT_RATE_LIMIT = 10;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  REPORT_RATE_WINDOW_SECONDS = 3600;

  /** Exports (CSV/JSON: results, standings, audit log) one client address may start a minute (each streams a whole table). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  EXPORT_RATE_LIMIT = 30;

  /** Exports one API instance streams at once (each holds a database connection of the pool's 10 while it streams); beyond: 503 EXPORTS_BUSY. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  EXPORT_CONCURRENCY = 3;

  /**
   * The largest prize pool (US cents) a director may give a challenge or a Regional (issue 36); above it
   * only an admin may, audited with the challenge. The tiers' own pools are the rules' and not limited by it.
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(1_000_000_000)
  PRIZE_POOL_CEILING_CENTS = 1_000_000;

  /** The platform's address as players open it: every link in an e-mail (verification, reset, unsubscribe, a table) starts with it. */
  @Matches(/^https?:\/\/[^\s/]+(\/[^\s]*)?$/i, { message: 'PUBLIC_URL must be an http(s):// URL' })
  PUBLIC_URL = 'http://localhost:3000';

  /** smtp(s)://user:pass@host:port for outgoing e-mail. Empty: messages are kept in the outbox table (admins read it at /admin/outbox). */
  @Matches(/^(smtps?:\/\/\S+)?$/i, { message: 'SMTP_URL must be empty or an smtp:// or smtps:// URL' })
  SMTP_URL = '';

  /** The From of every e-mail. */
  @IsString()
  @MinLength(3)
  MAIL_FROM = 'DCS Tournaments <no-reply@dcs.localhost>';

  /** Web Push VAPID keys (base64url; `npx web-push generate-vapid-keys`). `npm start` writes a pair for development; production refuses to start without them. */
  @IsString()
  VAPID_PUBLIC_KEY = '';

  @IsString()
  VAPID_PRIVATE_KEY = '';

  /**
   * The TURN relay's URLs for voice (comma-separated, e.g. `turn:turn.example.org:3478?transport=udp,turns:turn.example.org:5349`).
   * Empty: no ICE servers are handed out and the peers connect directly (one machine, tests).
   */
  @IsString()
  @Matches(/^$|^(turns?|stun):[^\s,]+(,(turns?|stun):[^\s,]+)*$/, { message: 'TURN_URLS must be comma-separated turn:, turns: or stun: URLs' })
  TURN_URLS = '';

  /** coturn's `static-auth-secret` (use-auth-secret): signs each user's short-lived TURN credentials. Required in production when TURN_URLS is set. */
  @IsString()
  TURN_SECRET = '';

  /** How long a TURN credential issued to a player lasts, in seconds. */
  @Transform(toInt)
  @IsInt()
  @Min(60)
  @Max(86_400)
  TURN_TTL_SECONDS = 600;

  /** The VAPID contact (mailto: or https:) push services may use to reach the operator. */
  @Matches(/^(mailto:|https:\/\/)\S+$/, { message: 'VAPID_SUBJECT must be a mailto: or https:// URL' })
  VAPID_SUBJECT = 'mailto:ops@dcs.localhost';

  /** A PEM file of a CA to trust for push endpoints besides the public ones (a private push relay; the tests' push service). */
  @IsString()
  PUSH_EXTRA_CA_FILE = '';

  /**
   * Tests only (production refuses it): `host:port` entries, comma-separated (`127.0.0.1:4443`, `[::1]:4444`),
   * that the outbound-request guard admits though their address or port is refused: the tests' own push
   * service on loopback. Every other outgoing request keeps the rules (docs/rules.md, "Outgoing requests").
   */
  @Matches(/^(\s*(\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}\s*(,\s*(\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}\s*)*)?$/i, {
    message: 'OUTBOUND_TEST_ALLOW must be comma-separated host:port entries such as 127.0.0.1:4443 or [::1]:4444',
  })
  OUTBOUND_TEST_ALLOW = '';

  /**
   * Tests only (production refuses it): `name=address` entries, comma-separated, that the outbound-request
   * guard's resolver answers itself before asking DNS (a test points a public-looking name at loopback).
   */
  @Matches(/^(\s*[a-z0-9.-]+=(\[?[0-9a-f:.]+\]?)\s*(,\s*[a-z0-9.-]+=(\[?[0-9a-f:.]+\]?)\s*)*)?$/i, {
    message: 'OUTBOUND_TEST_HOSTS must be comma-separated name=address entries such as push.example.test=127.0.0.1',
  })
  OUTBOUND_TEST_HOSTS = '';

  /** Password-reset e-mails one address (and one account) may ask for within ACCOUNT_MAIL_RATE_WINDOW_SECONDS; verification and change-of-address mails likewise. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  ACCOUNT_MAIL_RATE_LIMIT = 3;

  /** Account e-mails (of any address or account) asked for from one client address within ACCOUNT_MAIL_RATE_WINDOW_SECONDS. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  ACCOUNT_MAIL_RATE_LIMIT_PER_ADDRESS = 20;

  /**
   * Change-of-address links and "this address already has an account" notices one e-mail address (its `+tag`
   * ignored) may receive within ACCOUNT_MAIL_RATE_WINDOW_SECONDS, whoever asks (issue 36: mail bombing from many
   * accounts); beyond it nothing more is sent and the answer does not change.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  ACCOUNT_MAIL_RATE_LIMIT_PER_TARGET = 3;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  ACCOUNT_MAIL_RATE_WINDOW_SECONDS = 3600;

  /** How often each worker looks for deliveries that are due (new notifications, quiet hours ended). */
  @Transform(toInt)
  @IsInt()
  @Min(50)
  DELIVERY_POLL_MS = 500;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The keys of AppConfig, for documentation and for the docker-compose check. */
export const CONFIG_KEYS = Object.keys(new AppConfig()) as (keyof AppConfig)[];

/** Builds the typed config from an environment; throws ConfigError naming every bad setting. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const known: Record<string, string> = {};
  for (const key of CONFIG_KEYS) {
    const value = env[key];
    if (value !== undefined && value !== '') known[key] = value;
  }
  const config = plainToInstance(AppConfig, known, { exposeDefaultValues: true });
  const errors = validateSync(config, { whitelist: true, forbidUnknownValues: true });
  // A secret is never echoed, only its length.
  const got = (key: string) => (key === 'JWT_SECRET' ? `${env[key]?.length ?? 0} characters` : JSON.stringify(env[key]));
  const problems = errors.map((e) => `${e.property}: ${Object.values(e.constraints ?? {}).join('; ')} (got ${got(e.property)})`);
  problems.push(...trustProxyProblems(config.TRUST_PROXY), ...corsProblems(config), ...productionProblems(config, known));
  if (problems.length) throw new ConfigError(problems);
  return config;
}

const GENERATE_SECRET = 'generate one with `openssl rand -base64 48` and set it in the environment (or .env for docker compose)';

/**
 * What production refuses beyond the per-setting checks: a JWT_SECRET that is missing (the public
 * default would sign every token), one committed to this repository or still a placeholder. A short
 * one is already refused everywhere by its own rule. The secret itself never appears in the message.
 */
function productionProblems(config: AppConfig, given: Record<string, string>): string[] {
  if (config.NODE_ENV !== 'production') return [];
  const rehearsal = config.REHEARSAL_SEED ? ['REHEARSAL_SEED: only for benches and tests; in production every deal and draw must be secret and fresh'] : [];
  const turn = config.TURN_URLS && config.TURN_SECRET.length < 32 ? ['TURN_SECRET: must be set in production when TURN_URLS is (coturn\'s static-auth-secret, at least 32 characters; `openssl rand -hex 32`)'] : [];
  const outbound = (['OUTBOUND_TEST_ALLOW', 'OUTBOUND_TEST_HOSTS'] as const)
    .filter((key) => config[key])
    .map((key) => `${key}: only for tests; in production every outgoing request keeps the outbound rules (https, port 443, public addresses only)`);
  return [...jwtSecretProblems(given), ...vapidProblems(config), ...rehearsal, ...turn, ...outbound];
}

function jwtSecretProblems(given: Record<string, string>): string[] {
  const secret = given.JWT_SECRET;
  if (secret === undefined) return [`JWT_SECRET: must be set in production, the built-in development value is public; ${GENERATE_SECRET}`];
  if (PUBLIC_JWT_SECRETS.has(secret) || PLACEHOLDER_SECRET.test(secret)) {
    return [`JWT_SECRET: is a publicly known default or placeholder, anyone could sign tokens with it; ${GENERATE_SECRET}`];
  }
  return [];
}

/** Production needs its own VAPID pair (Web Push): without one no push could be sent, and a development pair is not the operator's. */
function vapidProblems(config: AppConfig): string[] {
  const problems: string[] = [];
  if (!/^[A-Za-z0-9_-]{80,100}$/.test(config.VAPID_PUBLIC_KEY)) problems.push('VAPID_PUBLIC_KEY: must be set in production (a base64url P-256 public key); generate a pair with `npx web-push generate-vapid-keys`');
  if (!/^[A-Za-z0-9_-]{40,50}$/.test(config.VAPID_PRIVATE_KEY)) problems.push('VAPID_PRIVATE_KEY: must be set in production (a base64url P-256 private key)');
  return problems;
}

/** Loads the config or exits the process with a readable message (for main.ts). */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): AppConfig {
  try {
    return loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }
}
