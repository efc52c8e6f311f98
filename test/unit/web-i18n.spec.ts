import { readdirSync, readFileSync, statSync } from 'fs';
import { join } from 'path';

/**
 * The web app's messages (issue 24): apps/web/src/i18n/en.json and es.json name the same keys, each with
 * the same {{placeholders}}, and every key is used by the app: a `t('key')` (or `t("key")`, `i18nKey="key"`)
 * in apps/web/src (or `tOr('key', fallback)`). A key read through a template (`tOr(`status.${s}`, …)`, `i18nKey={`howTo.t.${k}`}`) marks its prefix `status.` used:
 * such a prefix must name keys in both files. Plural forms (key_one, key_other, key_many) count as `key`.
 */
const ROOT = join(__dirname, '../../apps/web/src');
type Tree = { [k: string]: string | Tree };
const load = (lang: string) => JSON.parse(readFileSync(join(ROOT, 'i18n', `${lang}.json`), 'utf8')) as Tree;

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else for (const [kk, vv] of flatten(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (key: string) => key.replace(PLURAL, '');
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

const en = flatten(load('en'));
const es = flatten(load('es'));
const code = sources(ROOT).map((f) => readFileSync(f, 'utf8')).join('\n');
const used = new Set([...code.matchAll(/\b(?:t|tOr)\(\s*['"]([\w.-]+)['"]/g), ...code.matchAll(/i18nKey=["']([\w.-]+)["']/g)].map((m) => m[1]));
const prefixes = new Set([...code.matchAll(/\b(?:t|tOr)\(\s*`([\w.-]+\.)\$\{/g), ...code.matchAll(/i18nKey=\{`([\w.-]+\.)\$\{/g)].map((m) => m[1]));

describe('web app messages', () => {
  it('has messages in both languages', () => {
    expect(en.size).toBeGreaterThan(100);
    expect(es.size).toBeGreaterThan(100);
  });

  it('names the same keys in English and Spanish (plural forms aside)', () => {
    const enKeys = new Set([...en.keys()].map(base));
    const esKeys = new Set([...es.keys()].map(base));
    expect([...enKeys].filter((k) => !esKeys.has(k))).toEqual([]);
    expect([...esKeys].filter((k) => !enKeys.has(k))).toEqual([]);
  });

  it('gives every plural key its "other" form in both languages', () => {
    for (const map of [en, es]) {
      const plural = new Set([...map.keys()].filter((k) => PLURAL.test(k)).map(base));
      expect([...plural].filter((k) => !map.has(`${k}_other`))).toEqual([]);
    }
  });

  it('keeps the same placeholders in both languages', () => {
    const mismatched = [...en.keys()]
      .filter((k) => es.has(k) || es.has(`${base(k)}_other`))
      .filter((k) => placeholders(en.get(k)!).join() !== placeholders(es.get(k) ?? es.get(`${base(k)}_other`)!).join());
    expect(mismatched).toEqual([]);
  });

  it('has no empty message', () => {
    expect([...en, ...es].filter(([, v]) => !v.trim()).map(([k]) => k)).toEqual([]);
  });

  it('defines every key the code asks for', () => {
    const keys = new Set([...en.keys()].map(base));
    expect([...used].filter((k) => !keys.has(k))).toEqual([]);
    expect([...prefixes].filter((p) => ![...keys].some((k) => k.startsWith(p)))).toEqual([]);
  });

  it('uses every key it defines', () => {
    const unused = [...new Set([...en.keys()].map(base))].filter((k) => !used.has(k) && ![...prefixes].some((p) => k.startsWith(p)));
    expect(unused).toEqual([]);
  });
});
