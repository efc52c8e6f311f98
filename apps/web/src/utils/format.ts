const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date and time in the city's own time zone ("Sat, Jan 2, 12:00 PM EST"). One formatter per time zone,
 * kept: building one costs milliseconds (time-zone data), and a page formats many dates.
 */
export function formatDateTime(iso: string, timeZone?: string): string {
  try {
    const key = timeZone ?? '';
    let f = formats.get(key);
    if (!f) {
      f = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone, timeZoneName: 'short' });
      formats.set(key, f);
    }
    return f.format(new Date(iso));
  } catch {
    return iso;
  }
}
