import createClient from 'openapi-fetch';
import type { paths } from './schema';
import { readToken } from './token';
import { i18n, language } from '../i18n/i18n';
import { reportReachable } from './reachability';

/** The typed API client: paths, parameters and bodies from the OpenAPI document (schema.d.ts). */
export const api = createClient<paths>({ baseUrl: '' });

api.use({
  onRequest({ request }) {
    const token = readToken();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    // A visitor's error messages in the page's language (a signed-in account's language wins at the API).
    request.headers.set('Accept-Language', language());
    // Public reads may be kept by browsers and CDNs for a while (docs/operations.md, "For organisers"); the app
    // itself always asks again with the ETag it has (a 304 costs no body), so a page never shows an old answer.
    return request.method === 'GET' ? new Request(request, { cache: 'no-cache' }) : request;
  },
});

/** An API error body `{ code, message, details? }`, thrown so the query cache and error views see it. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function toApiError(status: number, body: unknown): ApiError {
  if (body && typeof body === 'object' && 'code' in body && 'message' in body) {
    const b = body as { code: unknown; message: unknown; details?: unknown };
    return new ApiError(status, String(b.code), String(b.message), b.details);
  }
  return new ApiError(status, status === 0 ? 'NETWORK' : 'HTTP_ERROR', i18n.t('said.httpError', { status }));
}

/**
 * Awaits an openapi-fetch call and returns its body, typed by the operation's declared 2xx response in
 * schema.d.ts (no type argument: the document declares every response), or throws an ApiError.
 */
export async function unwrap<D>(call: Promise<{ data?: D; error?: unknown; response: Response }>): Promise<D> {
  let res: { data?: D; error?: unknown; response: Response };
  try {
    res = await call;
  } catch {
    reportReachable(false);
    throw new ApiError(0, 'NETWORK', i18n.t('said.network'));
  }
  reportReachable(true);
  if (!res.response.ok) throw toApiError(res.response.status, res.error);
  return res.data as D;
}
