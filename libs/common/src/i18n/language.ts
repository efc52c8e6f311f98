/**
 * The languages the platform speaks (issue 24) and how a request picks one: the account's own choice
 * first, then the browser's Accept-Language (the first of ours it names, by its q weights), else English.
 */
import { ERROR_MESSAGES_ES } from './error-messages.es';

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

export function isLanguage(x: unknown): x is Language {
  return typeof x === 'string' && (LANGUAGES as readonly string[]).includes(x);
}

/** The language of an Accept-Language header (RFC 9110: tags with q weights), or null when it names none of ours. */
export function languageFromHeader(header: string | undefined | null): Language | null {
  if (!header || header.length > 512) return null;
  const ranked = header
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { primary: tag.trim().toLowerCase().split('-')[0], weight: Number.isFinite(weight) ? weight : 0, i };
    })
    .filter((t) => t.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.i - b.i);
  for (const t of ranked) if (isLanguage(t.primary)) return t.primary;
  return null;
}

export function pickLanguage(account: string | null | undefined, acceptLanguage: string | null | undefined): Language {
  if (isLanguage(account)) return account;
  return languageFromHeader(acceptLanguage) ?? 'en';
}

/** An error body's message in `language` (the code and the details stay as they are). */
export function localizeErrorMessage(code: string, message: string, language: Language): string {
  if (language === 'es') return ERROR_MESSAGES_ES[code] ?? message;
  return message;
}
