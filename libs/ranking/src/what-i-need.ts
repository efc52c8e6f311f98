/**
 * "What I need" (issue 24): for a player in contention for the Elite Six, the
 * smallest result of their own that clinches whatever everyone else does, and the
 * fewest points below which they are out, from the same model as the status
 * (status.ts: each remaining challenge awards each slot of its placement table once).
 *
 * CLINCH. A result is "finish at level L or better in j of the remaining R
 * challenges" (L: win, top 2, top 4, top 8, top 16, or play). Its worst case for
 * the player is exactly L's points in j challenges and nothing elsewhere, with the
 * L slot of those j challenges taken by the player (a better finish only adds
 * points and takes a better slot from the rivals). It clinches when, with X = the
 * player's points after it, X ≥ 1,000 and the rivals cannot put 6 of themselves at
 * X or above: those already there stay, the others with the smallest deficits must
 * gain them over the R challenges from what the player left (`canAllReachPooled`,
 * whose "cannot" is certain, so a clinch named here is a clinch). The smallest
 * such result by points (then by fewer challenges) is named; none when even
 * winning every remaining challenge would not clinch.
 *
 * OUT. The outcome best for the player is their winning what they can while no
 * rival scores: they make the six iff their final total reaches 1,000 and no six
 * rivals are above it. So they are out as soon as they can no longer gain
 * max(1,000 − points, points of the 6th rival above them − points): below that
 * gain (ties count for them) nothing anyone else does can save them.
 */
import { ELITE_SIX_MIN_POINTS, ELITE_SIX_SIZE } from './elite-six';
import { RANKING_POINTS, type Placement } from './points';
import { canAllReachPooled, seasonStatuses, SEASON_PLACEMENT_TABLE, type SeasonStatus, type StatusInput, type StatusPlacementTable } from './status';

export interface ClinchResult {
  /** finish at this level or better ('participation': simply play; null for a table other than the season's) … */
  level: Placement | null;
  /** … worth at least this many points each … */
  value: number;
  /** … in this many of the remaining challenges */
  challenges: number;
  /** the points it brings at the least */
  points: number;
}

export interface WhatINeed {
  playerId: string;
  status: SeasonStatus;
  points: number;
  remainingChallenges: number;
  /** in contention: the smallest result of theirs that clinches (null: none does alone) */
  clinch: ClinchResult | null;
  /** in contention: they are out if they gain fewer than this many more points (0: already enough in the best case) */
  outBelow: number | null;
}

export interface WhatINeedOptions {
  cutSize?: number;
  minPoints?: number;
  table?: StatusPlacementTable;
  /** newcomers may join and score (default true), as in the status */
  openField?: boolean;
}

/** The season's name of a level (the default table), or null. */
function placementOf(value: number, table: StatusPlacementTable): Placement | null {
  if (table !== SEASON_PLACEMENT_TABLE) return null;
  return (Object.keys(RANKING_POINTS) as Placement[]).find((k) => RANKING_POINTS[k] === value) ?? null;
}

/** The rivals' pool over `remaining` challenges when the player holds `level` in `j` of them. */
function rivalPool(table: StatusPlacementTable, remaining: number, k: number, level: number | null, j: number): { values: number[]; caps: number[] } {
  const counts = new Map<number, number>();
  const topK = (slots: readonly number[]): number[] => {
    const sorted = [...slots].sort((a, b) => b - a);
    return Array.from({ length: k }, (_, i) => (i < sorted.length ? sorted[i] : table.participation));
  };
  const full = topK(table.slots);
  let without = full;
  if (level !== null) {
    const i = table.slots.indexOf(level);
    without = i < 0 ? full : topK(table.slots.filter((_, s) => s !== i));
  }
  for (let c = 0; c < remaining; c++) for (const v of c < j ? without : full) counts.set(v, (counts.get(v) ?? 0) + 1);
  const values = [...counts.keys()].sort((a, b) => b - a);
  return { values, caps: values.slice(0, -1).map((v) => counts.get(v)!) };
}

