import { displayNameSkeleton, normaliseDisplayName } from './display-name';

describe('display names (docs/rules.md, "Display names")', () => {
  it('stores the normal form: NFKC, one space between words, none at the ends', () => {
    expect(normaliseDisplayName('  Ｒosa \u3000  Parks ')).toMatchObject({ ok: true, name: 'Rosa Parks' });
  });
  it.each([
    ['Demo\u200dDirector'],
    ['Ana \u202eanana'],
    ['Ana \u2067B\u2069'],
    ['Ana\u0085B'],
    ['Ana\u009bB'],
    ['\u3164\u3164'],
    ['Ana\u115fB'],
    ['Ana\u2800B'],
    ['\ufeffAna'],
    ['Ana\u00adB'],
    ['Ana\u{e0041}B'],
    ['Ana\ue000B'],
    ['Ana\nB'],
    ['Z\u0337\u0322\u0335algo'],
    ['<b>Ana</b>'],
    ['...'],
    ['A'],
  ])('refuses %j', (raw) => {
    expect(normaliseDisplayName(raw).ok).toBe(false);
  });
  it('gives look-alikes one skeleton: other alphabets, digits for letters, case, spacing, accents, punctuation', () => {
    const demo = displayNameSkeleton('Demo Director');
    for (const n of ['Dеmо Dіrесtоr', 'DEMO DIRECTOR', 'Dem0 Director', 'Demo.Director', 'DemoDirector', 'Démo Director', 'Ｄｅｍｏ Ｄｉｒｅｃｔｏｒ']) expect([n, displayNameSkeleton(n)]).toEqual([n, demo]);
  });
  it('keeps different names apart, the seed\'s included', () => {
    const seed = ['Demo Admin', 'Demo Director', 'Demo Reviewer', 'Demo Reviewer 2', ...Array.from({ length: 32 }, (_, i) => `Demo Player ${i + 1}`)];
    expect(new Set(seed.map(displayNameSkeleton)).size).toBe(seed.length);
    expect(displayNameSkeleton('Rosa Parks')).not.toBe(displayNameSkeleton('Rosa Parker'));
  });
});
