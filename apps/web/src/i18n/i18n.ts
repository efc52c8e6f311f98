/**
 * The web app's languages (issue 24), with react-i18next: the messages are in `en.json` and `es.json` (one
 * file per language, a section per feature; test/unit/web-i18n.spec.ts fails when a key is missing in either
 * or unused in src/). English is the default. A visitor's language: the one they picked in the header
 * (kept in localStorage), else the first of ours in the browser's `navigator.languages`; a signed-in
 * player's: their account's (`GET /api/me`'s `locale`, set in the header or the settings page).
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import es from './es.json';

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', es: 'Español' };

const STORAGE_KEY = 'dcs.language';

export function isLanguage(x: unknown): x is Language {
  return typeof x === 'string' && (LANGUAGES as readonly string[]).includes(x);
}

/** The language a visitor's browser asks for: their own pick first, else the first of ours in navigator.languages. */
export function browserLanguage(stored: string | null = readStored(), asked: readonly string[] = navigatorLanguages()): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of asked) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}

function readStored(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function navigatorLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, es: { translation: es } },
  lng: browserLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  initAsync: false,
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** The current language. */
export function language(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

/** The Intl locale of a language: the platform's cities are in the United States (US grouping, dollars, "p.m."). */
export function intlLocale(lang: Language = language()): string {
  return lang === 'es' ? 'es-US' : 'en-US';
}

/** Switches the page's language and remembers it for this browser (the account's is saved by the caller). */
export function chooseLanguage(lang: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // private mode: the choice lasts for this page
  }
  if (i18n.language !== lang) void i18n.changeLanguage(lang);
}

/** The document's `lang` follows the language (screen readers pronounce by it). */
function markDocument(lang: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}
markDocument(language());
i18n.on('languageChanged', markDocument);

/** The message of a key built from a server's value (a status, a reason), or `fallback` when there is none for it. */
export function tOr(key: string, fallback: string): string {
  return i18n.exists(key) ? i18n.t(key) : fallback;
}
