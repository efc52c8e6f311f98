import { Injectable, Logger } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import type { Agent } from 'node:https';
import { createSecureContext, rootCertificates } from 'node:tls';
import { getVapidHeaders, sendNotification, WebPushError } from 'web-push';
import { AppConfig, isOutboundRefused, OutboundGuard } from '@dcs/common';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the service worker shows (apps/web/public/sw.js). */
export interface PushPayload {
  id: string;
  kind: string;
  title: string;
  body: string;
  url: string;
}

/** gone: the push service says the subscription is no more; refused: its endpoint is one no request may reach (docs/rules.md, "Outgoing requests"). */
export type PushOutcome = 'sent' | 'gone' | 'refused';

/** Connections kept open to one push service (each carries one request at a time). */
const PUSH_SOCKETS = 64;
/** A VAPID token (RFC 8292) is signed for 12 hours and used for one: one ECDSA signature per push service an hour, not one a message. */
const VAPID_VALID_S = 12 * 3600;
const VAPID_REUSE_MS = 3600 * 1000;

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292), the payload encrypted for the subscription (RFC 8291,
 * aes128gcm) by the web-push package. 404/410: the subscription is gone (the caller removes it); an endpoint
 * the outbound guard refuses (by its URL, or by the address its name has when connecting) is no push
 * service, and is removed the same way, never retried; any other failure throws and the job is retried with backoff.
 */
@Injectable()
export class PushSender {
  private readonly logger = new Logger(PushSender.name);
  private readonly agent: Agent;
  /** the Authorization header per push service (its origin), and until when it is reused */
  private readonly vapid = new Map<string, { header: string; until: number }>();

  constructor(
    private readonly config: AppConfig,
    private readonly guard: OutboundGuard,
  ) {
    // A private push service's CA (tests, an on-premises relay) beside the public ones — in one TLS context
    // made once: given as `ca`, every new connection built a context of its own from the ~150 root
    // certificates (measured: the largest CPU cost of a 1,000-message reminder). Connections are kept and
    // capped, so a reminder to thousands reuses them rather than opening one a message.
    const secureContext = config.PUSH_EXTRA_CA_FILE ? createSecureContext({ ca: [...rootCertificates, readFileSync(config.PUSH_EXTRA_CA_FILE, 'utf8')] }) : undefined;
    // Every connection through the outbound guard: https on 443 to public addresses, a name's addresses checked as it connects.
    this.agent = guard.agent({ keepAlive: true, maxSockets: PUSH_SOCKETS, ...(secureContext ? { secureContext } : {}) });
  }

  get configured(): boolean {
    return this.config.VAPID_PUBLIC_KEY !== '' && this.config.VAPID_PRIVATE_KEY !== '';
  }

  private vapidHeader(audience: string): string {
    const now = Date.now();
    const kept = this.vapid.get(audience);
    if (kept && kept.until > now) return kept.header;
    const { Authorization } = getVapidHeaders(audience, this.config.VAPID_SUBJECT, this.config.VAPID_PUBLIC_KEY, this.config.VAPID_PRIVATE_KEY, 'aes128gcm', Math.floor(now / 1000) + VAPID_VALID_S);
    this.vapid.set(audience, { header: Authorization, until: now + VAPID_REUSE_MS });
    return Authorization;
  }

  async send(target: PushTarget, payload: PushPayload, ttlSeconds: number): Promise<PushOutcome> {
    // A subscription stored before the guard existed, or whose name now points inside: nothing is sent.
    const problem = this.guard.problem(target.endpoint);
    if (problem) return this.refused(problem);
    try {
      await sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(payload), {
        TTL: ttlSeconds,
        urgency: 'high',
        // the signed VAPID header of this push service, made once an hour (given vapidDetails, web-push signs one per
        // message); without vapidDetails (and no global ones: setVapidDetails is never called) it sends this header as is
        headers: { Authorization: this.vapidHeader(new URL(target.endpoint).origin) },
        agent: this.agent,
        timeout: 10_000,
      });
      return 'sent';
    } catch (err) {
      if (err instanceof WebPushError && (err.statusCode === 404 || err.statusCode === 410)) return 'gone';
      if (isOutboundRefused(err)) return this.refused((err as Error).message);
      this.logger.debug(`push to ${new URL(target.endpoint).host} failed: ${(err as Error).message}`);
      throw err;
    }
  }

  private refused(why: string): PushOutcome {
    this.logger.warn(`push endpoint refused, the device is removed: ${why}`);
    return 'refused';
  }
}
