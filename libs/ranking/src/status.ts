/**
 * Elite Six status during the season (SPEC 4): clinched, in contention or
 * eliminated, decided exactly over every possible outcome of the remaining
 * challenges, without enumerating them.
 *
 * The model (SPEC 4): each remaining challenge awards each slot of its
 * placement table at most once (one 500, one 350, two 200, four 100, eight 50)
 * and 25 to anyone else who plays; every player plays each challenge at most
 * once and may finish anywhere or not play at all. Slots nobody in the
 * standings takes go to players outside them (by default newcomers may also
 * join and score: `openField`). Players who lost Elite Six qualification are
 * never in the six, so they are nobody's rival and are themselves eliminated.
 *
 * ELIMINATED (ties counted in the player's favour). The outcome best for p is
 * p winning every remaining challenge while no rival plays: p's final total
 * F = T_p + 500·R is the most p can have, and every rival's final total is at
 * least what they have now, which they keep by not playing. Both extremes hold
 * in one outcome, so p can make the six iff F ≥ 1,000 and fewer than 6 rivals
 * already have more than F. (A tie at F counts for p.)
 *
 * CLINCHED (ties counted against the player). The outcome worst for p gives p
 * nothing more (any points for p, or any slot p occupies, only help p), so p's
 * final total is X = T_p. p fails iff X < 1,000 or at least 6 rivals end with
 * ≥ X. The a rivals already at ≥ X stay there; the adversary needs k = 6 − a
 * more rivals q to gain at least d_q = X − T_q each. Whoever can, the k with
 * the smallest deficits can (swap any chosen rival for one with a smaller
 * deficit and give them the same results), so only those k are tried.
 * Can k ≤ 6 players gain d_1..d_k over R challenges? In any one challenge, k
 * players are best off holding the k best slots of that challenge (a player in
 * a worse slot, or not playing, can move up to a free one among the top k), so
 * per challenge they share exactly the top-k values V (for k = 6: 500, 350,
 * 200, 200, 100, 100). Over R challenges each player holds R values, and a
 * value that appears m times in V is held m·R times in all. Conversely, any
 * such split of counts is playable: the player × slot count matrix has all
 * row and column sums R, so (König / Birkhoff) it is a sum of R permutation
 * matrices, one per challenge. So the question is a small integer program:
 * choose per player counts of each value (summing to R) within the totals m·R,
 * each player reaching their deficit. Only the values above the lowest need
 * their totals checked (any surplus of the lowest value can be upgraded into
 * the unused higher slots, which only adds points), and for each choice of
 * the higher counts a player takes the fewest of the last one that reach the
 * deficit (taking more only uses up a scarce slot). A dynamic programme over
 * the k players on the used counts of the higher values (at most 13·13·25
 * states for R = 12) decides it. It is checked against brute-force
 * enumeration in status.spec.ts.
 */
import { RANKING_POINTS } from './points';
import { ELITE_SIX_MIN_POINTS, ELITE_SIX_SIZE } from './elite-six';

/** A challenge's placement table for the status model: slots awarded once each, then participation for anyone else. */
export interface StatusPlacementTable {
  /** Points of each once-per-challenge slot, any order. */
  readonly slots: readonly number[];
  /** Points for anyone else who plays (unlimited). */
  readonly participation: number;
}

export const SEASON_PLACEMENT_TABLE: StatusPlacementTable = {
  slots: [
    RANKING_POINTS['1'],
    RANKING_POINTS['2'],
    ...new Array<number>(2).fill(RANKING_POINTS['3-4']),
    ...new Array<number>(4).fill(RANKING_POINTS['5-8']),
    ...new Array<number>(8).fill(RANKING_POINTS['9-16']),
  ],
  participation: RANKING_POINTS.participation,
};

export type SeasonStatus = 'clinched' | 'in-contention' | 'eliminated';

export interface StatusInput {
  readonly playerId: string;
  readonly points: number;
  /** False after a loss of Elite Six qualification (conduct); default true. */
  readonly eliteSixEligible?: boolean;
}

export interface PlayerStatus {
  readonly playerId: string;
  readonly points: number;
  /** The most this player can still earn: the best slot (500) per remaining challenge. */
  readonly pointsStillPossible: number;
  readonly maxPoints: number;
  readonly status: SeasonStatus;
}

