/**
 * Precomputed tables for the fast path. A tile is its index 0..27 in the order
 * of `tiles.ts` (0-0, 1-0, 1-1, 2-0, …, 6-6: index = high*(high+1)/2 + low), a
 * set of tiles is a 28-bit mask in a plain int (bit i = tile i).
 *
 * Every table is built once at module load; the hot loop only reads them.
 */

export const TILE_COUNT = 28;
export const ALL_TILES_MASK = 0x0fffffff;

/** Ends of the board as they appear in a move: W and E (the line), N and S (the spinner's arms). */
export const END_W = 0;
export const END_E = 1;
export const END_N = 2;
export const END_S = 3;
export const END_NAMES: readonly ['W', 'E', 'N', 'S'] = ['W', 'E', 'N', 'S'];

/** The higher number of each tile. */
export const TILE_HIGH = new Int32Array(TILE_COUNT);
/** The lower number of each tile. */
export const TILE_LOW = new Int32Array(TILE_COUNT);
/** Pips of each tile. */
export const TILE_PIPS = new Int32Array(TILE_COUNT);
/** 1 for the seven doubles. */
export const TILE_IS_DOUBLE = new Int32Array(TILE_COUNT);
/** Tiles showing number v (v = 0..6) on either side, as a mask. Index 7 is an empty mask (a closed end). */
export const MATCH = new Int32Array(8);
/** Bit of the double v-v. */
export const DOUBLE_BIT = new Int32Array(7);
/** Mask of the seven doubles. */
export const DOUBLES_MASK = (() => {
  let m = 0;
  for (let v = 0; v <= 6; v++) m |= 1 << ((v * (v + 1)) / 2 + v);
  return m;
})();
/**
 * OTHER[tile * 8 + v]: the number a tile exposes once its side v is matched to
 * an end showing v (the same v for a double); -1 when the tile does not show v.
 */
export const OTHER = new Int32Array(TILE_COUNT * 8).fill(-1);
/** Text of each tile, high-low. */
export const TILE_TEXT: readonly string[] = (() => {
  const out: string[] = [];
  for (let high = 0; high <= 6; high++) for (let low = 0; low <= high; low++) out.push(`${high}-${low}`);
  return out;
})();
/**
 * SCORE_OF_SUM[sum]: what an open-end total is worth to a player on the board
 * (the total when it is a multiple of 5, else 0). The largest possible total is
 * 4 ends × 12 = 48.
 */
export const SCORE_OF_SUM = new Int32Array(64);
/** Number of set bits of a 14-bit value; popcount(x) = POP14[x & 0x3fff] + POP14[x >>> 14]. */
export const POP14 = new Uint8Array(1 << 14);
/** Pip total of the tiles of a 14-bit half mask: low half = tiles 0..13, high half = tiles 14..27. */
export const PIPS_LO14 = new Int32Array(1 << 14);
export const PIPS_HI14 = new Int32Array(1 << 14);

(() => {
  let t = 0;
  for (let high = 0; high <= 6; high++) {
    for (let low = 0; low <= high; low++, t++) {
      TILE_HIGH[t] = high;
      TILE_LOW[t] = low;
      TILE_PIPS[t] = high + low;
      TILE_IS_DOUBLE[t] = high === low ? 1 : 0;
      MATCH[high] |= 1 << t;
      MATCH[low] |= 1 << t;
      OTHER[t * 8 + high] = low;
      OTHER[t * 8 + low] = high;
      if (high === low) DOUBLE_BIT[high] = 1 << t;
    }
  }
  for (let s = 0; s < SCORE_OF_SUM.length; s++) SCORE_OF_SUM[s] = s % 5 === 0 ? s : 0;
  for (let x = 1; x < 1 << 14; x++) {
    const low = 31 - Math.clz32(x & -x);
    POP14[x] = POP14[x & (x - 1)] + 1;
    PIPS_LO14[x] = PIPS_LO14[x & (x - 1)] + TILE_PIPS[low];
    PIPS_HI14[x] = PIPS_HI14[x & (x - 1)] + TILE_PIPS[low + 14];
  }
})();

/** Number of tiles in a mask. */
export function popcount(mask: number): number {
  return POP14[mask & 0x3fff] + POP14[(mask >>> 14) & 0x3fff];
}

/** Pip total of the tiles in a mask. */
export function pipsOf(mask: number): number {
  return PIPS_LO14[mask & 0x3fff] + PIPS_HI14[(mask >>> 14) & 0x3fff];
}

/** Index of the lowest tile in a non-empty mask. */
export function lowestTile(mask: number): number {
  return 31 - Math.clz32(mask & -mask);
}

/** Rounds a count to the nearest 5 (remainder 0-2 down, 3-4 up: 12 → 10, 13 → 15). */
export function roundToFive(x: number): number {
  return (((x + 2) / 5) | 0) * 5;
}

/** Mask of the tiles named in `tiles` (indices 0..27). */
export function maskOf(tiles: Iterable<number>): number {
  let m = 0;
  for (const t of tiles) m |= 1 << t;
  return m;
}

/** Tile indices of a mask, ascending. */
export function tilesOf(mask: number): number[] {
  const out: number[] = [];
  for (let m = mask; m !== 0; m &= m - 1) out.push(31 - Math.clz32(m & -m));
  return out;
}
