import { displayNameSkeleton, normaliseDisplayName, staffWordIn } from './display-name';

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
  it('gives stretched, small-capital and symbol-letter look-alikes the plain name\'s skeleton (issue 36)', () => {
    const admin = displayNameSkeleton('Demo Admin');
    for (const n of ['Demo Adm\u0640in', 'Demo Adm\u07fain', 'Demo \u1d00dmin', '\u1d05\u1d07\u1d0d\u1d0f \u1d00\u1d05\u1d0d\u026a\u0274', 'Demo \u{1f170}dmin', 'Demo \u{1f150}dmin', 'Demo \u{1f1e6}dmin', 'Demo \u24b6dmin', 'Demo \u1d43dmin', 'Demo \u{1d400}dmin', 'Demo Adm\u0131n', 'Demo Ad\u00admin']) {
      expect([n, displayNameSkeleton(n)]).toEqual([n, admin]);
    }
    // Cyrillic "т" is the confusables' small capital "ᴛ": one skeleton with the Latin letter it shows as
    expect(displayNameSkeleton('Demo \u0442est')).toBe(displayNameSkeleton('Demo Test'));
    expect(displayNameSkeleton('Demo \u1d1best')).toBe(displayNameSkeleton('Demo Test'));
  });
  it.each([
    ['Admin', 'admin'],
    ['Demo Admin (staff)', 'admin'],
    ['Demo Adm\u0640in', 'admin'],
    ['Demo \u1d00dmin', 'admin'],
    ['DemoAdmin', 'admin'],
    ['Adm1n', 'admin'],
    ['Admin2', 'admin'],
    ['A d m i n', 'admin'],
    ['Ad min', 'admin'],
    ['The Staff', 'staff'],
    ['D.C.S', 'dcs'],
    ['Dana Director', 'director'],
    ['Rita Reviewer', 'reviewer'],
    ['Official Results', 'official'],
    ['Support Desk', 'support'],
    ['Mod\u0435rator Max', 'moderator'],
    ['Directora Ana', 'directora'],
    ['Administrador General', 'administrador'],
    ['Revisora Luz', 'revisora'],
    ['Soporte Técnico', 'soporte'],
  ])('finds the staff word in %j', (name, word) => {
    expect(staffWordIn(name)).toBe(word);
  });
  it.each([['Rosa Parks'], ['Badminton Pro'], ['Padmini'], ['Staffan Berg'], ['Directorio'], ['José Ramírez'], ['Player 7'], ['\u4f50\u3005\u6728']])('finds no staff word in %j', (name) => {
    expect(staffWordIn(name)).toBeNull();
  });
  it('keeps different names apart, the seed\'s included', () => {
    const seed = ['Demo Admin', 'Demo Director', 'Demo Reviewer', 'Demo Reviewer 2', ...Array.from({ length: 32 }, (_, i) => `Demo Player ${i + 1}`)];
    expect(new Set(seed.map(displayNameSkeleton)).size).toBe(seed.length);
    expect(displayNameSkeleton('Rosa Parks')).not.toBe(displayNameSkeleton('Rosa Parker'));
  });
});
