import type { NextFunction, Request, Response } from 'express';
import { AppError, type ErrorBody } from '@dcs/common';

/**
 * How deep a request body, query or socket payload may nest (objects and arrays). Our deepest DTO
 * nests a handful of levels; class-transformer and class-validator recurse once per level, so a
 * body nested thousands of levels deep (30 kB of `[[[[…`) overflowed the stack inside validation
 * and answered 500 on every JSON route, the unauthenticated ones included.
 */
export const MAX_PAYLOAD_DEPTH = 32;

/** True when `value` nests objects/arrays deeper than `max`. Iterative (an explicit stack), so it cannot overflow itself. */
export function nestsDeeperThan(value: unknown, max = MAX_PAYLOAD_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v as Record<string, unknown>)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}

const message = `The payload nests objects or arrays more than ${MAX_PAYLOAD_DEPTH} levels deep`;

/** The socket events' form: thrown inside the gateway's handler, answered as the acknowledgement's error. */
export function assertPayloadDepth(value: unknown): void {
  if (nestsDeeperThan(value)) throw new AppError('PAYLOAD_TOO_DEEP', message);
}

/** Express middleware after the JSON parser, before any handler, pipe or class-transformer: a too-deep body or query is a 400. */
export function boundedDepth(req: Request, res: Response, next: NextFunction): void {
  if (!nestsDeeperThan(req.body) && !nestsDeeperThan(req.query)) return next();
  res.status(400).json({ code: 'PAYLOAD_TOO_DEEP', message } satisfies ErrorBody);
}
