import { malformedTextAt } from './well-formed-text';

describe('malformedTextAt: NUL characters and unpaired surrogates are not text', () => {
  it('names the first string value or key that holds one', () => {
    expect(malformedTextAt({ name: 'a\u0000b' })).toBe('name');
    expect(malformedTextAt({ a: { list: ['ok', 'x\udfff'] } })).toBe('a.list[1]');
    expect(malformedTextAt({ ['k\ud800']: 1 })).toBe('k\ud800');
    expect(malformedTextAt('\ud83d')).toBe('(body)');
  });
  it('accepts well-formed text, emoji (paired surrogates) and control characters other than NUL', () => {
    expect(malformedTextAt({ name: 'Ana 💥 🁣', note: 'line\r\n\ttab', n: 5, b: null, list: [true, 'é'] })).toBeNull();
    expect(malformedTextAt(undefined)).toBeNull();
  });
});
