import { formatInstant, instantsInText } from './instant-format';

describe('a time as a person reads it', () => {
  const at = '2026-12-14T03:07:00.000Z';

  it('is written in the reader zone and language, with the zone named', () => {
    expect(formatInstant(at, { timeZone: 'America/New_York', language: 'en' })).toBe('Sun, Dec 13, 10:07 PM EST');
    expect(formatInstant(at, { timeZone: 'America/Chicago', language: 'es' })).toMatch(/^dom, 13 de dic, 9:07\sp\.\s?m\.\sCST$/);
    expect(formatInstant(new Date(at), { timeZone: null })).toBe('Mon, Dec 14, 3:07 AM UTC');
  });

  it('has a short style for dense tables: no weekday, no zone name', () => {
    expect(formatInstant(at, { timeZone: 'America/New_York', style: 'short' })).toBe('Dec 13, 10:07 PM');
  });

  it('follows daylight saving time: a summer date in New York is EDT', () => {
    expect(formatInstant('2026-07-04T16:00:00Z', { timeZone: 'America/New_York' })).toBe('Sat, Jul 4, 12:00 PM EDT');
  });

  it('writes a zone the runtime does not know in UTC instead of failing, and leaves a non-date as it was', () => {
    expect(formatInstant(at, { timeZone: 'Mars/Olympus_Mons' })).toBe('Mon, Dec 14, 3:07 AM UTC');
    expect(formatInstant('soon')).toBe('soon');
  });

  it('writes every instant of a notice text, with or without seconds, and nothing else', () => {
    const text = 'Check in before 2026-12-07T02:55:00.000Z. Appeal until 2026-12-14T03:07Z. Table 2026-12-07 stays.';
    expect(instantsInText(text, { timeZone: 'America/New_York', language: 'en' })).toBe(
      'Check in before Sun, Dec 6, 9:55 PM EST. Appeal until Sun, Dec 13, 10:07 PM EST. Table 2026-12-07 stays.',
    );
  });
});
