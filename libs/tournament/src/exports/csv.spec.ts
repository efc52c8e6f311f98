import { csvCell, csvField, csvHeader, csvRecord, type ExportColumn, jsonRecord, neutraliseTyped } from './csv';

describe('CSV (RFC 4180) for the exports', () => {
  it('leaves a plain field unquoted', () => {
    expect(csvField('Ana D.')).toBe('Ana D.');
  });

  it('quotes a field with a comma, a double quote, a CR or an LF, doubling the quotes inside', () => {
    expect(csvField('Smith, Ana')).toBe('"Smith, Ana"');
    expect(csvField('the "Fox"')).toBe('"the ""Fox"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
  });

  it('puts a quote before typed text a spreadsheet would read as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(neutraliseTyped(`${start}HYPERLINK("http://x")`)).toBe(`'${start}HYPERLINK("http://x")`);
    expect(neutraliseTyped('Ana=Bob')).toBe('Ana=Bob');
    expect(csvCell('=1+1', true)).toBe("'=1+1");
    expect(csvCell('=HYPERLINK("http://evil","x")', true)).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
  });

  it('writes numbers, booleans and platform values as they are: a negative number stays a number', () => {
    expect(csvCell(-3.5)).toBe('-3.5');
    expect(csvCell(-3.5, true)).toBe('-3.5');
    expect(csvCell('-points')).toBe('-points');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
  });

  it('writes a header and records ended by CRLF, and the same columns by name in JSON with the typed text unchanged', () => {
    type Row = { name: string; points: number };
    const columns: ExportColumn<Row>[] = [
      { name: 'displayName', typed: true, value: (r) => r.name },
      { name: 'points', value: (r) => r.points },
    ];
    expect(csvHeader(columns)).toBe('displayName,points\r\n');
    expect(csvRecord(columns, { name: '@me, "x"', points: 10 })).toBe(`"'@me, ""x""",10\r\n`);
    expect(jsonRecord(columns, { name: '@me', points: 10 })).toEqual({ displayName: '@me', points: 10 });
  });
});
