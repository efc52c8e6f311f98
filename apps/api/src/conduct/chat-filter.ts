import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';

/** Why a chat message was blocked (SPEC 6). */
export type ChatBlockReason = 'profanity' | 'email' | 'phone' | 'social_handle' | 'link';

/*
 * Contact details and links, written the ways players try to slip them through. The patterns run
 * on the message as written and on its "squeezed" forms (see `variants`), after spelled-out
 * digits became digits, so "f.u.c.k", "b o b @ g m a i l . c o m" and "five five five one two…"
 * meet the same patterns as their plain spellings.
 */
const AT = String.raw`(?:@|\(at\)|\[at\]|\{at\}|\bat\b)`;
const DOT = String.raw`(?:\.|\(dot\)|\[dot\]|\{dot\}|\bdot\b)`;
/**
 * Top-level domains spelled after a "dot" word or a spaced dot: the common ones only, so "well played. me next"
 * stays talk (and none that is an ordinary short word after "dot": at, in, it, me, no, is).
 */
const SPELLED_TLD = '(?:com|net|org|io|gg|tv|co|uk|ly|app|xyz|info|biz|us|ca|de|fr|es|nl|eu|ru|br|au|ch|pl|se|dk|fi|be|pt|mx|jp)';
const EMAIL = new RegExp(
  [
    // name@host.tld, name (at) host (dot) tld, name at host dot com
    String.raw`[a-z0-9._%+-]+\s*${AT}\s*[a-z0-9-]+(?:\s*${DOT}\s*[a-z0-9-]+)*\s*${DOT}\s*${SPELLED_TLD}\b`,
    String.raw`[a-z0-9._%+-]+\s*(?:@|\(at\)|\[at\]|\{at\})\s*[a-z0-9-]+(?:\s*${DOT}\s*[a-z0-9-]+)*\s*${DOT}\s*[a-z]{2,}`,
    // "bob at posteo dot de": both words spelled out say it is an address, whatever the domain
    String.raw`[a-z0-9._%+-]+\s+at\s+[a-z0-9-]+(?:\s+dot\s+[a-z0-9-]+)*\s+dot\s+[a-z]{2,}\b`,
    // a mail provider's name says it is an address even without the rest ("bob at gmail")
    String.raw`\b(?:gmail|googlemail|yahoo|ymail|hotmail|icloud|protonmail|gmx|yandex)\b`,
    String.raw`${AT}\s*(?:outlook|aol|msn|proton)\b`,
  ].join('|'),
  'i',
);
/**
 * A phone number: 7+ digits in one run, an international number (+ and 7+ digits with separators),
 * the 3-3-4 grouping ("404 555 0199", "(404) 555-0199", "555.123.4567") or a local 3-4 one
 * ("555-1234"). A list of scores ("150 145 120 95") is not one: scores are at most 3 digits and
 * never end in a group of 4.
 */
