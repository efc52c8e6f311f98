/*
 * Characters no name or short text a person types may hold (docs/rules.md, "Text that reaches a file
 * format"): C0 controls (CR, LF and TAB included), DEL, C1 controls, the Unicode line and paragraph
 * separators, and the bidi embeddings, overrides and isolates. A line break ends a line of an iCalendar
 * file, a mail header, a CSV row or a log line, so a name holding one can forge what follows it; a
 * direction override shows a name other than what it is.
 */

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
// The same set less LF: long free text (a reason of several paragraphs) may break lines, never anything else.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_BUT_LF = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
// eslint-disable-next-line no-control-regex -- replacing control characters is the point
const CONTROL_RUNS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]+/g;

/** Whether `text` holds a control character (with `newlines`: any but LF, U+000A). */
export function hasControlChars(text: string, opts: { newlines?: boolean } = {}): boolean {
  return (opts.newlines ? CONTROL_BUT_LF : CONTROL).test(text);
}

/** `text` with each run of control characters as one space: for text stored before they were refused, where it is written out. */
export function withoutControlChars(text: string): string {
  return text.replace(CONTROL_RUNS, ' ');
}
