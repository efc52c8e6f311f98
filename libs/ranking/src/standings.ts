/**
 * Season standings and the tiebreaker chain (SPEC 4). Pure functions over plain
 * facts: the season's challenges in date order and the penalties in force.
 *
 * Standings are ordered by season points; players level on points are ordered
 * by the chain below. Whenever a rule splits a tied group, the chain restarts
 * from head-to-head inside every part that is still tied (SPEC 4 decision for
 * head-to-head; applied after every rule so that head-to-head is always judged
 * among exactly the players still level). Players still level after the whole
 * chain share a rank (1, 2, 2, 4 …); a tie across the Elite Six cut is
 * reported by `eliteSix` for the caller to settle with the 6-4/5-5 draw.
 */
import type { Placement } from './points';

/** One seat of a table game: who sat there, their final place (1 = best) and final score. */
export interface TableGameSeat {
  readonly playerId: string;
  readonly place: number;
  readonly score: number;
}

/** All seats of one table game, the player's own seat included. */
export type TableGame = readonly TableGameSeat[];

/** One player's part in one challenge. */
export interface ChallengeEntry {
  readonly playerId: string;
  /** Ranking points earned in this challenge (SPEC 3.6); authoritative over `placement`. */
  readonly points: number;
  readonly placement: Placement;
  /** Won the challenge (1st place). */
  readonly won: boolean;
  /** The table games this player played in this challenge. */
  readonly tableGames: readonly TableGame[];
}

export interface SeasonChallenge {
  readonly challengeId: string;
  /** Week of the season (1..12); challenges are given in date order. */
  readonly week: number;
  /** Every player who played, once each. */
  readonly entries: readonly ChallengeEntry[];
}

export type SeasonPenalty =
  /** Season total set to 0 from this point: points of challenges in weeks ≤ afterWeek no longer count. */
  | { readonly kind: 'rank-reset'; readonly playerId: string; readonly afterWeek: number; readonly reason: string }
  /** Removed from the season's standings and Elite Six. */
  | { readonly kind: 'season-ban'; readonly playerId: string; readonly reason: string }
  /** Stays in the standings, cannot be in the Elite Six (conduct). */
  | { readonly kind: 'elite-six-disqualification'; readonly playerId: string; readonly reason: string };

export type TiebreakRule = 'head-to-head' | 'tournament-wins' | 'score-differential' | 'games-played' | 'recent-performance';

/** What separated a player from the one directly above: points, a tiebreaker, or nothing (first, or still tied). */
export type RankReason = 'points' | TiebreakRule | null;

export const TIEBREAK_CHAIN: readonly TiebreakRule[] = [
  'head-to-head',
  'tournament-wins',
  'score-differential',
  'games-played',
  'recent-performance',
];

/** Decision (SPEC 4): the games-played tiebreaker counts only at or above this many table games. */
export const DEFAULT_MIN_GAMES = 5;

export interface StandingsOptions {
  readonly minGames?: number;
}

export interface StandingsEntry {
  /** 1-based; equal for players still level after the whole chain. */
  readonly rank: number;
  readonly playerId: string;
  readonly points: number;
  readonly tournamentWins: number;
  readonly gamesPlayed: number;
  /** Average over table games of (own final score − mean final score of the others at the table); 0 with no games. */
  readonly avgScoreDiff: number;
  readonly tiebreak: RankReason;
  /** False after a loss of Elite Six qualification (conduct). */
  readonly eliteSixEligible: boolean;
  /** Reasons of the rank resets applied to this player (history is kept, the total restarts). */
  readonly resets: readonly string[];
}

export type StandingsErrorCode = 'DUPLICATE_ENTRY' | 'BAD_POINTS' | 'BAD_TABLE_GAME';

export interface StandingsError {
  readonly code: StandingsErrorCode;
  readonly message: string;
}

export function isStandingsError(value: unknown): value is StandingsError {
  return typeof value === 'object' && value !== null && 'code' in value && 'message' in value && !Array.isArray(value);
}

/**
 * Per-game differentials are own − (sum of others)/k with k = others at the
 * table (2 or 3; 1..5 allowed). Summing them scaled by 60 = lcm(1..5) keeps
 * them whole numbers, so comparing averages is exact: no float ties or misses.
 */
const DIFF_SCALE = 60;

