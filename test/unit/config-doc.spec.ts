import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_DOC, configDocProblems, documentedRows, settingDefaults } from '../../scripts/config-doc';

const markdown = readFileSync(join(__dirname, '..', '..', CONFIG_DOC), 'utf8');

describe('docs/configuration.md', () => {
  it('documents every setting of AppConfig with its default (npx tsx scripts/config-doc.ts)', () => {
    expect(configDocProblems(markdown)).toEqual([]);
  });

  it('reads every setting of AppConfig, the live settings included', () => {
    const names = [...settingDefaults().keys()];
    expect(names).toEqual(expect.arrayContaining(['NODE_ENV', 'DATABASE_URL', 'JWT_SECRET', 'LIVE_PING_INTERVAL_MS', 'DELIVERY_POLL_MS']));
    expect(documentedRows(markdown).length).toBeGreaterThan(40);
  });

  it('fails on a setting with no row, a row of no setting and a wrong default', () => {
    // What a changed document adds to the problems of the real one (empty when the first test passes).
    const known = new Set(configDocProblems(markdown));
    const added = (doc: string) => configDocProblems(doc).filter((p) => !known.has(p));
    const withoutRedis = markdown.replace(/^\| `REDIS_URL` .*\n/m, '');
    expect(added(withoutRedis)).toEqual([`REDIS_URL is not in ${CONFIG_DOC}`]);
    const wrongDefault = markdown.replace(/^\| `JWT_TTL_SECONDS` \| `43200` \|/m, '| `JWT_TTL_SECONDS` | `3600` |');
    expect(added(wrongDefault)).toEqual([`JWT_TTL_SECONDS: ${CONFIG_DOC} gives the default \`3600\`, AppConfig \`43200\``]);
    const pairWrong = markdown.replace('| `25000`, `20000` |', '| `25000`, `2000` |');
    expect(added(pairWrong)).toEqual([`LIVE_PING_TIMEOUT_MS: ${CONFIG_DOC} gives the default \`2000\`, AppConfig \`20000\``]);
    const unknown = `${markdown}\n| \`NO_SUCH_SETTING\` | \`1\` | nothing |\n`;
    expect(added(unknown)).toEqual([`NO_SUCH_SETTING is in ${CONFIG_DOC} but not a setting of AppConfig`]);
  });
});
