/**
 * Event percentages and places of a duplicate night (SPEC 9.3), and the 6-4/5-5 draw for a tie at 1st (SPEC 2,
 * the engine's draw). Pure.
 *
 *   event percentage = the average of a person's board percentages (the boards scored so far: running results
 *                      after each round, final results at the end)
 *   places           = by event percentage rounded to two decimals, highest first; a tie shares the place
 *                      (1, 2, 2, 4 …); a tie for 1st is settled by the draw: it decides 1st only, the other tied
 *                      people share 2nd. Computers are compared but not placed; the disqualified are not placed.
 */
import { MAX_TIEBREAK_PLAYERS, type StartDrawInput, type TiebreakResult } from '@dcs/engine';
import { scoreBoards, type ScoringInput, type SeatBoardScore } from './matchpoints';

export interface DuplicateStanding {
  readonly id: string;
  readonly computer: boolean;
  readonly disqualified: boolean;
  /** boards with a percentage */
  readonly boards: number;
  /** the average board percentage, to two decimals (what places are decided by) */
  readonly percentage: number;
  /** null for a computer and for a disqualified person */
  readonly place: number | null;
}

/**
 * `none`: 1st is one person's (or nobody is placed yet). `draw`: 2 to 14 people share the best percentage and the
 * 6-4/5-5 draw decides 1st. `shared`: more than 14 do (the draw cannot be held, docs/rules.md), they share 1st.
 */
export type FirstPlace = { readonly kind: 'none' } | { readonly kind: 'draw'; readonly players: readonly string[] } | { readonly kind: 'shared'; readonly players: readonly string[] };

export interface DuplicateResults {
  readonly boards: readonly SeatBoardScore[];
  /** the placed first (by place, then id), then the computers, then the disqualified */
  readonly standings: readonly DuplicateStanding[];
  readonly firstPlace: FirstPlace;
}

/** Two decimals, half up (the places compare these). */
export function twoDecimals(x: number): number {
  return Math.round(x * 100 + 1e-6) / 100;
}

/** Places by percentage: 1 + the number of placed people with a higher percentage (ties share). */
function placesOf(placed: { id: string; percentage: number }[]): Map<string, number> {
  const sorted = placed.slice().sort((a, b) => b.percentage - a.percentage || (a.id < b.id ? -1 : 1));
  const out = new Map<string, number>();
  sorted.forEach((p, i) => out.set(p.id, i > 0 && sorted[i - 1].percentage === p.percentage ? (out.get(sorted[i - 1].id) as number) : i + 1));
  return out;
}

/** Standings from the scored boards (see the header). */
export function standingsOf(boards: readonly SeatBoardScore[]): { standings: DuplicateStanding[]; firstPlace: FirstPlace } {
  const sums = new Map<string, { computer: boolean; disqualified: boolean; sum: number; n: number }>();
  for (const b of boards) {
    const acc = sums.get(b.id) ?? { computer: b.computer, disqualified: b.disqualified, sum: 0, n: 0 };
    if (b.percentage !== null) {
      acc.sum += b.percentage;
      acc.n += 1;
    }
    sums.set(b.id, acc);
  }
  const rows = [...sums].map(([id, a]) => ({
    id,
    computer: a.computer,
    disqualified: !a.computer && a.disqualified,
    boards: a.n,
    percentage: a.n ? twoDecimals(a.sum / a.n) : 0,
  }));
  const placed = rows.filter((r) => !r.computer && !r.disqualified && r.boards > 0);
  const places = placesOf(placed);
  const rank = (r: (typeof rows)[number]) => (places.has(r.id) ? 0 : r.computer ? 1 : 2);
  const standings: DuplicateStanding[] = rows
    .map((r) => ({ ...r, place: places.get(r.id) ?? null }))
    .sort((a, b) => rank(a) - rank(b) || (a.place ?? 0) - (b.place ?? 0) || b.percentage - a.percentage || (a.id < b.id ? -1 : 1));
  const first = standings.filter((s) => s.place === 1).map((s) => s.id);
  const firstPlace: FirstPlace = first.length < 2 ? { kind: 'none' } : first.length > MAX_TIEBREAK_PLAYERS ? { kind: 'shared', players: first } : { kind: 'draw', players: first };
  return { standings, firstPlace };
}

/** Boards, percentages, places and whether 1st needs the draw: the whole computation of SPEC 9.3. */
export function duplicateResults(input: ScoringInput): DuplicateResults {
  const boards = scoreBoards(input);
  return { boards, ...standingsOf(boards) };
}

/** The engine draw for a tie at 1st: the tied people, one place decided (null when no draw is due). */
export function firstPlaceDrawInput(results: Pick<DuplicateResults, 'firstPlace'>, drawId: string): StartDrawInput | null {
  return results.firstPlace.kind === 'draw' ? { drawId, players: [...results.firstPlace.players], places: 1 } : null;
}

/** The standings once the draw has decided 1st: its winner is 1st, the others tied with them share 2nd. */
export function settleFirstPlace(results: DuplicateResults, draw: Pick<TiebreakResult, 'winners'>): DuplicateResults {
  if (results.firstPlace.kind !== 'draw') throw new Error('no draw for 1st is due');
  const tied = new Set(results.firstPlace.players);
  const winner = draw.winners[0];
  if (!tied.has(winner)) throw new Error(`the draw's winner ${winner} was not tied for 1st`);
  const standings = results.standings
    .map((s) => (tied.has(s.id) ? { ...s, place: s.id === winner ? 1 : 2 } : s))
    .sort((a, b) => (a.place === null ? 1 : 0) - (b.place === null ? 1 : 0) || (a.place ?? 0) - (b.place ?? 0));
  return { ...results, standings, firstPlace: { kind: 'none' } };
}
