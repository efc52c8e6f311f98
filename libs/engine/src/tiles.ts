/**
 * Tiles of the double-six set. A tile is written `high-low` ("6-4", "5-5",
 * "3-0"); input accepts either order. Internally a tile also has an index
 * 0..27 (ordered 0-0, 1-0, 1-1, 2-0, 2-1, 2-2, …, 6-6) used by the fast path.
 */
export type Tile = string;

export interface TileParts {
  readonly high: number;
  readonly low: number;
}

export const ALL_TILES: readonly Tile[] = (() => {
  const out: Tile[] = [];
  for (let high = 0; high <= 6; high++) for (let low = 0; low <= high; low++) out.push(`${high}-${low}`);
  return out;
})();

const TILE_RE = /^([0-6])-([0-6])$/;

/** Parses "a-b" in either order; returns null when it is not a double-six tile. */
export function parseTile(text: unknown): TileParts | null {
  if (typeof text !== 'string') return null;
  const m = TILE_RE.exec(text.trim());
  if (!m) return null;
  const a = Number(m[1]);
  const b = Number(m[2]);
  return a >= b ? { high: a, low: b } : { high: b, low: a };
}

/** Normalises "4-6" to "6-4"; null when it is not a tile. */
export function normalizeTile(text: unknown): Tile | null {
  const p = parseTile(text);
  return p ? `${p.high}-${p.low}` : null;
}

export function tileOf(high: number, low: number): Tile {
  return high >= low ? `${high}-${low}` : `${low}-${high}`;
}

export function tileIndex(tile: Tile): number {
  const p = parseTile(tile);
  if (!p) throw new RangeError(`not a tile: ${tile}`);
  return (p.high * (p.high + 1)) / 2 + p.low;
}

export function tileFromIndex(index: number): Tile {
  return ALL_TILES[index];
}

export function pips(tile: Tile): number {
  const p = parseTile(tile);
  if (!p) throw new RangeError(`not a tile: ${tile}`);
  return p.high + p.low;
}

export function isDouble(tile: Tile): boolean {
  const p = parseTile(tile);
  return p !== null && p.high === p.low;
}
