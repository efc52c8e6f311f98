/** An SQL LIKE/ILIKE pattern matching any text that holds `part`: its `%`, `_` and `\` stand for themselves. */
export function containsPattern(part: string): string {
  return `%${escapeLike(part)}%`;
}

/** An SQL LIKE/ILIKE pattern matching any text that starts with `part`. */
export function startsWithPattern(part: string): string {
  return `${escapeLike(part)}%`;
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}
