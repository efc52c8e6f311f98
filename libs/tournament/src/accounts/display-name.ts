import unhomoglyph from 'unhomoglyph';

/*
 * Display names (docs/rules.md, "Display names"). A name is shown to everyone beside a seat, in the
 * bracket and the standings, so it must be what it looks like: one normal form (NFKC, trimmed, runs of
 * white space as one space), no character that is invisible or reorders the text around it, and not a
 * look-alike of a name someone already has — staff included (the seed's "Demo Director" and its
 * Cyrillic twin "Dеmо Dіrесtоr" are one name).
 */

export const DISPLAY_NAME_MIN = 2;
export const DISPLAY_NAME_MAX = 40;

/** What refuses a character, with the words a refusal names it by. */
const REFUSED: [RegExp, string][] = [
  // C0 and C1 controls, line and paragraph separators
  [/[\p{Cc}\p{Zl}\p{Zp}]/u, 'control characters'],
  // bidi embeddings, overrides and isolates, and the marks (they reorder what is shown around them)
  [/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u, 'right-to-left or other direction controls'],
  // zero-width characters, joiners, soft hyphens, fillers (U+115F, U+3164, U+FFA0 …), variation selectors, tags;
  // format characters; the blank braille pattern U+2800, which shows as nothing and is not in that property
  [/[\p{Default_Ignorable_Code_Point}\p{Cf}\u2800]/u, 'invisible characters'],
  // private use, unassigned and surrogate code points: nobody can tell what they show
  [/[\p{Co}\p{Cn}\p{Cs}]/u, 'unassigned or private-use characters'],
  // stacks of combining marks ("Zalgo" text) that spill over the names around them
  [/\p{M}{3,}/u, 'more than two combining marks in a row'],
  // markup: names are shown in pages and e-mails
  [/[<>]/, 'the characters < and >'],
];

export type DisplayNameCheck = { ok: true; name: string; skeleton: string } | { ok: false; problem: string };

/** The name as it is stored and shown (NFKC, trimmed, one space between words), or why it is refused. */
export function normaliseDisplayName(raw: string): DisplayNameCheck {
  const name = raw.normalize('NFKC').replace(/[ \u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]+/g, ' ').replace(/^ | $/g, '');
  for (const [pattern, what] of REFUSED) if (pattern.test(name)) return { ok: false, problem: `displayName may not contain ${what}` };
  const length = [...name].length;
  if (length < DISPLAY_NAME_MIN || length > DISPLAY_NAME_MAX) return { ok: false, problem: `displayName must be ${DISPLAY_NAME_MIN}-${DISPLAY_NAME_MAX} characters` };
  if (!/[\p{L}\p{N}]/u.test(name)) return { ok: false, problem: 'displayName must contain a letter or a digit' };
  return { ok: true, name, skeleton: displayNameSkeleton(name) };
}

/**
 * Letters that show as a Latin letter but that neither NFKC nor the confusables mapping fold onto it: the small
 * capitals (ᴀ ʙ ᴄ … "Demo ᴀdmin") and the ligatures among them. The negative circled and squared letters and the
 * regional indicators (🅐 🅰 🇦) are symbols to Unicode and would be dropped with the symbols: `latinise` maps them too.
 */
const LATIN_LOOKALIKES: Record<string, string> = {
  ᴀ: 'a', ʙ: 'b', ᴄ: 'c', ᴅ: 'd', ᴇ: 'e', ꜰ: 'f', ɢ: 'g', ʜ: 'h', ɪ: 'i', ᴊ: 'j', ᴋ: 'k', ʟ: 'l', ᴍ: 'm',
  ɴ: 'n', ᴏ: 'o', ᴘ: 'p', ꞯ: 'q', ʀ: 'r', ꜱ: 's', ᴛ: 't', ᴜ: 'u', ᴠ: 'v', ᴡ: 'w', ʏ: 'y', ᴢ: 'z', ᴁ: 'ae', ɶ: 'oe',
};

/** The first code point of each run of 26 symbol letters A-Z (negative circled, negative squared, regional indicators). */
const SYMBOL_ALPHABETS = [0x1f150, 0x1f170, 0x1f1e6];

