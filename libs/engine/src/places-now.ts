/**
 * A challenge table while its game runs: each seat's place if the game ended now, and who would
 * advance (SPEC 3.2, 3.5), from what every viewer of the table sees (the view's scores and
 * forfeits). The same rule as the table's decision (libs/tournament `tableOutcome` over the
 * engine's `tablePlaces`) with nobody at the target yet: places by score, highest first, seats on
 * the same score sharing the better place; forfeited seats last. The top `advance` seats advance
 * (none at the final table); a tie across the advancement cut — or, at the final table, a tie for
 * 1st or 2nd (places worth different ranking points) — would be settled by the 6-4/5-5 draw.
 *
 * "Now" is the scores now: a hard stop would also void the hand in progress (docs/rules.md).
 */

export interface PlaceNow {
  seat: number;
  /** 1-based, shared by seats on the same score; null for a forfeited seat (last, in the order they forfeited) */
  place: number | null;
  score: number;
  /** 'draw': on a tie the 6-4/5-5 draw would decide; at the final table always false */
  advances: boolean | 'draw';
}

export interface TableNow {
  /** seats from 1st to last (seats on the same score in seat order; forfeited seats last) */
  places: PlaceNow[];
  /** the tied seats a 6-4/5-5 draw would settle, and for how many places, or null */
  draw: { seats: number[]; places: number } | null;
}

/** Seats that advance from a non-final challenge table (SPEC 3.2). */
export const ADVANCING_SEATS = 2;

export function placesIfEndedNow(scores: readonly number[], forfeited: readonly boolean[], final: boolean, advance = ADVANCING_SEATS): TableNow {
  const seats = scores.map((_, s) => s);
  const active = seats.filter((s) => !forfeited[s]).sort((a, b) => scores[b] - scores[a] || a - b);
  const out = seats.filter((s) => forfeited[s]);
  let draw: TableNow['draw'] = null;
  const places: PlaceNow[] = [];
  for (let i = 0; i < active.length; ) {
    let j = i + 1;
    while (j < active.length && scores[active[j]] === scores[active[i]]) j++;
    const first = i + 1;
    const last = j;
    // The first tie that matters, as the table's decision takes it: across the cut, or for a place of the final worth more.
    const decides = j - i > 1 && first <= advance && (final || last > advance);
    if (decides && !draw) draw = { seats: active.slice(i, j), places: Math.min(Math.min(last, advance) - first + 1, j - i - 1) };
    for (let k = i; k < j; k++) {
      const advances = final ? false : decides ? 'draw' : first <= advance;
      places.push({ seat: active[k], place: first, score: scores[active[k]], advances });
    }
    i = j;
  }
  for (const s of out) places.push({ seat: s, place: null, score: scores[s], advances: false });
  return { places, draw };
}