const PHONE = /\b\d{7,}\b|\+\d(?:[\s().-]*\d){6,}|(?:\(\d{3}\)|\b\d{3})[\s.-]*\d{3}[\s.-]*\d{4}\b|\b\d{3}[\s.-]\d{4}\b/;
/** Platforms whose name alone, during a match, is an invitation to leave the table's chat. */
const PLATFORM = String.raw`(?:whats\s?app|telegram|discord|snapchat|instagram|tik\s?tok|kik|wechat|skype|viber|facebook|twitter|onlyfans)`;
/** Short names that are ordinary words too ("snap", "ig"): blocked only in a contact phrase. */
const SHORT_PLATFORM = String.raw`(?:insta|ig|snap|sc|fb|tg|twitch|messenger|signal)`;
const SOCIAL = new RegExp(
  [
    // @handle, "@ handle"; "we're @ 150" is a score, not a handle
    String.raw`(?:^|[\s(:])(?:@[a-z0-9_][a-z0-9_.]{1,}|@\s+[a-z_][a-z0-9_.]{1,})`,
    String.raw`\b[a-z0-9_.]{2,32}#\d{4}\b`, // discord name#1234
    String.raw`\b${PLATFORM}\b`,
    String.raw`\b${SHORT_PLATFORM}\s*(?:[:=@#-]|\bme\b|\bid\b|\bname\b|\bhandle\b)`, // "insta: x", "snap me"
    String.raw`\b(?:on|my|via|add\s+me\s+on|dm\s+me\s+on|hmu\s+on|hit\s+me\s+up\s+on|find\s+me\s+on|follow\s+me\s+on)\s+${SHORT_PLATFORM}\b`, // "my snap", "on insta"
  ].join('|'),
  'i',
);
const LINK = new RegExp(
  [
    String.raw`\bhttps?\s*:\s*\/\/|\bwww\s*\.`,
    String.raw`\b[a-z0-9-]+\.(?:com|net|org|io|gg|me|co|tv|ly|app|xyz|info|biz|us|uk|ca)\b`,
    String.raw`\b[a-z0-9-]+\.[a-z]{2,}\/\S`, // any domain with a path: example.de/x
    String.raw`\b[a-z0-9-]+\s*(?:\s\.|\.\s)\s*(?:com|net|org)\b`, // "example . com"
    String.raw`(?:\bdot|\(dot\)|\[dot\]|\{dot\})\s*${SPELLED_TLD}\b`, // "dot com"
    String.raw`\b(?:t|wa)\s*${DOT}\s*me\b`, // t.me, wa.me, "t dot me"
  ].join('|'),
  'i',
);

