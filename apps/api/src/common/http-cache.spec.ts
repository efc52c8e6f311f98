import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { lastValueFrom, of } from 'rxjs';
import { HttpCacheInterceptor, PublicCache } from './http-cache';

class Routes {
  @PublicCache(60, 600)
  standings(): void {}

  @PublicCache(86_400, 604_800, (r: { seed: string | null }) => r.seed !== null)
  record(): void {}

  mine(): void {}
}

/** What the interceptor leaves on a response to `method handler` asked with these headers, the handler answering `body` (after setting `handlerSets`). */
async function answer(handler: keyof Routes, opts: { method?: string; authorization?: string; body?: unknown; handlerSets?: string } = {}): Promise<Record<string, string>> {
  const headers: Record<string, string> = {};
  const req = { method: opts.method ?? 'GET', headers: opts.authorization ? { authorization: opts.authorization } : {} };
  const res = {
    setHeader: (k: string, v: string) => (headers[k.toLowerCase()] = v),
    getHeader: (k: string) => headers[k.toLowerCase()],
  };
  const ctx = {
    getType: () => 'http',
    getHandler: () => Routes.prototype[handler],
    switchToHttp: () => ({ getRequest: () => req, getResponse: () => res }),
  } as unknown as ExecutionContext;
  const next: CallHandler = {
    handle: () => {
      if (opts.handlerSets) res.setHeader('Cache-Control', opts.handlerSets);
      return of(opts.body ?? {});
    },
  };
  await lastValueFrom(new HttpCacheInterceptor(new Reflector()).intercept(ctx, next));
  return headers;
}

describe('the one cache policy of the API reads', () => {
  it('lets a browser or a CDN keep an anonymous public read, varying on the credential', async () => {
    const h = await answer('standings');
    expect(h['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600');
    expect(h.vary).toBe('Authorization');
  });

  it('keeps the same read private when it is asked with a credential', async () => {
    const h = await answer('standings', { authorization: 'Bearer x' });
    expect(h['cache-control']).toBe('private, no-cache');
    expect(h['cache-control']).not.toMatch(/public/);
  });

  it('never stores an unmarked read, nor a marked one its condition refuses (a running game)', async () => {
    expect((await answer('mine'))['cache-control']).toBe('no-store');
    expect((await answer('record', { body: { seed: null } }))['cache-control']).toBe('no-store');
    expect((await answer('record', { body: { seed: 'abc' } }))['cache-control']).toBe('public, max-age=86400, stale-while-revalidate=604800');
  });

  it("keeps what a handler set itself and leaves writes alone", async () => {
    expect((await answer('mine', { handlerSets: 'public, max-age=300' }))['cache-control']).toBe('public, max-age=300');
    expect((await answer('standings', { method: 'POST' }))['cache-control']).toBeUndefined();
  });
});
