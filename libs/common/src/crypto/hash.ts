import { createHash } from 'node:crypto';

/** SHA-256 of a text, as lower-case hex (a deal's published seed hash, a device fingerprint, a draw's seed). */
export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
