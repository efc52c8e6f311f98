/**
 * Time as a person reads it: far off in days and hours ("2 days 5 h"), in hours and minutes within the
 * day ("5 h 12 min"), minutes and seconds only in the last hour ("12:05"). `daysWord` words the days in the
 * reader's language (the page's "2 días 5 h").
 */
export function humanDuration(ms: number, daysWord: (days: number) => string = (d) => `${d} day${d === 1 ? '' : 's'}`): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 3600) return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  const m = Math.floor(s / 60);
  const days = Math.floor(m / 1440);
  const hours = Math.floor((m % 1440) / 60);
  if (days > 0) return `${daysWord(days)}${hours ? ` ${hours} h` : ''}`;
  const min = m % 60;
  return `${hours} h${min ? ` ${min} min` : ''}`;
}
