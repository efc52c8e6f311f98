import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CATALOGUE_FILES, collectErrorCodes, renderMarkdown, renderTs } from '../../scripts/error-codes';

const root = join(__dirname, '..', '..');

describe('the error code catalogue', () => {
  const entries = collectErrorCodes(root);

  it('is up to date with the codes thrown in apps/ and libs/ (run npm run errors:catalogue)', () => {
    expect(readFileSync(join(root, CATALOGUE_FILES.ts), 'utf8')).toBe(renderTs(entries));
    expect(readFileSync(join(root, CATALOGUE_FILES.markdown), 'utf8')).toBe(renderMarkdown(entries));
  });

  it('holds the codes of AppErrors, the exception filter and the engine with their statuses', () => {
    const byCode = new Map(entries.map((e) => [e.code, e.statuses]));
    expect(byCode.get('NOT_FOUND')).toEqual([404]);
    expect(byCode.get('SEASON_CHALLENGE_RUNNING')).toEqual([409]);
    expect(byCode.get('TRY_AGAIN')).toEqual([409]);
    expect(byCode.get('MALFORMED_JSON')).toEqual([400]);
    expect(byCode.get('ILLEGAL_PLAY')).toEqual([422]);
    expect(byCode.get('STALE_VERSION')).toEqual([409]);
    expect(byCode.get('NOT_IN_DRAW')).toEqual([403]);
    expect(byCode.get('UNHEALTHY')).toEqual([503]);
  });
});
