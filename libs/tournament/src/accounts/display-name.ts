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
 * The name's skeleton: two names with one skeleton look alike, and only one account may have it (a
 * unique index). Unicode's confusables mapping (UTS #39, through `unhomoglyph`) folds look-alikes onto
 * one prototype ("Dеmо" in Cyrillic, "Dem0" → "Derno"); marks, spaces, punctuation and symbols are
 * dropped ("José" = "Jose", "Demo.Director" = "DemoDirector"), and case is folded too, around the
 * mapping (it maps "I" and "l" alike, but "i" to itself: "DEMO DIRECTOR" must meet "Demo Director").
 */
export function displayNameSkeleton(name: string): string {
  const bare = (s: string) => s.normalize('NFD').replace(/[\p{M}\p{P}\p{S}\p{Z}\s]/gu, '');
  const once = unhomoglyph(bare(name.normalize('NFKC')));
  return bare(unhomoglyph(once.toLowerCase()).toLowerCase()).replace(/i/g, 'l');
}
