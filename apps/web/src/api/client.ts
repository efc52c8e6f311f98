import createClient from 'openapi-fetch';
import type { paths } from './schema';
import { readToken } from '../auth/token';

/** The typed API client: paths, parameters and bodies from the OpenAPI document (schema.d.ts). */
export const api = createClient<paths>({ baseUrl: '' });

api.use({
  onRequest({ request }) {
    const token = readToken();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
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

function toApiError(status: number, body: unknown): ApiError {
  if (body && typeof body === 'object' && 'code' in body && 'message' in body) {
    const b = body as { code: unknown; message: unknown; details?: unknown };
    return new ApiError(status, String(b.code), String(b.message), b.details);
  }
  return new ApiError(status, status === 0 ? 'NETWORK' : 'HTTP_ERROR', `The server answered ${status}.`);
}

/**
 * Awaits an openapi-fetch call and returns its body as `T`, or throws an ApiError.
 * `T` is needed while the document leaves responses undeclared (see ./types.ts).
 */
export async function unwrap<T>(call: Promise<{ data?: unknown; error?: unknown; response: Response }>): Promise<T> {
  let res: { data?: unknown; error?: unknown; response: Response };
  try {
    res = await call;
  } catch {
    throw new ApiError(0, 'NETWORK', 'The platform cannot be reached. Check your connection and try again.');
  }
  if (!res.response.ok) throw toApiError(res.response.status, res.error);
  return res.data as T;
}
