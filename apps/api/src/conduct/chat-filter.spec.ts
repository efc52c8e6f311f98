import { ChatFilter } from './chat-filter';

describe('the table chat filter (SPEC 6)', () => {
  const filter = new ChatFilter();
  it('lets ordinary table talk through', () => {
    for (const t of ['good game!', 'nice play on the 6-4', 'well played, 150 to 95', 'gg all, see you Saturday']) expect(filter.check(t, true)).toBeNull();
  });
  it('blocks profanity, disguised too', () => {
    expect(filter.check('you are a fucking idiot', true)).toBe('profanity');
    expect(filter.check('sh1t', false)).toBe('profanity');
  });
  it('blocks contact details and links during a match only', () => {
    expect(filter.check('call me 555-123-4567', true)).toBe('phone');
    expect(filter.check('+1 (404) 555 0199', true)).toBe('phone');
    expect(filter.check('my number is 4045550199', true)).toBe('phone');
    expect(filter.check('(404) 555-0199', true)).toBe('phone');
    expect(filter.check('+44 20 7946 0958', true)).toBe('phone');
  });

  it('lets score talk through: lists of scores are not phone numbers', () => {
    expect(filter.check('150 145 120 95', true)).toBeNull();
    expect(filter.check('scores: 25, 30, 45, 110, 150', true)).toBeNull();
    expect(filter.check('10-15-20 wow', true)).toBeNull();
    expect(filter.check('mail me at joe.doe@example.com', true)).toBe('email');
    expect(filter.check('joe (at) example (dot) com', true)).toBe('email');
    expect(filter.check('follow me @dominoking', true)).toBe('social_handle');
    expect(filter.check('insta: dominoking', true)).toBe('social_handle');
    expect(filter.check('see https://cheat.example', true)).toBe('link');
    expect(filter.check('go to dominoes.gg now', true)).toBe('link');
    expect(filter.check('call me 555-123-4567', false)).toBeNull();
  });
});
