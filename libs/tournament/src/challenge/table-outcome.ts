/**
 * What a finished table means for the bracket (SPEC 3.5), as pure functions:
 * who advances, or which tied seats must draw 6-4/5-5 first.
 */
import type { TablePlaces } from '@dcs/engine';

export type TableOutcome =
  | { kind: 'decided'; order: number[]; advanced: number[] }
  | { kind: 'tiebreak'; group: number[]; places: number };

/** Seats that advance from a non-final table. */
export const ADVANCE = 2;

/**
 * From the engine's places: a tie that straddles the advancement cut (non-final
 * tables), or that separates 1st from 2nd or 2nd from 3rd (the final table, where
 * those places carry different ranking points), needs a draw; 3rd and 4th share.
 * `places` is how many of the group's top places the draw must decide.
 */
export function tableOutcome(p: TablePlaces, final: boolean): TableOutcome {
  for (const group of p.ties) {
    const first = p.order.indexOf(group[0]) + 1;
    const last = first + group.length - 1;
    if (first > ADVANCE) continue;
    if (!final && last <= ADVANCE) continue; // both advance: their order does not matter
    const places = Math.min(Math.min(last, ADVANCE) - first + 1, group.length - 1);
    return { kind: 'tiebreak', group: group.slice(), places };
  }
  return { kind: 'decided', order: p.order.slice(), advanced: final ? [] : p.order.slice(0, ADVANCE) };
}

/** The order after a draw: the seats above the group, the draw's winners, the rest of the group, the seats below. */
export function orderAfterDraw(p: TablePlaces, group: readonly number[], drawWinners: readonly number[], final: boolean): TableOutcome {
  const start = p.order.indexOf(group[0]);
  const rest = group.filter((s) => !drawWinners.includes(s));
  const order = [...p.order.slice(0, start), ...drawWinners, ...rest, ...p.order.slice(start + group.length)];
  return { kind: 'decided', order, advanced: final ? [] : order.slice(0, ADVANCE) };
}

/** The final place a finalist earns from its position in the final order: 1, 2, then 3 for 3rd-4th. */
export function finalPlaceOf(position: number): 1 | 2 | 3 {
  return position === 0 ? 1 : position === 1 ? 2 : 3;
}

/**
 * A director's corrected order (user ids, 1st first) must keep every player who is out of play — disqualified, or
 * whose seat forfeited — below every player still in it (SPEC 3.5: a forfeited player is last), so a correction
 * never moves one of them up into an advancement slot or a better final place. Returns the first player listed
 * above someone still in play, or null when the order is acceptable.
 */
export function outOfPlayAhead(order: readonly string[], out: ReadonlySet<string>): string | null {
  const lastIn = order.reduce((last, id, i) => (out.has(id) ? last : i), -1);
  return order.slice(0, Math.max(lastIn, 0)).find((id) => out.has(id)) ?? null;
}
