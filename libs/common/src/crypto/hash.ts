import { createHash, randomBytes } from 'node:crypto';

/** SHA-256 of a text, as lower-case hex (a deal's published seed hash, a device fingerprint, a draw's seed). */
export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * A secret draw's seed (hex, `bytes` long): fresh randomness, or with a rehearsal seed (AppConfig.REHEARSAL_SEED,
 * benches and tests only) derived from it and the draw's `place`, so a rehearsal played again draws the same.
 */
export function secretSeed(rehearsal: string, place: string, bytes = 32): string {
  if (!rehearsal) return randomBytes(bytes).toString('hex');
  let out = '';
  for (let i = 0; out.length < bytes * 2; i++) out += sha256(`${rehearsal}:${place}:${i}`);
  return out.slice(0, bytes * 2);
}
