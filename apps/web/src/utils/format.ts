import { formatInstant, instantsInText } from '@dcs/common/time/instant-format';
import { intlLocale } from '../i18n/i18n';

const numbers = new Map<string, Intl.NumberFormat>();

const language = () => (intlLocale() === 'es-US' ? 'es' : 'en');

const ZONE_KEY = 'dcs.timeZone';
const storage = (): Storage | undefined => (typeof localStorage === 'undefined' ? undefined : localStorage);
// The zone last read from the account, kept across loads: the first render already writes times in it.
let readerZone: string | undefined = storage()?.getItem(ZONE_KEY) ?? undefined;

/**
 * The zone the page writes times in: the account's saved one (GET /api/me `timeZone`, its notification settings' — the
 * zone its e-mails and pushes are written in), set by the shell once the account is read and kept for the next load;
 * undefined (signed out, or none saved) is the browser's own. Answers the zone now in force.
 */
export function setReaderZone(zone: string | null | undefined): string | undefined {
  if ((zone ?? undefined) === readerZone) return readerZone;
  readerZone = zone ?? undefined;
  if (readerZone) storage()?.setItem(ZONE_KEY, readerZone);
  else storage()?.removeItem(ZONE_KEY);
  return readerZone;
}

/** The zone the page writes times in now (undefined: the browser's). */
export const currentReaderZone = (): string | undefined => readerZone;

/**
 * A date and time in the page's language and the reader's zone, or the zone given (a city's own, where the page says
 * so): "Sat, Jan 2, 12:00 PM EST", "sáb, 2 de ene, 12:00 p.m. EST". The one formatter the notices and the e-mails use
 * too (libs/common/src/time), so a time reads the same everywhere.
 */
export function formatDateTime(iso: string, timeZone?: string): string {
  return formatInstant(iso, { timeZone: timeZone ?? readerZone, language: language() });
}

/** A notice's text with every instant in it written as formatDateTime writes it (notices are stored with ISO instants). */
export function withLocalTimes(text: string): string {
  return instantsInText(text, { timeZone: readerZone, language: language() });
}

/** A date and time without the weekday and zone, in the reader's zone ("Jan 2, 12:00 PM"): the same formatter's short style, for dense tables. */
export function formatShortDateTime(iso: string): string {
  return formatInstant(iso, { timeZone: readerZone, language: language(), style: 'short' });
}

/** A record's date and time, with the year (an audit log's, a case's history: "Jan 2, 2026, 12:00 PM"), in the reader's zone. */
export function formatDatedTime(iso: string): string {
  return formatInstant(iso, { timeZone: readerZone, language: language(), style: 'dated' });
}

function numberFormat(kind: 'count' | 'money' | 'dollars'): Intl.NumberFormat {
  const locale = intlLocale();
  const key = `${locale} ${kind}`;
  let f = numbers.get(key);
  if (!f) {
    f =
      kind === 'count'
        ? new Intl.NumberFormat(locale, { maximumFractionDigits: 2 })
        : new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', minimumFractionDigits: kind === 'dollars' ? 0 : 2, maximumFractionDigits: 2 });
    numbers.set(key, f);
  }
  return f;
}

/** A number as people of the page's language read it ("12,345"). */
export function formatNumber(n: number): string {
  return numberFormat('count').format(n);
}

/** Cents as dollars ("$1,250", "$12.50": cents shown only when there are some). */
export function formatMoney(cents: number): string {
  return numberFormat(cents % 100 === 0 ? 'dollars' : 'money').format(cents / 100);
}

const EN_ORDINAL: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };
let enOrdinal: Intl.PluralRules | undefined;

/** A place as the page's language writes it: "1st", "22nd" in English; "1.º", "22.º" in Spanish. */
export function formatOrdinal(n: number): string {
  if (intlLocale() !== 'en-US') return `${n}.º`;
  enOrdinal ??= new Intl.PluralRules('en-US', { type: 'ordinal' });
  return `${n}${EN_ORDINAL[enOrdinal.select(n)] ?? 'th'}`;
}
