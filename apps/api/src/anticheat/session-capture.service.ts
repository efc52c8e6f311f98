import { Injectable, Logger } from '@nestjs/common';
import { type SessionSource, SessionsRepository } from './sessions.repository';
import { sha256 } from '@dcs/common';

export type { SessionSource };

/** Longest fingerprint accepted from a client (anything longer is cut before hashing). */
export const MAX_FINGERPRINT_LENGTH = 512;

/** SHA-256 (hex) of a client's device fingerprint: the raw value is never stored. */
export function hashFingerprint(raw: string): string {
  return sha256(`dcs-device:${raw.slice(0, MAX_FINGERPRINT_LENGTH)}`);
}

/**
 * Records, per sign-in and per socket connection, the hashed device fingerprint and the IP
 * address (user_sessions): the evidence of the linked-accounts signal. Capture never blocks
 * a sign-in: a failed write is logged and the session goes on.
 */
@Injectable()
export class SessionCaptureService {
  private readonly logger = new Logger(SessionCaptureService.name);

  constructor(private readonly sessions: SessionsRepository) {}

  async record(userId: string, fingerprint: unknown, ip: string | null | undefined, source: SessionSource): Promise<void> {
    const fp = typeof fingerprint === 'string' && fingerprint.trim() !== '' ? hashFingerprint(fingerprint.trim()) : null;
    const addr = normaliseIp(ip);
    if (!fp && !addr) return;
    try {
      await this.sessions.record({ userId, fingerprintHash: fp, ip: addr, source });
    } catch (err) {
      this.logger.warn(`could not record the ${source} session of ${userId}: ${(err as Error).message}`);
    }
  }
}

/** "::ffff:1.2.3.4" → "1.2.3.4"; empty → null. */
export function normaliseIp(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const v = ip.trim();
  if (v === '') return null;
  return v.startsWith('::ffff:') ? v.slice(7) : v;
}