export interface PlayerSeasonFacts {
  readonly playerId: string;
  readonly points: number;
  readonly tournamentWins: number;
  readonly gamesPlayed: number;
  /** Sum of per-game differentials × DIFF_SCALE (an integer for integer scores). */
  readonly scaledDiffSum: number;
  /** Counted points per challenge, in challenge order (0 where the player did not play or a reset wiped it). */
  readonly pointsByChallenge: readonly number[];
  readonly eliteSixEligible: boolean;
  readonly resets: readonly string[];
}

/** Everything the tiebreakers look at, built once per season by `seasonFacts`. */
export interface SeasonFacts {
  readonly players: ReadonlyMap<string, PlayerSeasonFacts>;
  /** meetings.get(a).get(b) = a's wins − losses against b over every table where both sat. */
  readonly meetings: ReadonlyMap<string, ReadonlyMap<string, number>>;
  readonly minGames: number;
}

interface MutableFacts {
  playerId: string;
  points: number;
  tournamentWins: number;
  gamesPlayed: number;
  scaledDiffSum: number;
  pointsByChallenge: number[];
  eliteSixEligible: boolean;
  resets: string[];
}

/**
 * Builds the facts the standings and tiebreakers need. Season-banned players are
 * left out entirely (their games still count as the games they were, so other
 * players' differentials and head-to-head records are unchanged).
 *
 * Decision: a rank reset wipes the points only (total and the per-challenge
 * points used by "most recent performance"); wins, games, differential and
 * head-to-head are history and stay.
 */
export function seasonFacts(
  challenges: readonly SeasonChallenge[],
  penalties: readonly SeasonPenalty[] = [],
  options: StandingsOptions = {},
): SeasonFacts | StandingsError {
  const acc = new SeasonAccumulator(penalties, options);
  for (const challenge of challenges) {
    const error = acc.add(challenge);
    if (error) return error;
  }
  return acc.facts();
}

/**
 * The season's facts built one completed challenge at a time (the incremental path): `add` folds a
 * challenge into the running totals and head-to-head records in O(its entries), without looking at
 * earlier challenges again; `facts()` is what `seasonFacts` would build from all of them at once.
 * A penalty change cannot be folded in (a reset rewrites earlier weeks): start a new accumulator.
 *
 * Head-to-head meetings are kept as a flat list of (player, opponent, ±1) in integer arrays (the
 * Map-of-Maps `meetings` view is built only when read), so `standingsFromFacts` can rank from the
 * accumulator's index without rebuilding anything per player.
 */
export class SeasonAccumulator {
  private readonly banned: Set<string>;
  private readonly disqualified: Set<string>;
  private readonly resetAfter = new Map<string, number>();
  private readonly resetReasons = new Map<string, string[]>();
  private readonly players = new Map<string, MutableFacts>();
  private readonly index = new SeasonIndex();
  private meetingsView: Map<string, Map<string, number>> | null = null;
  private readonly minGames: number;
  /** Challenges added so far (the index of the next one). */
  private count = 0;

  constructor(penalties: readonly SeasonPenalty[] = [], options: StandingsOptions = {}) {
    this.banned = new Set(penalties.filter((p) => p.kind === 'season-ban').map((p) => p.playerId));
    this.disqualified = new Set(penalties.filter((p) => p.kind === 'elite-six-disqualification').map((p) => p.playerId));
    for (const p of penalties) {
      if (p.kind !== 'rank-reset') continue;
      this.resetAfter.set(p.playerId, Math.max(this.resetAfter.get(p.playerId) ?? -Infinity, p.afterWeek));
      this.resetReasons.set(p.playerId, [...(this.resetReasons.get(p.playerId) ?? []), p.reason]);
    }
    this.minGames = options.minGames ?? DEFAULT_MIN_GAMES;
  }

  get challenges(): number {
    return this.count;
  }

