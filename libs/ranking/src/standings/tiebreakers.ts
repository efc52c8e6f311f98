/**
 * The tiebreaker chain (SPEC 4) as written: one function per rule over the facts, the chain that
 * applies them, and the reference ranking built from them (the indexed ranking of ranker.ts is
 * held equal to it by a property test).
 */
import { DIFF_SCALE, TIEBREAK_CHAIN } from './types';
import type { PlayerSeasonFacts, RankReason, SeasonFacts, StandingsEntry, TiebreakRule } from './types';

export function factsOf(facts: SeasonFacts, id: string): PlayerSeasonFacts {
  const f = facts.players.get(id);
  if (f === undefined) throw new Error(`unknown player ${id}`);
  return f;
}

/** Sorts best first by `compare` (negative = a ranks higher) and splits into groups of equals. */
function partition(group: readonly string[], compare: (a: string, b: string) => number): string[][] {
  const sorted = [...group].sort((a, b) => compare(a, b) || (a < b ? -1 : a > b ? 1 : 0));
  const parts: string[][] = [];
  for (const id of sorted) {
    const last = parts[parts.length - 1];
    if (last !== undefined && compare(last[0], id) === 0) last.push(id);
    else parts.push([id]);
  }
  return parts;
}

function byKeyDesc(key: (id: string) => number): (a: string, b: string) => number {
  return (a, b) => key(b) - key(a);
}

/**
 * 1. Head-to-head among the tied players only: each player's wins − losses
 * against the others in `tied`, over every table where two of them sat (the
 * better-placed wins the meeting). Returns the parts, best first.
 */
export function breakByHeadToHead(tied: readonly string[], facts: SeasonFacts): string[][] {
  const inGroup = new Set(tied);
  const net = new Map<string, number>();
  for (const id of tied) {
    let sum = 0;
    const record = facts.meetings.get(id);
    if (record !== undefined) {
      if (record.size <= inGroup.size) {
        for (const [other, r] of record) if (inGroup.has(other) && other !== id) sum += r;
      } else {
        for (const other of tied) if (other !== id) sum += record.get(other) ?? 0;
      }
    }
    net.set(id, sum);
  }
  return partition(tied, byKeyDesc((id) => net.get(id) ?? 0));
}

/** 2. Total tournament wins this season, more first. */
export function breakByTournamentWins(tied: readonly string[], facts: SeasonFacts): string[][] {
  return partition(tied, byKeyDesc((id) => factsOf(facts, id).tournamentWins));
}

/** 3. Average game score differential, higher first; compared exactly (no float rounding). */
export function breakByScoreDifferential(tied: readonly string[], facts: SeasonFacts): string[][] {
  return partition(tied, (a, b) => {
    const fa = factsOf(facts, a);
    const fb = factsOf(facts, b);
    // A player without games has differential 0 (decision).
    const la = fa.gamesPlayed === 0 ? 0 : fa.scaledDiffSum * Math.max(fb.gamesPlayed, 1);
    const lb = fb.gamesPlayed === 0 ? 0 : fb.scaledDiffSum * Math.max(fa.gamesPlayed, 1);
    return Math.sign(lb - la);
  });
}

/**
 * 4. Games played with the minimum: at or above it more games rank higher; a
 * player below it ranks below anyone at or above it; players below it stay tied.
 */
export function breakByGamesPlayed(tied: readonly string[], facts: SeasonFacts, minGames: number = facts.minGames): string[][] {
  return partition(
    tied,
    byKeyDesc((id) => {
      const g = factsOf(facts, id).gamesPlayed;
      return g >= minGames ? g : -1;
    }),
  );
}

/**
 * 5. Most recent tournament performance: points in the most recent challenge
 * either played, going back a challenge (a week) at a time while equal. Not
 * playing counts 0, so this is a comparison of the per-challenge points read
 * from the latest challenge backwards (transitive, so it orders groups too).
 */
export function breakByRecentPerformance(tied: readonly string[], facts: SeasonFacts): string[][] {
  return partition(tied, (a, b) => {
    const pa = factsOf(facts, a).pointsByChallenge;
    const pb = factsOf(facts, b).pointsByChallenge;
    for (let i = Math.max(pa.length, pb.length) - 1; i >= 0; i--) {
      const d = (pb[i] ?? 0) - (pa[i] ?? 0);
      if (d !== 0) return d;
    }
    return 0;
  });
}

const RULES: Readonly<Record<TiebreakRule, (tied: readonly string[], facts: SeasonFacts) => string[][]>> = {
  'head-to-head': breakByHeadToHead,
  'tournament-wins': breakByTournamentWins,
  'score-differential': breakByScoreDifferential,
  'games-played': (tied, facts) => breakByGamesPlayed(tied, facts),
  'recent-performance': breakByRecentPerformance,
};

/** A run of players still level after the chain, and what separated its first member from the run above. */
export interface TieGroup {
  readonly players: readonly string[];
  readonly separatedBy: RankReason;
}

/**
 * Orders players level on points by the whole chain. The first group's
 * `separatedBy` is null (the caller knows what put it there).
 */
export function applyTiebreakChain(tied: readonly string[], facts: SeasonFacts): TieGroup[] {
  if (tied.length <= 1) return [{ players: [...tied], separatedBy: null }];
  for (const rule of TIEBREAK_CHAIN) {
    const parts = RULES[rule](tied, facts);
    if (parts.length < 2) continue;
    const out: TieGroup[] = [];
    parts.forEach((part, i) => {
      const sub = applyTiebreakChain(part, facts);
      out.push({ players: sub[0].players, separatedBy: i === 0 ? null : rule }, ...sub.slice(1));
    });
    return out;
  }
  return [{ players: [...tied].sort(), separatedBy: null }];
}

/** The reference ranking: the rule functions applied as SPEC 4 reads (kept to check `standingsFromFacts` against). */
export function referenceStandingsFromFacts(facts: SeasonFacts): StandingsEntry[] {
  const all = [...facts.players.values()].sort((a, b) => b.points - a.points || (a.playerId < b.playerId ? -1 : 1));
  const out: StandingsEntry[] = [];
  let i = 0;
  while (i < all.length) {
    let j = i + 1;
    while (j < all.length && all[j].points === all[i].points) j++;
    const groups = applyTiebreakChain(
      all.slice(i, j).map((f) => f.playerId),
      facts,
    );
    groups.forEach((g, gi) => {
      const rank = out.length + 1;
      const reason: RankReason = gi === 0 ? (out.length === 0 ? null : 'points') : g.separatedBy;
      g.players.forEach((id, k) => {
        const f = factsOf(facts, id);
        out.push({
          rank,
          playerId: id,
          points: f.points,
          tournamentWins: f.tournamentWins,
          gamesPlayed: f.gamesPlayed,
          avgScoreDiff: f.gamesPlayed === 0 ? 0 : f.scaledDiffSum / DIFF_SCALE / f.gamesPlayed,
          tiebreak: k === 0 ? reason : null,
          eliteSixEligible: f.eliteSixEligible,
          resets: f.resets,
        });
      });
    });
    i = j;
  }
  return out;
}
