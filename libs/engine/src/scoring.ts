/**
 * What a play or a count is worth (SPEC 1.5, 1.6), as pure functions.
 */
import type { RulesetDef } from './rulesets';
import type { Settings } from './types';

/** Nearest 5: a remainder of 0-2 rounds down, 3-4 rounds up (12 → 10, 13 → 15, 2 → 0). */
export function roundToFive(n: number): number {
  const r = n % 5;
  return r <= 2 ? n - r : n + (5 - r);
}

export interface Award {
  points: number;
  /** true when this award puts the seat (its team) on the board */
  getsOn: boolean;
}

/**
 * The points of an open-end total `sum` for a seat whose on-board status is `onBoard`.
 * Tournament: Grey scores only an exact 10 (and turns Yellow); Yellow scores any
 * multiple of 5. House: a multiple of 5, at least the smallest score and, until
 * on the board, at least the get-on number.
 */
export function playAward(def: RulesetDef, settings: Settings, onBoard: boolean, sum: number): Award {
  if (sum <= 0 || sum % 5 !== 0) return { points: 0, getsOn: false };
  if (def.tournament) {
    if (onBoard) return { points: sum, getsOn: false };
    return sum === 10 ? { points: 10, getsOn: true } : { points: 0, getsOn: false };
  }
  return houseAward(settings, onBoard, sum);
}

/**
 * The points of a domino or lock count of `pips` opponents' pips, rounded to
 * the nearest 5. Tournament: only a Yellow player scores it; it never gets a
 * Grey player on. House: the same test as a play (a rounded 5 scores 0 with
 * smallest score 10), and it can get a player on.
 */
export function countAward(def: RulesetDef, settings: Settings, onBoard: boolean, pips: number): Award {
  const rounded = roundToFive(pips);
  if (rounded <= 0) return { points: 0, getsOn: false };
  if (def.tournament) return onBoard ? { points: rounded, getsOn: false } : { points: 0, getsOn: false };
  return houseAward(settings, onBoard, rounded);
}

function houseAward(settings: Settings, onBoard: boolean, value: number): Award {
  if (value < settings.minScore) return { points: 0, getsOn: false };
  if (!onBoard && value < settings.getOn) return { points: 0, getsOn: false };
  return { points: value, getsOn: !onBoard };
}

/** The skunk line: a loser under it owes double (under 80 at 150, under 130 at 250). */
export function skunkLine(target: number): number {
  return target >= 250 ? 130 : 80;
}
