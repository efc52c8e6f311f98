/**
 * CSV as RFC 4180 writes it, for the exports (docs/operations.md, "For organisers"): fields separated
 * by commas, records ended by CRLF, a field quoted when it holds a comma, a double quote, CR or LF,
 * a quote inside doubled. UTF-8 is the caller's (the response's charset).
 *
 * A cell a person typed (a display name, a reason) is data, never a formula: a spreadsheet reads a
 * cell starting with `=`, `+`, `-`, `@`, a tab or a CR as one (OWASP "CSV injection"), so such a cell
 * is written with a leading `'` (team rule: anything a person types that reaches another format is
 * checked and escaped there). Numbers and values the platform wrote (ids, codes, dates) are written
 * as they are: `-3.5` stays a number.
 */

/** What a spreadsheet would start a formula with. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A typed text as a spreadsheet will show it: a leading `'` when it would otherwise be read as a formula. */
export function neutraliseTyped(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One field: quoted only when RFC 4180 needs it. */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A column of an export: its stable name (the header and the JSON key) and whether a person typed its text. */
export interface ExportColumn<Row> {
  name: string;
  /** a person typed it (a name, a reason): neutralised in CSV */
  typed?: boolean;
  value: (row: Row) => string | number | boolean | null;
}

/** A cell's text in CSV: null empty, booleans `true`/`false`, typed text neutralised. */
export function csvCell(value: string | number | boolean | null, typed = false): string {
  if (value === null) return '';
  const text = String(value);
  return csvField(typed && typeof value === 'string' ? neutraliseTyped(text) : text);
}

/** The header record (CRLF-ended). */
export function csvHeader<Row>(columns: readonly ExportColumn<Row>[]): string {
  return `${columns.map((c) => csvField(c.name)).join(',')}\r\n`;
}

/** One record (CRLF-ended). */
export function csvRecord<Row>(columns: readonly ExportColumn<Row>[], row: Row): string {
  return `${columns.map((c) => csvCell(c.value(row), c.typed)).join(',')}\r\n`;
}

/** One row as the JSON export writes it: the same columns, by name, values as they are (typed text unchanged). */
export function jsonRecord<Row>(columns: readonly ExportColumn<Row>[], row: Row): Record<string, string | number | boolean | null> {
  const out: Record<string, string | number | boolean | null> = {};
  for (const c of columns) out[c.name] = c.value(row);
  return out;
}