export interface StatusOptions {
  /** Places in the Elite Six (6). */
  readonly cutSize?: number;
  /** Points required (1,000). */
  readonly minPoints?: number;
  readonly table?: StatusPlacementTable;
  /**
   * Players not yet in the standings may join and score (default true). With
   * false, only the players given can score; slots they do not take go unawarded.
   */
  readonly openField?: boolean;
}

/**
 * Whether players needing `deficits` more points can all reach them at once
 * over `remaining` challenges of `table` (see the module comment).
 */
export function canAllReach(deficits: readonly number[], remaining: number, table: StatusPlacementTable = SEASON_PLACEMENT_TABLE): boolean {
  const needs = deficits.filter((d) => d > 0).sort((a, b) => b - a);
  const k = needs.length;
  if (k === 0) return true;
  const R = remaining;
  const sorted = [...table.slots].sort((a, b) => b - a);
  const top: number[] = [];
  for (let i = 0; i < k; i++) top.push(i < sorted.length ? sorted[i] : table.participation);
  if (needs[0] > top[0] * R) return false;

  // Distinct values of the top k, best first, with how many of each per challenge.
  const values: number[] = [];
  const perChallenge: number[] = [];
  for (const v of top) {
    if (values.length > 0 && values[values.length - 1] === v) perChallenge[perChallenge.length - 1]++;
    else {
      values.push(v);
      perChallenge.push(1);
    }
  }
  const caps = perChallenge.slice(0, -1).map((m) => m * R);
  return canAllReachPooled(needs, R, values, caps);
}

/**
 * The same question over a pool of values: `values` distinct, best first, each but the lowest held at most
 * `caps[i]` times in all; every player holds `remaining` values (one per challenge), the rest at the lowest.
 * For identical challenges this is exact (see the module comment); for challenges that differ (some slots
 * taken by someone else) the pool lets a player hold two values of one challenge, so it can only say "yes"
 * more often: a "no" is certain.
 */
export function canAllReachPooled(deficits: readonly number[], remaining: number, values: readonly number[], caps: readonly number[]): boolean {
  const needs = deficits.filter((d) => d > 0).sort((a, b) => b - a);
  if (needs.length === 0) return true;
  const R = remaining;
  if (values.length === 0 || needs[0] > values[0] * R) return false;
  const low = values[values.length - 1];
  const dims = values.length - 1; // the capped higher values
  if (dims === 0) return needs.every((d) => d <= low * R);

  // A state is the counts used of each capped value, as one number in mixed radix (caps[i] + 1), kept in a flat array.
  const radix: number[] = [];
  let size = 1;
  for (const c of caps) {
    radix.push(size);
    size *= c + 1;
  }
  const seen = size <= 1 << 24 ? new Uint8Array(size) : null;
  let states: number[] = [0];
  const used = new Array<number>(dims).fill(0);
  for (const need of needs) {
    const next: number[] = [];
    const nextSet = seen ? null : new Set<number>();
    seen?.fill(0);
    for (const key of states) {
      let rest = key;
      for (let i = dims - 1; i >= 0; i--) {
        used[i] = Math.floor(rest / radix[i]);
        rest -= used[i] * radix[i];
      }
      const place = (t: number, count: number, gained: number, acc: number): void => {
        if (t === dims - 1) {
          // Fewest of the last higher value that reach the need, the rest at the lowest value.
          const left = R - count;
          const short = need - gained - R * low;
          const step = values[t] - low;
          const take = short <= 0 ? 0 : Math.ceil(short / step);
          if (take > left || used[t] + take > caps[t]) return;
          const after = key + acc + take * radix[t];
          if (seen) {
            if (seen[after]) return;
            seen[after] = 1;
          } else {
            if (nextSet!.has(after)) return;
            nextSet!.add(after);
          }
          next.push(after);
          return;
        }
        const max = Math.min(R - count, caps[t] - used[t]);
        for (let c = 0; c <= max; c++) place(t + 1, count + c, gained + c * (values[t] - low), acc + c * radix[t]);
      };
      place(0, 0, 0, 0);
    }
    if (next.length === 0) return false;
    states = seen ? frontier(next, seen, radix, caps) : next;
  }
  return true;
}

