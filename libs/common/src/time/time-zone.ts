/**
 * Whether `zone` is an IANA time zone (Region/City, or UTC) that every format can write times in: the page, the
 * e-mails, the pushes and the calendar (`formatInstant` and luxon alike). Luxon alone accepts more ("UTC+3",
 * "local", "system") than Intl, which then throws where a time is written, so a zone is checked here, once.
 */
export function isIanaTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || zone.length > 64) return false;
  if (zone !== 'UTC' && !zone.includes('/')) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
