/**
 * How a live game's hands are shuffled (SPEC 3.3, provably fair).
 *
 * The game's generator is seeded once from its secret seed (`seedRng(seed)`) and
 * never advanced by dealing. Hand h is shuffled by its own generator, seeded with
 * SHA-256 of that state and h:
 *
 *   order(h) = shuffle(seedRng(sha256hex(`${a}.${b}.${c}.${d}:${h}`)), ALL_TILES)
 *   where [a, b, c, d] = seedRng(seed)
 *
 * so anyone given the seed after the game re-derives every deal, while the tiles
 * seen during a game (which reveal most of each hand's shuffle) give nothing that
 * predicts the next hand — a single continuing non-cryptographic stream would let
 * a determined player solve for its state.
 */
import { sha256Hex } from './hash';
import { RngState, seedRng, shuffle } from './rng';
import { ALL_TILES, Tile } from './tiles';

/** The seed string of hand `hand`'s shuffle. */
export function handSeed(gameRng: Readonly<RngState>, hand: number): string {
  return sha256Hex(`${gameRng[0]}.${gameRng[1]}.${gameRng[2]}.${gameRng[3]}:${hand}`);
}

/** The shuffled 28 tiles of hand `hand`; the picker takes the first ones (docs/rules.md). */
export function liveDealOrder(gameRng: Readonly<RngState>, hand: number): Tile[] {
  return shuffle(seedRng(handSeed(gameRng, hand)), ALL_TILES);
}