/** Whether `me` is sure of the six with `final` points after holding `level` (a slot value, or null) in `j` challenges. */
function clinchedWith(final: number, rivals: readonly number[], remaining: number, level: number | null, j: number, o: Required<WhatINeedOptions>): boolean {
  if (final < o.minPoints) return false;
  let already = 0;
  for (const r of rivals) if (r >= final) already++;
  if (already >= o.cutSize) return false;
  const k = o.cutSize - already;
  const deficits = rivals.filter((r) => r < final).sort((a, b) => b - a).slice(0, k).map((r) => final - r);
  if (o.openField) while (deficits.length < k) deficits.push(final);
  if (deficits.length < k) return true;
  const { values, caps } = rivalPool(o.table, remaining, k, level, j);
  return !canAllReachPooled(deficits, remaining, values, caps);
}

/**
 * What each of `players` (in any order; all the season's eligible rivals must be among them) needs with
 * `remaining` challenges left; only the players named in `ids` (default: all) are answered.
 */
export function whatINeed(players: readonly StatusInput[], remaining: number, ids?: readonly string[], options: WhatINeedOptions = {}): WhatINeed[] {
  const o: Required<WhatINeedOptions> = {
    cutSize: options.cutSize ?? ELITE_SIX_SIZE,
    minPoints: options.minPoints ?? ELITE_SIX_MIN_POINTS,
    table: options.table ?? SEASON_PLACEMENT_TABLE,
    openField: options.openField ?? true,
  };
  const R = Math.max(0, remaining);
  const { statuses } = seasonStatuses(players, R, o);
  const wanted = ids ? new Set(ids) : null;
  // the levels of finish, best first: each distinct slot (held by the player), then simply playing
  const levels = [...new Set(o.table.slots)].sort((a, b) => b - a).map((v) => ({ value: v, slot: v as number | null }));
  if (o.table.participation > 0) levels.push({ value: o.table.participation, slot: null });
  const out: WhatINeed[] = [];
  players.forEach((p, i) => {
    if (wanted && !wanted.has(p.playerId)) return;
    const base = { playerId: p.playerId, status: statuses[i], points: p.points, remainingChallenges: R };
    if (statuses[i] !== 'in-contention') {
      out.push({ ...base, clinch: null, outBelow: null });
      return;
    }
    const rivals = players.filter((q, j) => j !== i && q.eliteSixEligible !== false).map((q) => q.points);
    const above = rivals.filter((r) => r > p.points).sort((a, b) => b - a);
    // the 6th rival from the top must not stay above the player's final total (a tie counts for them)
    const sixth = above.length >= o.cutSize ? above[o.cutSize - 1] : -Infinity;
    const outBelow = Math.max(0, o.minPoints - p.points, sixth - p.points);
    let clinch: ClinchResult | null = null;
    for (const { value, slot } of levels) {
      for (let j = 1; j <= R; j++) {
        const candidate = { level: placementOf(value, o.table), value, challenges: j, points: value * j };
        if (clinch && (candidate.points > clinch.points || (candidate.points === clinch.points && j >= clinch.challenges))) break;
        if (clinchedWith(p.points + value * j, rivals, R, slot, j, o)) {
          clinch = candidate;
          break;
        }
      }
    }
    out.push({ ...base, clinch, outBelow });
  });
  return out;
}

/** How many of the season's best eligible players one player's answer depends on: the cut's size of others, plus themselves. */
export const WHAT_I_NEED_LEADERS = ELITE_SIX_SIZE + 1;

/**
 * What one player needs, from the season's best eligible players only (`leaders`: the first
 * `WHAT_I_NEED_LEADERS` eligible players in standings order, or all of them when fewer): the
 * answer (and the status) depends on the other players only through the cut's size of best
 * others — those at or above a total, and the next ones down with the smallest deficits — so it
 * is `whatINeed` over the whole season (what-i-need.spec.ts holds the two equal). This is what
 * lets a page of the standings be answered from its own rows and the top of the table.
 */
export function whatINeedAmong(player: StatusInput, leaders: readonly StatusInput[], remaining: number, options: WhatINeedOptions = {}): WhatINeed {
  const cut = options.cutSize ?? ELITE_SIX_SIZE;
  const others = leaders.filter((l) => l.playerId !== player.playerId && l.eliteSixEligible !== false).slice(0, cut);
  return whatINeed([player, ...others], remaining, [player.playerId], options)[0];
}
