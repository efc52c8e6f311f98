import type { NextFunction, Request, Response } from 'express';
import type { ErrorBody } from '@dcs/common';

// A NUL character, or half of a UTF-16 surrogate pair without its other half: neither is text, and PostgreSQL
// (text and jsonb alike) refuses both, which used to surface as a 500.
// eslint-disable-next-line no-control-regex -- finding the NUL character is the point
const MALFORMED = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The path (`a.b[0]`) of the first string, key or value, in `value` that is not well-formed text; null if none. */
export function malformedTextAt(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return MALFORMED.test(value) ? path || '(body)' : null;
  if (typeof value !== 'object' || value === null || depth > 32) return null;
  for (const [k, v] of Object.entries(value)) {
    const at = Array.isArray(value) ? `${path}[${k}]` : path ? `${path}.${k}` : k;
    if (MALFORMED.test(k)) return at;
    const inner = malformedTextAt(v, at, depth + 1);
    if (inner) return inner;
  }
  return null;
}

/** Express middleware after the JSON parser: a body or query string holding a NUL or a lone surrogate is a 400 before any handler. */
export function wellFormedText(req: Request, res: Response, next: NextFunction): void {
  const at = malformedTextAt(req.body) ?? malformedTextAt(req.query);
  if (!at) return next();
  res.status(400).json({
    code: 'VALIDATION_FAILED',
    message: `${at} contains a NUL character or an unpaired surrogate, which is not text`,
    details: [{ field: at, problems: ['must be well-formed text'] }],
  } satisfies ErrorBody);
}
