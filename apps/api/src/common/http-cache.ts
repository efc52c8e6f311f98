import { applyDecorators, CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiHeader, ApiResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { map, type Observable } from 'rxjs';

/**
 * How long a public read may be kept by a browser or a CDN (docs/operations.md, "For organisers"):
 * `maxAge` seconds fresh, then served stale for up to `staleWhileRevalidate` seconds while it is
 * fetched again. `when` narrows it to some answers (a game's record once the game has ended).
 */
export interface CachePolicy {
  maxAge: number;
  staleWhileRevalidate: number;
  when?: (body: never) => boolean;
}

export const PUBLIC_CACHE = 'dcs:publicCache';

type PolicyArgs = [maxAge: number, staleWhileRevalidate: number, when?: CachePolicy['when']];

/**
 * Every cacheable public read's policy, in one table (seconds fresh, seconds served stale while
 * refetched), by how fast what it shows changes. The web app always revalidates (its client asks
 * `no-cache`, so a 304 costs a round trip and no body); a CDN or another site keeps it this long.
 */
export const CACHE = {
  /** cities and their seasons: changed by an admin or a director now and then */
  cities: [300, 3600],
  /** tiers: the rules' table */
  tiers: [3600, 86_400],
  /** a city's list of challenges: statuses move on a Saturday */
  challenges: [30, 300],
  /** a challenge and its registrations: check-in moves them minute by minute */
  challenge: [15, 120],
  /** a bracket: tables are decided through the afternoon (the live page follows sockets, not this) */
  bracket: [10, 60],
  /** standings, the Elite Six, a player's ranking, the Regionals, the NDT, the WDC: change with a completion */
  standings: [60, 600],
  /** a finished game's replay: never changes */
  finished: [86_400, 604_800],
  /** a game's record: cacheable once the game has ended (its seed revealed); while it runs, never */
  finishedRecord: [86_400, 604_800, (record: { seed: string | null }) => record.seed !== null],
} satisfies Record<string, PolicyArgs>;

/** What a response a shared cache must never keep says (an error, a person's data, an unmarked read). */
export const NO_STORE = 'no-store';
/** A public read asked with a credential: the browser may keep it for its person, revalidating each time (ETag, 304); never a CDN. */
export const PRIVATE_REVALIDATE = 'private, no-cache';

/** Whether the request carries a credential: its answer is a person's (a director sees ids, a reviewer's read is audited), never shared. */
export function hasCredential(req: Request): boolean {
  return req.headers.authorization !== undefined || (req as Request & { user?: unknown }).user !== undefined;
}

/** Adds a field to Vary without repeating it. */
export function addVary(res: Response, field: string): void {
  const current = String(res.getHeader('Vary') ?? '');
  const fields = current.split(',').map((f) => f.trim()).filter(Boolean);
  if (!fields.some((f) => f.toLowerCase() === field.toLowerCase())) res.setHeader('Vary', [...fields, field].join(', '));
}

/**
 * Sets Cache-Control for a cacheable public read: `public, max-age, stale-while-revalidate` for an
 * anonymous caller, `private, no-cache` for a signed-in one, with `Vary: Authorization` either way (a
 * shared cache keys on it and so never answers a signed-in request with an anonymous copy, nor the reverse).
 */
export function applyCachePolicy(req: Request, res: Response, policy: Pick<CachePolicy, 'maxAge' | 'staleWhileRevalidate'>): void {
  addVary(res, 'Authorization');
  res.setHeader('Cache-Control', hasCredential(req) ? PRIVATE_REVALIDATE : `public, max-age=${policy.maxAge}, stale-while-revalidate=${policy.staleWhileRevalidate}`);
}

/**
 * Marks a GET as a cacheable public read (the one place each route's policy is written). Its answer
 * carries an ETag (Express's, a digest of the body) and `304 Not Modified` answers a matching
 * `If-None-Match`, documented here for OpenAPI.
 */
export function PublicCache(maxAge: number, staleWhileRevalidate: number, when?: CachePolicy['when']): MethodDecorator {
  return applyDecorators(
    SetMetadata(PUBLIC_CACHE, { maxAge, staleWhileRevalidate, when } satisfies CachePolicy),
    ApiHeader({ name: 'If-None-Match', required: false, description: 'an ETag this read answered before: 304 when it still holds' }),
    ApiResponse({
      status: 304,
      description: `Not Modified: the ETag in If-None-Match still holds (no body). Anonymous answers are \`Cache-Control: public, max-age=${maxAge}, stale-while-revalidate=${staleWhileRevalidate}\` with \`Vary: Authorization\`; with a credential \`private, no-cache\``,
    }),
  );
}

/**
 * The one cache policy of the API's reads: every GET starts `no-store` (so an error or a person's data
 * is never kept by a shared cache); a route marked @PublicCache then says `public` for an anonymous
 * caller and `private, no-cache` for a signed-in one. A handler that sets its own Cache-Control
 * (a calendar feed, an export) keeps it.
 */
@Injectable()
export class HttpCacheInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'http') return next.handle();
    const req = ctx.switchToHttp().getRequest<Request>();
    const res = ctx.switchToHttp().getResponse<Response>();
    if (req.method !== 'GET' && req.method !== 'HEAD') return next.handle();
    res.setHeader('Cache-Control', NO_STORE);
    const policy = this.reflector.get<CachePolicy | undefined>(PUBLIC_CACHE, ctx.getHandler());
    if (!policy) return next.handle();
    return next.handle().pipe(
      map((body: unknown) => {
        if (res.getHeader('Cache-Control') === NO_STORE && (!policy.when || (policy.when as (b: unknown) => boolean)(body))) applyCachePolicy(req, res, policy);
        return body;
      }),
    );
  }
}
