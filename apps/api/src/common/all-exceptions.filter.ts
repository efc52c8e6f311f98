import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import type { NextFunction, Request, Response } from 'express';
import { AppError, localizeErrorMessage, pickLanguage, RateLimitedError, type ErrorBody } from '@dcs/common';
import { ERROR_STATUS } from './error-status';

const CODE_BY_STATUS: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

/** Turns every error into `{ code, message, details? }` with the right status. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const req = host.switchToHttp().getRequest<Request>();
    const { status, body } = errorResponse(exception);
    // The message follows the person's language (the account's, else the browser's); the code never changes.
    const account = (req as Request & { user?: { locale?: string | null } }).user?.locale;
    body.message = localizeErrorMessage(body.code, body.message, pickLanguage(account, req.headers?.['accept-language']));
    if (exception instanceof RateLimitedError) res.setHeader('Retry-After', String(exception.retryAfterSeconds));
    if (status >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    res.status(status).json(body);
  }
}

/** The status and `{ code, message, details? }` body of any error: HTTP responses and socket acknowledgements alike. */
export function errorResponse(exception: unknown): { status: number; body: ErrorBody } {
  if (exception instanceof ThrottlerException) {
    return { status: 429, body: { code: 'RATE_LIMITED', message: 'Too many attempts; wait a minute and try again' } };
  }
  if (exception instanceof AppError) {
    // A domain error: its code's status from the one table at the edge (a code missing there is a bug: 500, logged).
    const status: number = (ERROR_STATUS as Readonly<Record<string, number>>)[exception.code] ?? HttpStatus.INTERNAL_SERVER_ERROR;
    return { status, body: { code: exception.code, message: exception.message, ...(exception.details !== undefined ? { details: exception.details } : {}) } };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    if (typeof response === 'object' && response !== null && 'code' in response) {
      const r = response as ErrorBody;
      return { status, body: { code: r.code, message: r.message, ...(r.details !== undefined ? { details: r.details } : {}) } };
    }
    const message =
      typeof response === 'string'
        ? response
        : ((response as { message?: unknown }).message as string | undefined) ?? exception.message;
    return { status, body: { code: CODE_BY_STATUS[status] ?? `HTTP_${status}`, message: String(message) } };
  }
  if (isWriteConflict(exception)) {
    return {
      status: HttpStatus.CONFLICT,
      body: { code: 'TRY_AGAIN', message: 'Another change to the same data happened at the same moment; nothing was saved. Try again.' },
    };
  }
  // body-parser errors (malformed JSON, oversized body) carry a status and a type
  const e = exception as { status?: number; type?: string; message?: string };
  if (e && typeof e.status === 'number' && e.status >= 400 && e.status < 500) {
    return { status: e.status, body: { code: CODE_BY_STATUS[e.status] ?? `HTTP_${e.status}`, message: e.message ?? 'Bad request' } };
  }
  return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side' } };
}

const CONFLICT_SQLSTATES = new Set(['40P01', '40001']);

/**
 * A transaction PostgreSQL rolled back because it collided with another one (a deadlock, 40P01, or a
 * serialization failure, 40001): through Prisma's driver adapter P2034, or P2010 carrying the
 * SQLSTATE when the statement was a raw query (a `SELECT … FOR UPDATE` row lock), and from the
 * node-postgres hot path the SQLSTATE itself. Nothing was written, so the caller may simply send
 * the request again.
 */
export function isWriteConflict(exception: unknown): boolean {
  const e = exception as { code?: unknown; meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } } } | null;
  if (!e || typeof e.code !== 'string') return false;
  if (e.code === 'P2034' || CONFLICT_SQLSTATES.has(e.code)) return true;
  const sqlState = e.code === 'P2010' ? e.meta?.driverAdapterError?.cause?.originalCode : undefined;
  return typeof sqlState === 'string' && CONFLICT_SQLSTATES.has(sqlState);
}

/** Express error middleware for the JSON body parser (runs before Nest's routing). */
export function bodyErrorHandler(err: unknown, _req: Request, res: Response, next: NextFunction): void {
  const e = err as { type?: string; status?: number };
  if (e?.type === 'entity.parse.failed') {
    res.status(400).json({ code: 'MALFORMED_JSON', message: 'The request body is not valid JSON' } satisfies ErrorBody);
  } else if (e?.type === 'entity.too.large') {
    res.status(413).json({ code: 'PAYLOAD_TOO_LARGE', message: 'The request body is larger than 100 kB' } satisfies ErrorBody);
  } else if (e && typeof e.status === 'number' && e.status >= 400 && e.status < 500) {
    res.status(e.status).json({ code: CODE_BY_STATUS[e.status] ?? `HTTP_${e.status}`, message: 'The request body could not be read' } satisfies ErrorBody);
  } else {
    next(err);
  }
}
