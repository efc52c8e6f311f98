export type { ErrorBody } from './error-body';

/**
 * A domain error: a stable code, a readable message and optional details. It knows nothing of HTTP:
 * the API's edge answers it with the status its code has in the catalogue (apps/api/src/common/error-status.ts,
 * docs/error-codes.md), a socket acknowledgement carries the same body, and the worker reads the code.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details?: object,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what: string, id?: string) => new AppError('NOT_FOUND', id ? `${what} ${id} was not found` : `${what} was not found`);

/** RATE_LIMITED; the API's exception filter adds `Retry-After: retryAfterSeconds`. */
export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message = 'Too many attempts; wait a minute and try again',
  ) {
    super('RATE_LIMITED', message);
  }
}
