import { humanDuration } from '../../apps/web/src/features/time/human-time';

describe('humanDuration: a countdown as a person reads it', () => {
  const min = 60_000;
  const hour = 60 * min;
  it.each([
    [2 * 24 * hour + 5 * hour + 13 * min, '2 days 5 h'],
    [24 * hour, '1 day'],
    [5 * hour + 12 * min, '5 h 12 min'],
    [hour, '1 h'],
    [59 * min + 59_000, '59:59'],
    [65_000, '1:05'],
    [-5_000, '0:00'],
  ])('%d ms reads "%s"', (ms, text) => {
    expect(humanDuration(ms)).toBe(text);
  });
});

describe('humanDuration in the reader’s language', () => {
  it('words the days as the page’s messages do ("2 días 5 h")', () => {
    const dias = (n: number) => `${n} día${n === 1 ? '' : 's'}`;
    expect(humanDuration((2 * 24 + 5) * 3_600_000, dias)).toBe('2 días 5 h');
    expect(humanDuration(24 * 3_600_000, dias)).toBe('1 día');
  });
});
