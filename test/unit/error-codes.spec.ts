import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_STATUS } from '../../apps/api/src/common/error-status';
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

  it('refuses a code thrown with no status in the table, and a table entry nothing throws', () => {
    const { NOT_FOUND: _dropped, ...withoutNotFound } = ERROR_STATUS;
    expect(() => collectErrorCodes(root, withoutNotFound)).toThrow(/NOT_FOUND is answered .* but has no HTTP status/);
    expect(() => collectErrorCodes(root, { ...ERROR_STATUS, NEVER_THROWN: 400 })).toThrow(/NEVER_THROWN is in .* nothing answers it/);
    expect(() => collectErrorCodes(root, { ...ERROR_STATUS, TRY_AGAIN: 400 })).toThrow(/TRY_AGAIN: the exception filter answers 409/);
  });
});
