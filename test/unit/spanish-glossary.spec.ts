import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';

/**
 * Issue 43: one Spanish term for each thing (docs/spanish.md, "Glossary"). Reads the glossary's table and every Spanish
 * text a player reads — the web app's es.json, the API's Spanish error messages, the notice and e-mail builders — and
 * fails when a rejected word appears (a whole word or phrase, any case) or when a chosen term is used nowhere.
 */
const ROOT = join(__dirname, '../..');
const read = (p: string) => readFileSync(join(ROOT, p), 'utf8');

interface Row {
  english: string;
  term: string;
  rejected: string[];
}

function glossary(): Row[] {
  const doc = read('docs/spanish.md');
  const section = doc.slice(doc.indexOf('## Glossary'), doc.indexOf('\n## ', doc.indexOf('## Glossary') + 3));
  return section
    .split('\n')
    .filter((l) => l.startsWith('| ') && !l.startsWith('| English') && !l.startsWith('|---'))
    .map((l) => l.split('|').map((c) => c.trim()))
    .map(([, english, term, rejected]) => ({
      english,
      // "paso (key **P**; K works too)": the term is the words before any parenthesis
      term: term.replace(/\(.*\)/, '').replace(/\*/g, '').trim(),
      rejected: rejected
        .split(';')
        .map((r) => r.trim())
        .filter(Boolean),
    }));
}

type Tree = { [k: string]: string | Tree };
const strings = (t: Tree): string[] => Object.values(t).flatMap((v) => (typeof v === 'string' ? [v] : strings(v)));

/** The Spanish a player reads, as [where, text]. The builders' files hold English too: a rejected Spanish word is not English. */
function spanishTexts(): [string, string][] {
  const web = strings(JSON.parse(read('apps/web/src/i18n/es.json')) as Tree).map((s): [string, string] => ['apps/web/src/i18n/es.json', s]);
  const builders = ['challenge', 'delivery', 'house', 'integrity', 'registrations', 'rules', 'seasons', 'notifications']
    .flatMap((dir) => readdirSync(join(ROOT, 'libs/tournament/src', dir)).map((f) => `libs/tournament/src/${dir}/${f}`))
    .filter((f) => (f.endsWith('.messages.ts') || f.endsWith('notices.ts')) && !f.endsWith('.spec.ts'));
  return [...web, ...['libs/common/src/i18n/error-messages.es.ts', ...builders].map((f): [string, string] => [f, read(f)])];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A whole word or phrase: no letter right before or after it ("pieza" is not in "empieza"). */
const word = (w: string) => new RegExp(`(?<!\\p{L})${escape(w)}(?!\\p{L})`, 'iu');

describe('Spanish: one term for each thing (docs/spanish.md, Glossary)', () => {
  const rows = glossary();
  const texts = spanishTexts();

  it('reads the glossary', () => {
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(rows.find((r) => r.english.startsWith('lobby'))).toMatchObject({ term: 'salón', rejected: ['vestíbulo'] });
    expect(rows.find((r) => r.english.startsWith('knock'))).toMatchObject({ term: 'paso', rejected: ['toque', 'tocar'] });
  });

  it('uses no rejected word anywhere a player reads Spanish', () => {
    const found = rows.flatMap((r) =>
      r.rejected.flatMap((bad) => texts.filter(([, text]) => word(bad).test(text)).map(([where, text]) => `"${bad}" (say "${r.term}") in ${where}: ${where.endsWith('.json') ? text : ''}`)),
    );
    expect(found).toEqual([]);
  });

  it('uses every chosen term somewhere', () => {
    expect(rows.filter((r) => !texts.some(([, text]) => word(r.term).test(text))).map((r) => r.term)).toEqual([]);
  });

  it('gives the knock button the key of its own word in each language, and the key hint matches it', () => {
    for (const lang of ['en', 'es']) {
      const table = (JSON.parse(read(`apps/web/src/i18n/${lang}.json`)) as { table: Record<string, string> }).table;
      expect([lang, table.knockKey]).toEqual([lang, table.knock[0].toUpperCase()]);
      expect(table.keysKnock.startsWith(`<0>${table.knockKey}</0>`)).toBe(true);
    }
  });

  it('has words in both languages for every way a hand or a game ends (never the code, "(target)")', () => {
    const types = read('libs/engine/src/types.ts');
    const values = (name: string) => [...(new RegExp(`export type ${name} = ([^;]+);`).exec(types)?.[1] ?? '').matchAll(/'([\w-]+)'/g)].map((m) => m[1]);
    const ends = [...new Set([...values('HandEndedBy'), ...values('GameEndedBy')])];
    expect(ends).toEqual(expect.arrayContaining(['target', 'locked', 'domino', 'hard-stop']));
    for (const lang of ['en', 'es']) {
      const handEnd = (JSON.parse(read(`apps/web/src/i18n/${lang}.json`)) as { handEnd: Record<string, string> }).handEnd;
      expect([lang, ends.filter((e) => !handEnd[e])]).toEqual([lang, []]);
    }
  });
});