/**
 * The states no other state is below in every count (using more of a scarce value never helps the
 * players still to come, so a state with another below it adds nothing). `seen` marks the states
 * (it is overwritten with the downward closure: a state is below-or-equal to one marked).
 */
function frontier(states: number[], seen: Uint8Array, radix: readonly number[], caps: readonly number[]): number[] {
  const dims = caps.length;
  const marked = Uint8Array.from(seen);
  // seen[x] := some marked state ≤ x, dimension by dimension (a prefix OR along each axis).
  for (let d = 0; d < dims; d++) {
    const r = radix[d];
    const span = r * (caps[d] + 1);
    for (let x = 0; x < seen.length; x++) if (!seen[x] && x % span >= r && seen[x - r]) seen[x] = 1;
  }
  const out: number[] = [];
  for (const x of states) {
    if (!marked[x]) continue;
    let dominated = false;
    for (let d = 0; d < dims && !dominated; d++) {
      const r = radix[d];
      if ((Math.floor(x / r) % (caps[d] + 1)) > 0 && seen[x - r]) dominated = true;
    }
    if (!dominated) out.push(x);
  }
  return out;
}

/** Each player's status, in the order given, and the points still possible for anyone (see `seasonStatus`). */
export function seasonStatuses(
  players: readonly StatusInput[],
  remainingChallenges: number,
  options: StatusOptions = {},
): { statuses: SeasonStatus[]; pointsStillPossible: number } {
  const cut = options.cutSize ?? ELITE_SIX_SIZE;
  const minPoints = options.minPoints ?? ELITE_SIX_MIN_POINTS;
  const table = options.table ?? SEASON_PLACEMENT_TABLE;
  const openField = options.openField ?? true;
  const R = Math.max(0, remainingChallenges);
  const best = Math.max(table.participation, ...table.slots);
  const stillPossible = best * R;

  // Rivals: eligible players' points, highest first (given in standings order they are sorted already).
  // Sized once (growing by push copies it several times over at 50,000 players).
  const rivalPoints = new Array<number>(players.length);
  let rivals = 0;
  for (const p of players) if (p.eliteSixEligible !== false) rivalPoints[rivals++] = p.points;
  rivalPoints.length = rivals;
  let sorted = true;
  for (let i = 1; i < rivalPoints.length && sorted; i++) sorted = rivalPoints[i - 1] >= rivalPoints[i];
  if (!sorted) rivalPoints.sort((a, b) => b - a);
  // Counts of rivals with points > x / ≥ x, by binary search on the descending list.
  const countAbove = (x: number, orEqual: boolean): number => {
    let lo = 0;
    let hi = rivalPoints.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (orEqual ? rivalPoints[mid] >= x : rivalPoints[mid] > x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const statusOf = (p: StatusInput): SeasonStatus => {
    if (p.eliteSixEligible === false) return 'eliminated';
    const finalBest = p.points + stillPossible;
    // Rivals with more than the player's best final total (the player is among the "≥" rivals of itself only when counting ≥).
    if (finalBest < minPoints || countAbove(finalBest, false) >= cut) return 'eliminated';

    const x = p.points;
    if (x < minPoints) return 'in-contention';
    const already = countAbove(x, true) - 1; // minus the player themself
    if (already >= cut) return 'in-contention';
    const k = cut - already;
    // The k rivals below x with the smallest deficits: the next ones down the list (all below x, so never the player).
    const deficits: number[] = [];
    for (let i = already + 1; i < rivalPoints.length && deficits.length < k; i++) deficits.push(x - rivalPoints[i]);
    if (openField) while (deficits.length < k) deficits.push(x);
    const caught = deficits.length >= k && canAllReach(deficits, R, table);
    return caught ? 'in-contention' : 'clinched';
  };

  const out = new Array<SeasonStatus>(players.length);
  for (let i = 0; i < players.length; i++) out[i] = statusOf(players[i]);
  return { statuses: out, pointsStillPossible: stillPossible };
}

export function seasonStatus(players: readonly StatusInput[], remainingChallenges: number, options: StatusOptions = {}): PlayerStatus[] {
  const { statuses, pointsStillPossible } = seasonStatuses(players, remainingChallenges, options);
  return players.map((p, i) => ({ playerId: p.playerId, points: p.points, pointsStillPossible, maxPoints: p.points + pointsStillPossible, status: statuses[i] }));
}
