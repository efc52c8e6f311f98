import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';

/** Why a chat message was blocked (SPEC 6). */
export type ChatBlockReason = 'profanity' | 'email' | 'phone' | 'social_handle' | 'link';

// Contact details and links, written the ways players try to slip them through.
const EMAIL = /[a-z0-9._%+-]+\s*(?:@|\(at\)|\[at\])\s*[a-z0-9-]+(?:\s*(?:\.|\(dot\)|\[dot\])\s*[a-z0-9-]+)*\s*(?:\.|\(dot\)|\[dot\])\s*[a-z]{2,}/i;
/**
 * A phone number: 7+ digits in one run, an international number (+ and 7+ digits with separators),
 * or the 3-3-4 grouping ("404 555 0199", "(404) 555-0199", "555.123.4567"). A list of scores
 * ("150 145 120 95") is not one: scores are at most 3 digits and never end in a group of 4.
 */
const PHONE = /\b\d{7,}\b|\+\d(?:[\s().-]*\d){6,}|(?:\(\d{3}\)|\b\d{3})[\s.-]*\d{3}[\s.-]*\d{4}\b/;
const SOCIAL = /(?:^|[\s(])@[a-z0-9_.]{2,}|\b(?:insta(?:gram)?|ig|snap(?:chat)?|tiktok|twitter|telegram|whatsapp|discord|facebook|fb)\s*[:@-]\s*[a-z0-9_.]{2,}/i;
const LINK = /\bhttps?:\/\/|\bwww\.|\b[a-z0-9-]+\.(?:com|net|org|io|gg|me|co|tv|ly|app|xyz|info|biz|us|uk|ca)\b/i;

/**
 * The table chat filter: profanity and slurs through `obscenity` (its English dataset with the
 * recommended transformers, which see through leetspeak and repeated letters), and external
 * contact information (emails, phone numbers, social handles, links) while a match is on.
 */
export class ChatFilter {
  private readonly matcher = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });

  check(text: string, duringMatch: boolean): ChatBlockReason | null {
    if (this.matcher.hasMatch(text)) return 'profanity';
    if (!duringMatch) return null;
    if (EMAIL.test(text)) return 'email';
    if (LINK.test(text)) return 'link';
    if (PHONE.test(text)) return 'phone';
    if (SOCIAL.test(text)) return 'social_handle';
    return null;
  }
}