function latinise(s: string): string {
  return s.replace(/[\u0250-\u02af\u1d00-\u1d2b\ua730\ua731\ua7af]|[\u{1f150}-\u{1f169}\u{1f170}-\u{1f189}\u{1f1e6}-\u{1f1ff}]/gu, (c) => {
    const cp = c.codePointAt(0) as number;
    const start = SYMBOL_ALPHABETS.find((a) => cp >= a && cp < a + 26);
    return start === undefined ? (LATIN_LOOKALIKES[c] ?? c) : String.fromCharCode(65 + cp - start);
  });
}

/**
 * What the skeleton drops: marks (Mn, Mc, Me: accents, and the enclosing circles and keycaps), punctuation, symbols,
 * spaces, format and default-ignorable characters (none is in a stored name, but the skeleton must not depend on
 * that), and the Arabic tatweel U+0640 and the NKo lajanyalan U+07FA, which only stretch the letters beside them
 * ("Demo Admـin" is "Demo Admin").
 */
const DROPPED = /[\p{M}\p{P}\p{S}\p{Z}\s\p{Cf}\p{Default_Ignorable_Code_Point}\u0640\u07fa]/gu;

/**
 * The name's skeleton: two names with one skeleton look alike, and only one account may have it (a
 * unique index). Unicode's confusables mapping (UTS #39, through `unhomoglyph`) folds look-alikes onto
 * one prototype ("Dеmо" in Cyrillic, "Dem0" → "Derno"); small capitals and the symbol letters are Latin
 * letters first (`latinise`); marks, spaces, punctuation, symbols and stretching characters are dropped
 * ("José" = "Jose", "Demo.Director" = "DemoDirector", "Admـin" = "Admin"), and case is folded too, around the
 * mapping (it maps "I" and "l" alike, but "i" to itself: "DEMO DIRECTOR" must meet "Demo Director").
 */
export function displayNameSkeleton(name: string): string {
  const bare = (s: string) => s.normalize('NFD').replace(DROPPED, '');
  const once = unhomoglyph(bare(latinise(name.normalize('NFKC'))));
  // The mapping's prototypes include small capitals (Cyrillic "т" is "ᴛ"): Latin letters too, as the input's were.
  return latinise(bare(unhomoglyph(once.toLowerCase()).toLowerCase())).replace(/i/g, 'l');
}

/**
 * The words kept for staff (docs/rules.md, "Display names"), in English and Spanish: a competitor's name holding
 * one as a word — or a look-alike of one — could pass for staff in a chat or a bracket ("Demo Admin (staff)", "Admin").
 */
export const STAFF_WORDS: readonly string[] = [
  'admin', 'admins', 'administrator', 'administrators', 'director', 'directors', 'reviewer', 'reviewers', 'staff',
  'moderator', 'moderators', 'dcs', 'official', 'officials', 'support',
  'administrador', 'administradora', 'administradores', 'administradoras', 'directora', 'directores', 'directoras',
  'revisor', 'revisora', 'revisores', 'revisoras', 'moderador', 'moderadora', 'moderadores', 'moderadoras', 'oficial',
  'oficiales', 'soporte',
];

const STAFF_SKELETONS = new Map(STAFF_WORDS.map((w) => [displayNameSkeleton(w), w]));

/**
 * The staff word a name holds as a word, or null. The name's words are its runs between spaces, punctuation
 * and symbols, split again where a capital follows a small letter ("DemoAdmin"); each is compared by its
 * skeleton (so "Adm1n", "ᴀdmin" and "Admـin" are "admin"), also without trailing digits ("Admin2"). Runs of
 * single letters are read as one word ("A d m i n", "D.C.S"), and so is the whole name.
 */
export function staffWordIn(name: string): string | null {
  const plain = latinise(name.normalize('NFKC')).replace(/[\p{Cf}\p{Default_Ignorable_Code_Point}\u0640\u07fa]/gu, '');
  const parts = plain.split(/[\p{P}\p{S}\p{Z}\s]+|(?<=\p{Ll})(?=\p{Lu})/u).filter(Boolean);
  const words = [...parts, plain];
  let letters = '';
  for (const part of [...parts, '']) {
    if ([...part].length === 1) letters += part;
    else {
      if ([...letters].length > 1) words.push(letters);
      letters = '';
    }
  }
  for (const w of words) {
    for (const candidate of [w, w.replace(/\d+$/, '')]) {
      const hit = candidate && STAFF_SKELETONS.get(displayNameSkeleton(candidate));
      if (hit) return hit;
    }
  }
  return null;
}
