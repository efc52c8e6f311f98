import { createHmac, timingSafeEqual } from 'node:crypto';
import { formatInstant, instantsInText } from '@dcs/common/time/instant-format';
import type { Notice } from '../notifications/notices';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** the Message-ID without angle brackets: stable per message, so a resend is the same message to the inbox */
  messageId: string;
  headers: Record<string, string>;
}

/** A time as a player reads it, in their zone and language: the one formatter of the page too ("Sat, Dec 5, 11:55 AM EST"). */
export function localTime(at: Date | string, timeZone: string | null, language = 'en'): string {
  return formatInstant(at, { timeZone, language });
}

/** Every ISO instant in a notice's text written as the player reads it (e-mail, push and the page: the same words). */
export function localTimes(text: string, timeZone: string | null, language = 'en'): string {
  return instantsInText(text, { timeZone, language });
}

/** The words of a notice e-mail around the notice's own (issue 24: the recipient's language). */
const MAIL_WORDS = {
  en: {
    open: 'Open',
    times: (zone: string, url: string) => `Times are in ${zone} (change it in your notification settings: ${url}).`,
    stop: (url: string) => `Stop these e-mails: ${url}`,
  },
  es: {
    open: 'Abrir',
    times: (zone: string, url: string) => `Las horas están en ${zone} (puedes cambiarlo en tus ajustes de avisos: ${url}).`,
    stop: (url: string) => `Dejar de recibir estos correos: ${url}`,
  },
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** Where a notice takes the player in the web app (its table, its challenge, their cases, their wallet). */
export function noticePath(n: Pick<Notice, 'kind' | 'data'>): string {
  const d = n.data as Record<string, string | undefined>;
  if (d.tableId && (n.kind === 'table.seated' || n.kind === 'tiebreak.started')) return `/tables/${d.tableId}`;
  if (d.challengeId) return `/challenges/${d.challengeId}`;
  if (n.kind.startsWith('integrity.')) return '/me/record';
  if (n.kind.startsWith('wallet.')) return '/me/wallet';
  return '/me/notifications';
}

export interface Layout {
  publicUrl: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer: string[];
}

/** The one text + HTML layout of every e-mail the platform sends. */
export function layout(l: Layout): { text: string; html: string } {
  const text = [l.heading, '', ...l.paragraphs.flatMap((p) => [p, '']), ...(l.action ? [`${l.action.label}: ${l.action.url}`, ''] : []), '--', ...l.footer].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1a1a1a;max-width:560px;margin:0 auto;padding:16px">
<h1 style="font-size:20px">${escapeHtml(l.heading)}</h1>
${l.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${l.action ? `<p><a href="${escapeHtml(l.action.url)}" style="display:inline-block;background:#0b5cad;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(l.action.label)}</a></p>` : ''}
<hr><p style="font-size:12px;color:#555">${l.footer.map(escapeHtml).join('<br>')}</p>
</body></html>`;
  return { text, html };
}

export interface NoticeMailInput {
  deliveryId: string;
  notice: Notice;
  to: string;
  timeZone: string | null;
  /** the recipient's language (users.locale): the notice's text is already in it, this words the rest */
  language?: string;
  publicUrl: string;
  /** the signed one-click unsubscribe URL (this kind, this channel) */
  unsubscribeUrl: string;
  mailDomain: string;
}

/** A notice as an e-mail: every time in it written in the player's zone, a link to act, one-click unsubscribe (RFC 8058). */
export function noticeMail(m: NoticeMailInput): MailMessage {
  const local = (s: string) => localTimes(s, m.timeZone, m.language);
  const words = m.language === 'es' ? MAIL_WORDS.es : MAIL_WORDS.en;
  const { text, html } = layout({
    publicUrl: m.publicUrl,
    heading: local(m.notice.title),
    paragraphs: [local(m.notice.body)],
    action: { label: words.open, url: `${m.publicUrl}${noticePath(m.notice)}` },
    footer: [words.times(m.timeZone ?? 'UTC', `${m.publicUrl}/me/settings/notifications`), words.stop(m.unsubscribeUrl.replace('/api/unsubscribe?', '/unsubscribe?'))],
  });
  return {
    to: m.to,
    subject: local(m.notice.title),
    text,
    html,
    messageId: `delivery-${m.deliveryId}@${m.mailDomain}`,
    headers: { 'List-Unsubscribe': `<${m.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** The signature of an unsubscribe link: HMAC-SHA256 over "userId:kind" with a key derived from the platform's secret. */
export function unsubscribeSignature(secret: string, userId: string, kind: string): string {
  const key = createHmac('sha256', secret).update('dcs-unsubscribe-v1').digest();
  return createHmac('sha256', key).update(`${userId}:${kind}`).digest('base64url');
}

export function unsubscribeUrl(publicUrl: string, secret: string, userId: string, kind: string): string {
  const q = new URLSearchParams({ u: userId, k: kind, s: unsubscribeSignature(secret, userId, kind) });
  return `${publicUrl}/api/unsubscribe?${q.toString()}`;
}

export function validUnsubscribe(secret: string, userId: string, kind: string, signature: string): boolean {
  const want = Buffer.from(unsubscribeSignature(secret, userId, kind));
  const got = Buffer.from(signature);
  return want.length === got.length && timingSafeEqual(want, got);
}