/** Spelled-out digits; a run of them reads as a number ("five five five one two three four…"). */
const DIGIT_WORDS: Record<string, string> = { zero: '0', oh: '0', one: '1', two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7', eight: '8', nine: '9' };
const DIGIT_WORD = /\b(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)\b/g;
/** Three or more single characters separated by spaces: "f u c k", "b o b @ g m a i l". */
const SPACED_SINGLES = /(?<!\S)\S(?:\s+\S(?!\S)){2,}(?!\S)/g;
/** Three or more single letters or digits separated by punctuation or spaces: "f.u.c.k", "5-5-5-1-2-3-4". */
const PUNCTUATED_SINGLES = /(?<![a-z0-9])[a-z0-9](?:[^a-z0-9]{1,3}[a-z0-9](?![a-z0-9])){2,}/g;
/** Invisible characters used to break a word up without showing it (zero-width spaces, soft hyphens, joiners…). */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;
/** A dot in brackets: "example[.]com", "example(.)com". */
const BRACKETED_DOT = /\s*[[({<]\s*\.\s*[\])}>]\s*/g;
/** A word of digits with letters that look like digits in it ("4o4", "o199", "55l"): two digits at least. */
const LEET_NUMBER = /(?<![\p{L}\p{N}])(?=(?:[oil|]*\d){2})[\doil|]+(?![\p{L}\p{N}])/gu;
const LOOKS_LIKE_DIGIT: Record<string, string> = { o: '0', i: '1', l: '1', '|': '1' };
/** A word of letters with digits that stand for letters ("disc0rd", "wh4tsapp", "t3legram"). */
const LEET_WORD = /(?=[\p{L}\p{N}]*\p{L})(?=[\p{L}\p{N}]*\d)[\p{L}\p{N}]+/gu;
const LOOKS_LIKE_LETTER: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b' };
/**
 * Groups of digits written apart ("40 45 55 01 99"): a number once joined. Scores are multiples of 5 written
 * without a leading zero, so a list of them ("150 145 120 95") is talk; a run of 9 digits or more with a group
 * that no score looks like is a phone number.
 */
const DIGIT_GROUPS = /\d{1,4}(?:[\s,.;:/-]{1,3}\d{1,4}){2,}/g;

/** Every decimal digit, whatever its script ("٤٠٤", "४०४"), as its ASCII digit: a run of ten digits starts at zero in Unicode. */
function asciiDigits(text: string): string {
  return text.replace(/\p{Nd}/gu, (d) => {
    if (d >= '0' && d <= '9') return d;
    let zero = d.codePointAt(0)!;
    while (/\p{Nd}/u.test(String.fromCodePoint(zero - 1))) zero -= 1;
    return String((d.codePointAt(0)! - zero) % 10);
  });
}

function spacedPhoneNumber(text: string): boolean {
  for (const [run] of text.matchAll(DIGIT_GROUPS)) {
    const groups = run.split(/\D+/);
    if (groups.join('').length >= 9 && groups.some((g) => (g.length > 1 && g.startsWith('0')) || Number(g) % 5 !== 0)) return true;
  }
  return false;
}

/**
 * Ordinary words that a slur split in two may fall into ("go ok"): a pair of them is left alone. A pair
 * with any other piece ("nig ger", "ch ink", "re tard") is tried joined.
 */
const COMMON_WORDS = new Set(
  `a i am an and are as at back be but by can co do for go got had has have he her him his how if in ink is it me my no not now of off ok on or our out re
  so that the them then there they this to too up us was we wet what when who why will with yes you your`.split(/\s+/),
);

/** The message and, where they differ from it, its forms with separated single characters joined. */
function variants(text: string): string[] {
  const out = [text];
  const spaced = text.replace(SPACED_SINGLES, (run) => run.replace(/\s+/g, ''));
  if (spaced !== text) out.push(spaced);
  const punctuated = text.replace(PUNCTUATED_SINGLES, (run) => run.replace(/[^a-z0-9]/g, ''));
  if (punctuated !== text) out.push(punctuated);
  return out;
}

/**
 * The table chat filter: profanity and slurs through `obscenity` (its English dataset with the
 * recommended transformers, which see through leetspeak and repeated letters), and external
 * contact information (emails, phone numbers, social handles, links) while a match is on.
 * Before matching, the text is NFKC-normalised and lower-cased, invisible characters go, digits of
 * every script become ASCII digits, separated single characters are also tried joined, and so are
 * two neighbouring words (a word split by a space). For contact details spelled-out digits and
 * letters that look like digits become digits ("4O4"), digits inside words become the letters they
 * stand for ("disc0rd"), bracketed dots become dots, and digit groups written apart are read joined. It runs on every chat message: a handful of precompiled patterns over a
 * message of at most a few hundred characters.
 */
export class ChatFilter {
  private readonly matcher = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });

  check(text: string, duringMatch: boolean): ChatBlockReason | null {
    const plain = asciiDigits(text.normalize('NFKC').replace(INVISIBLE, '').toLowerCase());
    if (variants(plain).some((v) => this.matcher.hasMatch(v)) || this.splitWord(plain)) return 'profanity';
    if (!duringMatch) return null;
    const dotted = plain.replace(BRACKETED_DOT, '.');
    // Numbers as digits (spelled-out ones, letters that look like digits); words as letters (digits that stand for letters).
    const numbers = variants(dotted.replace(DIGIT_WORD, (w) => DIGIT_WORDS[w]).replace(LEET_NUMBER, (w) => w.replace(/[oil|]/g, (c) => LOOKS_LIKE_DIGIT[c])));
    const words = [...numbers, ...variants(dotted.replace(LEET_WORD, (w) => w.replace(/[0134578]/g, (c) => LOOKS_LIKE_LETTER[c])))];
    if (words.some((v) => EMAIL.test(v))) return 'email';
    if (words.some((v) => LINK.test(v))) return 'link';
    if (numbers.some((v) => PHONE.test(v) || spacedPhoneNumber(v))) return 'phone';
    if (words.some((v) => SOCIAL.test(v))) return 'social_handle';
    return null;
  }

  /** A word split in two by a space ("nig ger"): each neighbouring pair, unless both are ordinary words, tried as one word. */
  private splitWord(text: string): boolean {
    // Words of letters only: numbers side by side ("55 01") are not a word split in two.
    const pieces = text.split(/[^\p{L}\p{N}]+/u).filter((p) => /\p{L}/u.test(p));
    for (let i = 0; i + 1 < pieces.length; i++) {
      if (COMMON_WORDS.has(pieces[i]) && COMMON_WORDS.has(pieces[i + 1])) continue;
      if (this.matcher.hasMatch(pieces[i] + pieces[i + 1])) return true;
    }
    return false;
  }
}
