import { HttpException, HttpStatus } from '@nestjs/common';

export type { ErrorBody } from './error-body';
import type { ErrorBody } from './error-body';

/** An error with a stable code; the exception filter turns it into an ErrorBody. */
export class AppError extends HttpException {
  constructor(
    readonly code: string,
    message: string,
    status: HttpStatus,
    readonly details?: unknown,
  ) {
    super({ code, message, details } satisfies ErrorBody, status);
  }
}

export const notFound = (what: string, id?: string) =>
  new AppError('NOT_FOUND', id ? `${what} ${id} was not found` : `${what} was not found`, HttpStatus.NOT_FOUND);

/** 429 RATE_LIMITED; the exception filter adds `Retry-After: retryAfterSeconds`. */
export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message = 'Too many attempts; wait a minute and try again',
  ) {
    super('RATE_LIMITED', message, HttpStatus.TOO_MANY_REQUESTS);
  }
}
