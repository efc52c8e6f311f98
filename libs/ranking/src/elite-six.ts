/**
 * The Elite Six at season close (SPEC 4): the top 6 of the city's standings
 * with at least 1,000 points. Season-banned players are not in the standings
 * at all; players who lost Elite Six qualification (conduct) are skipped, so
 * the next eligible player moves up. Randomness is not done here: a tie across
 * the 6th-place cut comes back as `needsDraw` for the caller's 6-4/5-5 draw,
 * whose result can be fed back in as `drawOrder`.
 */
import type { StandingsEntry } from './standings';

export type EliteSixBenefit = 'seed-1-travel' | 'seed-2-3' | 'qualification';

export const ELITE_SIX_SIZE = 6;
export const ELITE_SIX_MIN_POINTS = 1000;

interface BenefitRow {
  readonly fromSeed: number;
  readonly toSeed: number;
  readonly minPoints: number;
  readonly benefit: EliteSixBenefit;
}

/** SPEC 4's benefit table, best row first. */
export const ELITE_SIX_BENEFITS: readonly BenefitRow[] = [
  { fromSeed: 1, toSeed: 1, minPoints: 2000, benefit: 'seed-1-travel' },
  { fromSeed: 2, toSeed: 3, minPoints: 1500, benefit: 'seed-2-3' },
  { fromSeed: 4, toSeed: 6, minPoints: 1000, benefit: 'qualification' },
];

/**
 * The benefit of the qualifier at `seed` (1..6) with `points`. Decision (SPEC
 * 4): a qualifier who ranks higher than their points reach gets the highest
 * row whose points they meet; a rank never earns a row above it.
 * Null when the points do not reach even the last row (not a qualifier).
 */
export function eliteSixBenefit(seed: number, points: number): EliteSixBenefit | null {
  for (const row of ELITE_SIX_BENEFITS) {
    if (seed > row.toSeed) continue;
    if (points >= row.minPoints) return row.benefit;
  }
  return null;
}

export interface EliteSixQualifier {
  /** 1..6 among the eligible qualifiers (skipped players do not take a seed). */
  readonly seed: number;
  readonly playerId: string;
  /** Rank in the season standings. */
  readonly rank: number;
  readonly points: number;
  readonly benefit: EliteSixBenefit;
}

export interface EliteSixResult {
  /** Settled qualifiers, best first. With `needsDraw`, the places it names are still open. */
  readonly qualifiers: readonly EliteSixQualifier[];
  /** Players tied across the 6th-place cut and how many of the remaining places they contest. */
  readonly needsDraw: { readonly players: readonly string[]; readonly places: number } | null;
  /** Players tied with each other inside the six (still equal rank): their seeds are in standings order until a draw settles them. */
  readonly seedTies: readonly { readonly players: readonly string[]; readonly seeds: readonly number[] }[];
  /** Eligible players skipped: lost Elite Six qualification (conduct). */
  readonly skipped: readonly string[];
}

export interface EliteSixOptions {
  /**
   * Outcome of the 6-4/5-5 draws already run: player ids in the order the draws
   * placed them. Any still-tied group whose members all appear here is ordered
   * by it and no longer counts as tied.
   */
  readonly drawOrder?: readonly string[];
}

export function eliteSix(standings: readonly StandingsEntry[], options: EliteSixOptions = {}): EliteSixResult {
  const drawIndex = new Map((options.drawOrder ?? []).map((id, i) => [id, i]));
  const skipped = standings.filter((s) => !s.eliteSixEligible && s.points >= ELITE_SIX_MIN_POINTS).map((s) => s.playerId);
  const eligible = standings.filter((s) => s.eliteSixEligible && s.points >= ELITE_SIX_MIN_POINTS);

  // Runs of equal rank, each split by the draw order where it covers the whole run.
  const groups: StandingsEntry[][] = [];
  for (const s of eligible) {
    const last = groups[groups.length - 1];
    if (last !== undefined && last[0].rank === s.rank) last.push(s);
    else groups.push([s]);
  }
  const settled: StandingsEntry[][] = [];
  for (const g of groups) {
    if (g.length > 1 && g.every((s) => drawIndex.has(s.playerId))) {
      const ordered = [...g].sort((a, b) => (drawIndex.get(a.playerId) ?? 0) - (drawIndex.get(b.playerId) ?? 0));
      for (const s of ordered) settled.push([s]);
    } else settled.push(g);
  }

  const qualifiers: EliteSixQualifier[] = [];
  const seedTies: { players: string[]; seeds: number[] }[] = [];
  let needsDraw: EliteSixResult['needsDraw'] = null;
  for (const g of settled) {
    const open = ELITE_SIX_SIZE - qualifiers.length;
    if (open <= 0) break;
    if (g.length > open) {
      needsDraw = { players: g.map((s) => s.playerId), places: open };
      break;
    }
    if (g.length > 1) {
      seedTies.push({ players: g.map((s) => s.playerId), seeds: g.map((_, k) => qualifiers.length + 1 + k) });
    }
    for (const s of g) {
      const seed = qualifiers.length + 1;
      const benefit = eliteSixBenefit(seed, s.points);
      // Unreachable: every eligible entry has ≥ 1,000 points, which meets the last row.
      if (benefit === null) throw new Error('qualifier without a benefit');
      qualifiers.push({ seed, playerId: s.playerId, rank: s.rank, points: s.points, benefit });
    }
  }
  return { qualifiers, needsDraw, seedTies, skipped };
}
