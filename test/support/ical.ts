/*
 * A strict reader of iCalendar (RFC 5545) for the tests: no iCalendar parser package is installed, so this one
 * is written to the grammar and refuses what a lenient calendar app would guess at. Content lines end with CRLF
 * (a bare CR or LF anywhere is an error, as is any other control character but HTAB in a value); a line that
 * starts with a space or a tab continues the one before (unfolding, §3.1); each line is
 * `name *(";" param) ":" value` (§3.1); BEGIN/END must nest; a TEXT value (§3.3.11) may hold `\\`, `\;`, `\,`,
 * `\n` or `\N` escapes only, and no unescaped `;` or `,`. Components are read from the unfolded lines, so a
 * `BEGIN:VEVENT` at the start of any line is an event.
 */

export interface IcsProperty {
  name: string;
  params: Record<string, string>;
  /** the value as written (escaped) */
  raw: string;
}

export interface IcsComponent {
  type: string;
  properties: IcsProperty[];
  components: IcsComponent[];
}

const NAME = /^[A-Za-z0-9-]+/;
// eslint-disable-next-line no-control-regex -- a value may hold no control character but HTAB (§3.1 VALUE-CHAR)
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f]/;

/** The content lines of an iCalendar stream, unfolded. */
export function unfoldIcs(text: string): string[] {
  const body = text.endsWith('\r\n') ? text.slice(0, -2) : text;
  const physical = body.split('\r\n');
  const lines: string[] = [];
  physical.forEach((line, i) => {
    if (/[\r\n]/.test(line)) throw new Error(`iCalendar: line ${i + 1} holds a bare CR or LF: ${JSON.stringify(line)}`);
    if (line.startsWith(' ') || line.startsWith('\t')) {
      if (!lines.length) throw new Error('iCalendar: the stream starts with a continuation line');
      lines[lines.length - 1] += line.slice(1);
    } else lines.push(line);
  });
  return lines;
}

/** One content line: its name, parameters and raw value. */
export function parseContentLine(line: string): IcsProperty {
  const name = NAME.exec(line)?.[0];
  if (!name) throw new Error(`iCalendar: no property name in ${JSON.stringify(line)}`);
  const params: Record<string, string> = {};
  let i = name.length;
  while (line[i] === ';') {
    const pname = NAME.exec(line.slice(i + 1))?.[0];
    if (!pname || line[i + 1 + pname.length] !== '=') throw new Error(`iCalendar: bad parameter in ${JSON.stringify(line)}`);
    i += 2 + pname.length;
    const quoted = line[i] === '"';
    const m = (quoted ? /^"[^"]*"/ : /^[^";:]*/).exec(line.slice(i))!;
    params[pname.toUpperCase()] = quoted ? m[0].slice(1, -1) : m[0];
    i += m[0].length;
  }
  if (line[i] !== ':') throw new Error(`iCalendar: no ':' after the name and parameters in ${JSON.stringify(line)}`);
  const raw = line.slice(i + 1);
  if (CONTROL.test(raw)) throw new Error(`iCalendar: a control character in the value of ${name}`);
  return { name: name.toUpperCase(), params, raw };
}

/** The stream's one top-level component (a VCALENDAR), with every component nested in it. */
export function parseIcs(text: string): IcsComponent {
  const stack: IcsComponent[] = [];
  let root: IcsComponent | null = null;
  for (const line of unfoldIcs(text)) {
    const p = parseContentLine(line);
    if (p.name === 'BEGIN') {
      if (root) throw new Error('iCalendar: content after the top-level component ended');
      const c: IcsComponent = { type: p.raw.toUpperCase(), properties: [], components: [] };
      stack[stack.length - 1]?.components.push(c);
      stack.push(c);
    } else if (p.name === 'END') {
      const c = stack.pop();
      if (!c || c.type !== p.raw.toUpperCase()) throw new Error(`iCalendar: END:${p.raw} does not close ${c ? `BEGIN:${c.type}` : 'anything'}`);
      if (!stack.length) root = c;
    } else {
      const top = stack[stack.length - 1];
      if (!top) throw new Error(`iCalendar: ${p.name} outside any component`);
      top.properties.push(p);
    }
  }
  if (!root || stack.length) throw new Error('iCalendar: the top-level component is not closed');
  return root;
}

/** A TEXT value (§3.3.11) as the text it stands for; throws on an escape the grammar has not, or an unescaped `;` or `,`. */
export function icsText(raw: string): string {
  return raw.replace(/\\(.?)|[;,]/g, (m, c: string) => {
    if (m === ';' || m === ',') throw new Error(`iCalendar: an unescaped '${m}' in the TEXT ${JSON.stringify(raw)}`);
    if (c === 'n' || c === 'N') return '\n';
    if (c === '\\' || c === ';' || c === ',') return c;
    throw new Error(`iCalendar: the escape \\${c} in the TEXT ${JSON.stringify(raw)}`);
  });
}

/** A component's one property as TEXT (throws when it is missing or repeated). */
export function icsTextOf(c: IcsComponent, name: string): string {
  const found = c.properties.filter((p) => p.name === name);
  if (found.length !== 1) throw new Error(`iCalendar: ${c.type} has ${found.length} ${name} properties`);
  return icsText(found[0].raw);
}
