import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { AppConfig, AppError, notFound, RateLimitedError, REDIS } from '@dcs/common';
import { type AuditExportRow, type ChallengeResultRow, type ExportColumn, ExportsRepository, type StandingExportRow } from '@dcs/tournament';
import type { AuthUser } from '../common/decorators';
import type { CachePolicy } from '../common/http-cache';
import { RedisThrottlerStorage } from '../auth/redis-throttler.storage';
import { RankingsService } from '../rankings/rankings.service';
import { AUDIT_COLUMNS, CHALLENGE_RESULT_COLUMNS, type EliteSixSeat, STANDING_COLUMNS } from './export-columns';
import type { AuditExportQueryDto } from './exports.dto';

export type ExportFormat = 'csv' | 'json';

/** An export ready to stream: checks done, nothing read yet but what its header needs. */
export interface PreparedExport<Row> {
  /** the download's name without its extension: [a-z0-9-] only */
  filename: string;
  columns: ExportColumn<Row>[];
  /** the rows, read as they are written (a cursor) */
  rows: () => AsyncGenerator<Row>;
  /** public data: how long a browser or a CDN may keep it; null: a person's (no-store) */
  cache: Pick<CachePolicy, 'maxAge' | 'staleWhileRevalidate'> | null;
  /** what the content depends on, when known without reading it (a weak ETag is made of it) */
  version?: string;
}

/** A completed challenge's results change only with a correction: kept 5 minutes, served stale for a day while refetched. */
const RESULTS_CACHE = { maxAge: 300, staleWhileRevalidate: 86_400 };
/** Standings change with each completion or penalty: a minute, stale for 10 while refetched. */
const STANDINGS_CACHE = { maxAge: 60, staleWhileRevalidate: 600 };

/** Only [a-z0-9-] in a download's name (no quote, slash or control character can reach the header). */
const safeName = (...parts: (string | number)[]): string =>
  parts
    .map((p) => String(p).toLowerCase().replace(/[^a-z0-9]+/g, '-'))
    .join('-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 120);

/**
 * Exports for the organisations around the tables (docs/operations.md, "For organisers"): a completed
 * challenge's results and a season's standings for anyone, a city's audit log for its directors and
 * admins. Each is checked here, then streamed from a database cursor by the controller. Exports are
 * limited per client address (EXPORT_RATE_LIMIT, Redis) and per instance (EXPORT_CONCURRENCY streams at once).
 */
@Injectable()
export class ExportsService {
  private readonly throttle: RedisThrottlerStorage;
  private streaming = 0;

  constructor(
    private readonly repo: ExportsRepository,
    private readonly rankings: RankingsService,
    private readonly config: AppConfig,
    @Inject(REDIS) redis: Redis,
  ) {
    this.throttle = new RedisThrottlerStorage(redis, config);
  }

  /** `?format=` when given (csv or json, else 400 EXPORT_FORMAT_UNSUPPORTED); otherwise CSV when Accept asks for text/csv, JSON for anything else. */
  format(asked: string | undefined, accept: string | undefined): ExportFormat {
    if (asked !== undefined) {
      const f = asked.trim().toLowerCase();
      if (f === 'csv' || f === 'json') return f;
      throw new AppError('EXPORT_FORMAT_UNSUPPORTED', 'An export is csv or json (?format=csv or ?format=json)', { format: asked.slice(0, 20) });
    }
    return /\btext\/csv\b/i.test(accept ?? '') ? 'csv' : 'json';
  }

  /** Counts one export from this client address; RATE_LIMITED (with Retry-After) beyond EXPORT_RATE_LIMIT a minute. */
  async limit(address: string): Promise<void> {
    const windowMs = 60_000;
    const hit = await this.throttle.increment(address, windowMs, this.config.EXPORT_RATE_LIMIT, windowMs, 'export-address');
    if (hit.isBlocked) throw new RateLimitedError(Math.max(1, hit.timeToBlockExpire), 'Too many exports from your address; try again in a minute');
  }

  /** Takes one of this instance's EXPORT_CONCURRENCY streams (EXPORTS_BUSY when none is free); call the answer once the stream ends. */
  slot(): () => void {
    if (this.streaming >= this.config.EXPORT_CONCURRENCY) throw new AppError('EXPORTS_BUSY', 'Too many exports are streaming right now; try again in a few seconds');
    this.streaming += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.streaming -= 1;
    };
  }

  /** A completed challenge's placements (public). */
  async challengeResults(challengeId: string): Promise<PreparedExport<ChallengeResultRow>> {
    const challenge = await this.repo.challenge(challengeId);
    if (!challenge) throw notFound('Challenge', challengeId);
    if (challenge.status !== 'completed') {
      throw new AppError('CHALLENGE_NOT_COMPLETED', 'Results are exported once the challenge has completed', { status: challenge.status });
    }
    return {
      filename: safeName('dcs-challenge', challenge.localDate, challengeId.slice(0, 8), 'results'),
      columns: CHALLENGE_RESULT_COLUMNS(challengeId, challenge.localDate),
      rows: () => this.repo.challengeResults(challengeId),
      cache: RESULTS_CACHE,
    };
  }

  /** A season's standings with every tiebreaker column and the Elite Six (public). */
  async standings(cityId: string, seasonId: string): Promise<PreparedExport<StandingExportRow>> {
    let season = await this.repo.season(cityId, seasonId);
    if (!season) throw notFound('Season', seasonId);
    if (!season.standingsAt) {
      // never stored yet: the standings read stores them (as the page does)
      await this.rankings.standings(cityId, seasonId, { page: 1, pageSize: 1 });
      season = (await this.repo.season(cityId, seasonId))!;
    }
    const six = await this.rankings.eliteSix(cityId, seasonId);
    const seats = new Map<string, EliteSixSeat>(six.qualifiers.map((q) => [q.playerId, { seed: q.seed, benefit: q.benefit }]));
    const sixKey = six.qualifiers.map((q) => `${q.seed}:${q.playerId}`).join(',');
    return {
      filename: safeName('dcs-season', season.number, seasonId.slice(0, 8), 'standings'),
      columns: STANDING_COLUMNS(seats),
      rows: () => this.repo.seasonStandings(seasonId),
      cache: STANDINGS_CACHE,
      version: `${season.status}-${season.standingsAt?.getTime() ?? 0}-${hash(sixKey)}`,
    };
  }

  /** A city's audit log, oldest first: what its directors read of the log (a director of the city, or an admin; anyone else NOT_YOUR_CITY). */
  async cityAudit(user: AuthUser, cityId: string, q: AuditExportQueryDto): Promise<PreparedExport<AuditExportRow>> {
    await this.repo.assertDirects(user.id, cityId);
    if (!(await this.repo.cityExists(cityId))) throw notFound('City', cityId);
    const from = q.from ? new Date(q.from) : null;
    const to = q.to ? new Date(q.to) : null;
    return {
      filename: safeName('dcs-city', cityId.slice(0, 8), 'audit-log'),
      columns: AUDIT_COLUMNS,
      rows: () => this.repo.cityAudit(cityId, from, to),
      cache: null,
    };
  }
}

/** A short stable digest of a string (FNV-1a), for an ETag's part. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(36);
}
