/**
 * The one way a time is written for a person to read (issue 43): in their time zone and their language, the same in
 * the web app, a notice, an e-mail and a push ("Mon, Dec 14, 3:07 AM EST", "lun, 14 dic, 3:07 a.m. EST"). Pure: Intl
 * only, no clock, no framework; used by the API, the worker and the web app (its alias `@dcs/common/time`).
 */

/** The platform's cities are in the United States: dates, times and digits as written there, in English or Spanish. */
export const intlLocaleOf = (language: string | null | undefined): 'en-US' | 'es-US' => (language === 'es' ? 'es-US' : 'en-US');

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * `full`: what a message or a page says ("Mon, Dec 14, 3:07 AM EST"); `short`: a dense table's cell, in the reader's own
 * zone ("Dec 14, 3:07 AM"); `dated`: a record's line, where the year matters (an audit log, a case's history: "Dec 14,
 * 2026, 3:07 AM").
 */
export type InstantStyle = 'full' | 'short' | 'dated';

const STYLES: Record<InstantStyle, Intl.DateTimeFormatOptions> = {
  full: { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
  short: { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  dated: { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
};

function format(locale: string, timeZone: string | undefined, style: InstantStyle): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone ?? ''} ${style}`;
  let f = formats.get(key);
  if (!f) {
    // one per language, zone and style, kept: building one loads the zone's data (milliseconds), and a page writes many times
    f = new Intl.DateTimeFormat(locale, { ...STYLES[style], timeZone });
    formats.set(key, f);
  }
  return f;
}

/**
 * An instant as a person reads it. `timeZone`: an IANA zone (the reader's); undefined = the runtime's own (a browser's
 * is the reader's), null = UTC; a zone the runtime does not know is written in UTC, never thrown.
 */
export function formatInstant(at: Date | string, opts: { timeZone?: string | null; language?: string | null; style?: InstantStyle } = {}): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(date.getTime())) return String(at);
  const locale = intlLocaleOf(opts.language);
  const zone = opts.timeZone === null ? 'UTC' : opts.timeZone;
  const style = opts.style ?? 'full';
  try {
    return format(locale, zone, style).format(date);
  } catch {
    return format(locale, 'UTC', style).format(date);
  }
}

/** An ISO instant as the notices write them (`2026-12-07T02:55:00.000Z`, `2026-12-14T03:07Z`). */
export const ISO_INSTANT = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z\b/g;

/**
 * Every ISO instant in a text written as the reader reads it. Notices are stored with instants (each reader has their
 * own zone: one stored text serves the page, the e-mail and the push), and every channel writes them through this.
 */
export function instantsInText(text: string, opts: { timeZone?: string | null; language?: string | null } = {}): string {
  return text.replace(ISO_INSTANT, (iso) => formatInstant(iso, opts));
}