  /** Folds in the next challenge (in date order). On an error nothing is changed. */
  add(challenge: SeasonChallenge): StandingsError | null {
    const seen = new Set<string>();
    for (const entry of challenge.entries) {
      if (seen.has(entry.playerId)) {
        return { code: 'DUPLICATE_ENTRY', message: `${entry.playerId} is listed twice in ${challenge.challengeId}` };
      }
      seen.add(entry.playerId);
      if (!Number.isInteger(entry.points) || entry.points < 0) {
        return { code: 'BAD_POINTS', message: `${entry.playerId} has bad points in ${challenge.challengeId}` };
      }
      if (this.banned.has(entry.playerId)) continue;
      for (const game of entry.tableGames) {
        if (game.length < 2 || game.length > 6 || !game.some((s) => s.playerId === entry.playerId)) {
          return { code: 'BAD_TABLE_GAME', message: `a table game of ${entry.playerId} in ${challenge.challengeId} lacks their seat or has a bad size` };
        }
      }
    }
    const ci = this.count++;
    const ix = this.index;
    ix.challenges = this.count;
    this.meetingsView = null;
    for (const entry of challenge.entries) {
      if (this.banned.has(entry.playerId)) continue;
      const me = ix.ensure(entry.playerId);
      let f = ix.facts[me];
      if (f === undefined) {
        f = {
          playerId: entry.playerId,
          points: 0,
          tournamentWins: 0,
          gamesPlayed: 0,
          scaledDiffSum: 0,
          pointsByChallenge: [],
          eliteSixEligible: !this.disqualified.has(entry.playerId),
          resets: this.resetReasons.get(entry.playerId) ?? [],
        };
        this.players.set(entry.playerId, f);
        ix.addPlayer(me, f);
      }
      const wiped = challenge.week <= (this.resetAfter.get(entry.playerId) ?? -Infinity);
      const counted = wiped ? 0 : entry.points;
      f.points += counted;
      // Challenges the player missed stay holes (read as 0 by the recent-performance rule).
      while (f.pointsByChallenge.length < ci) f.pointsByChallenge.push(0);
      f.pointsByChallenge[ci] = counted;
      if (entry.won) f.tournamentWins += 1;

      for (const game of entry.tableGames) {
        const own = game.find((s) => s.playerId === entry.playerId)!;
        let othersSum = 0;
        for (const seat of game) {
          if (seat.playerId === entry.playerId) continue;
          othersSum += seat.score;
          // Judged from this player's own list of games only, so each meeting counts once per side.
          const r = own.place < seat.place ? 1 : own.place > seat.place ? -1 : 0;
          if (r !== 0) ix.meet(me, ix.ensure(seat.playerId), r);
        }
        const k = game.length - 1;
        f.gamesPlayed += 1;
        f.scaledDiffSum += own.score * DIFF_SCALE - (othersSum * DIFF_SCALE) / k;
      }
    }
    return null;
  }

  /** The facts so far (a live view: later `add`s show through). */
  facts(): SeasonFacts {
    const facts = {
      players: this.players as ReadonlyMap<string, PlayerSeasonFacts>,
      minGames: this.minGames,
    } as SeasonFacts;
    Object.defineProperty(facts, 'meetings', { enumerable: true, get: () => this.meetings() });
    Object.defineProperty(facts, INDEX, { enumerable: false, value: this.index });
    return facts;
  }

  /** Head-to-head records as maps (a: b → a's wins − losses against b), in the order they were first met. */
  private meetings(): Map<string, Map<string, number>> {
    if (this.meetingsView) return this.meetingsView;
    const ix = this.index;
    const view = new Map<string, Map<string, number>>();
    for (const id of this.players.keys()) view.set(id, new Map());
    for (let e = 0; e < ix.edges; e++) {
      const record = view.get(ix.ids[ix.edgeSrc[e]])!;
      const other = ix.ids[ix.edgeDst[e]];
      record.set(other, (record.get(other) ?? 0) + ix.edgeR[e]);
    }
    this.meetingsView = view;
    return view;
  }
}

function factsOf(facts: SeasonFacts, id: string): PlayerSeasonFacts {
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

/** Standings from already-built facts (see `seasonStandings`). */
export function standingsFromFacts(facts: SeasonFacts): StandingsEntry[] {
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

/** The season standings, best first, with "explain my rank" in `tiebreak`. */
export function seasonStandings(
  challenges: readonly SeasonChallenge[],
  penalties: readonly SeasonPenalty[] = [],
  options: StandingsOptions = {},
): StandingsEntry[] | StandingsError {
  const facts = seasonFacts(challenges, penalties, options);
  if (isStandingsError(facts)) return facts;
  return standingsFromFacts(facts);
}
