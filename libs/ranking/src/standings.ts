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

/** Where `standingsFromFacts` finds the accumulator's integer index (not part of the facts' data). */
const INDEX = Symbol('season-index');

/** Sorts a[lo, hi) in place, numerically ascending (native). Module-level so call sites stay monomorphic. */
function sortFloatRange(a: Float64Array<ArrayBuffer>, lo: number, hi: number): Float64Array<ArrayBuffer> {
  a.subarray(lo, hi).sort();
  return a;
}

function sortRangeBy(a: Int32Array<ArrayBuffer>, lo: number, hi: number, compare: (x: number, y: number) => number): void {
  a.subarray(lo, hi).sort(compare);
}

function grown(old: Int32Array, size: number): Int32Array<ArrayBuffer> {
  const next = new Int32Array(size);
  next.set(old);
  return next;
}

/**
 * Working arrays of `standingsFromFacts`, reused from one ranking to the next (reallocated only
 * when too small): a ranking allocates no new buffers, so it does not trigger collections of a
 * large heap. Safe to share because a ranking runs start to finish synchronously.
 */
class RankScratch {
  private readonly ints = new Map<string, Int32Array<ArrayBuffer>>();
  private readonly floats = new Map<string, Float64Array<ArrayBuffer>>();
  /** Head-to-head group stamps only ever rise, so old marks never match. */
  stamp = 0;

  int(name: string, size: number): Int32Array<ArrayBuffer> {
    let a = this.ints.get(name);
    if (a === undefined || a.length < size) {
      a = new Int32Array(Math.max(size, Math.ceil((a?.length ?? 0) * 1.5)));
      this.ints.set(name, a);
    }
    return a;
  }

  float(name: string, size: number): Float64Array<ArrayBuffer> {
    let a = this.floats.get(name);
    if (a === undefined || a.length < size) {
      a = new Float64Array(Math.max(size, Math.ceil((a?.length ?? 0) * 1.5)));
      this.floats.set(name, a);
    }
    return a;
  }
}

/** The working arrays of every ranking in this process (they grow to the largest season ranked). */
const RANK_SCRATCH = new RankScratch();

/**
 * Every player id seen (entries and seats) numbered 0..n-1, the players' facts by number, the
 * players in id order, and each player's head-to-head meetings in the order recorded, as a block
 * of one growable arena (a block that fills up moves to the end with twice the room). A meeting
 * is one integer: opponent number × 2, + 1 if the player placed better (a win), + 0 if worse.
 */
class SeasonIndex {
  readonly ids: string[] = [];
  readonly numbers = new Map<string, number>();
  readonly facts: (PlayerSeasonFacts | undefined)[] = [];
  /** Player numbers (facts defined), in the order they joined. */
  readonly players: number[] = [];
  /** Players who joined since `byId` was last brought up to date. */
  private pending: number[] = [];
  private sorted = new Int32Array(0);
  blockAt = new Int32Array(1024);
  blockLength = new Int32Array(1024);
  private blockRoom = new Int32Array(1024);
  private seenIn = new Int32Array(1024);
  arena = new Int32Array(4096);
  private top = 0;
  /** All meetings recorded. */
  meetings = 0;
  challenges = 0;
  /** Shared by every index: ranking is synchronous, so one set of working arrays serves them all. */
  readonly scratch = RANK_SCRATCH;

  ensure(id: string): number {
    let n = this.numbers.get(id);
    if (n === undefined) {
      n = this.ids.length;
      this.ids.push(id);
      this.numbers.set(id, n);
      this.facts.push(undefined);
      if (n === this.blockAt.length) {
        this.blockAt = grown(this.blockAt, n * 2);
        this.blockLength = grown(this.blockLength, n * 2);
        this.blockRoom = grown(this.blockRoom, n * 2);
        this.seenIn = grown(this.seenIn, n * 2);
      }
    }
    return n;
  }

  /** Marks player n as seen in visit `visit`; true if they already were. */
  mark(n: number, visit: number): boolean {
    if (this.seenIn[n] === visit) return true;
    this.seenIn[n] = visit;
    return false;
  }

  addPlayer(n: number, f: PlayerSeasonFacts): void {
    this.facts[n] = f;
    this.players.push(n);
    this.pending.push(n);
  }

  /** Player numbers sorted by player id (UTF-16 order, like `<`): new players sorted and merged in. */
  byId(): Int32Array {
    if (this.pending.length === 0) return this.sorted;
    const ids = this.ids;
    const names = this.pending.map((p) => ids[p]).sort();
    const fresh = names.map((name) => this.numbers.get(name)!);
    const old = this.sorted;
    const merged = new Int32Array(old.length + fresh.length);
    let i = 0;
    let j = 0;
    let k = 0;
    while (i < old.length && j < fresh.length) merged[k++] = ids[old[i]] < names[j] ? old[i++] : fresh[j++];
    while (i < old.length) merged[k++] = old[i++];
    while (j < fresh.length) merged[k++] = fresh[j++];
    this.sorted = merged;
    this.pending = [];
    return merged;
  }

  /** Records a meeting of a with b: a won (r = 1) or lost (r = -1). */
  meet(a: number, b: number, r: 1 | -1): void {
    let length = this.blockLength[a];
    if (length === this.blockRoom[a]) {
      const room = Math.max(8, length * 2);
      if (this.top + room > this.arena.length) this.arena = grown(this.arena, Math.max(this.arena.length * 2, this.top + room));
      const from = this.blockAt[a];
      this.arena.copyWithin(this.top, from, from + length);
      this.blockAt[a] = this.top;
      this.blockRoom[a] = room;
      this.top += room;
    }
    this.arena[this.blockAt[a] + length++] = b * 2 + (r > 0 ? 1 : 0);
    this.blockLength[a] = length;
    this.meetings++;
  }

  /** The index of facts not built by an accumulator (hand-made facts): from the maps. */
  static of(facts: SeasonFacts): SeasonIndex {
    const ix = new SeasonIndex();
    for (const [id, f] of facts.players) {
      ix.addPlayer(ix.ensure(id), f);
      ix.challenges = Math.max(ix.challenges, f.pointsByChallenge.length);
    }
    for (const [id, record] of facts.meetings) {
      const a = ix.ensure(id);
      // A record's net result is replayed as that many single wins (or losses).
      for (const [other, r] of record) {
        if (other === id) continue;
        const b = ix.ensure(other);
        for (let k = 0; k < Math.abs(r); k++) ix.meet(a, b, r > 0 ? 1 : -1);
      }
    }
    return ix;
  }
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
  /** Calls of `add` so far (marks who was seen in the current one). */
  private visits = 0;

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
    const ix = this.index;
    // Entries by player number (numbering a player who then turns out to be in error changes nothing that shows).
    const numbers = new Int32Array(challenge.entries.length);
    const visit = ++this.visits;
    for (let i = 0; i < challenge.entries.length; i++) {
      const entry = challenge.entries[i];
      const me = (numbers[i] = ix.ensure(entry.playerId));
      if (ix.mark(me, visit)) {
        return { code: 'DUPLICATE_ENTRY', message: `${entry.playerId} is listed twice in ${challenge.challengeId}` };
      }
      if (!Number.isInteger(entry.points) || entry.points < 0) {
        return { code: 'BAD_POINTS', message: `${entry.playerId} has bad points in ${challenge.challengeId}` };
      }
      if (this.banned.size > 0 && this.banned.has(entry.playerId)) continue;
      for (const game of entry.tableGames) {
        let seated = false;
        for (let k = 0; k < game.length && !seated; k++) seated = game[k].playerId === entry.playerId;
        if (game.length < 2 || game.length > 6 || !seated) {
          return { code: 'BAD_TABLE_GAME', message: `a table game of ${entry.playerId} in ${challenge.challengeId} lacks their seat or has a bad size` };
        }
      }
    }
    const ci = this.count++;
    ix.challenges = this.count;
    this.meetingsView = null;
    const seatNumbers = new Map<TableGame, number[]>();
    for (let i = 0; i < challenge.entries.length; i++) {
      const entry = challenge.entries[i];
      if (this.banned.size > 0 && this.banned.has(entry.playerId)) continue;
      const me = numbers[i];
      // The accumulator's own facts are the mutable ones it created.
      let f = ix.facts[me] as MutableFacts | undefined;
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
      const wiped = this.resetAfter.size > 0 && challenge.week <= (this.resetAfter.get(entry.playerId) ?? -Infinity);
      const counted = wiped ? 0 : entry.points;
      f.points += counted;
      // Challenges the player missed stay holes (read as 0 by the recent-performance rule).
      while (f.pointsByChallenge.length < ci) f.pointsByChallenge.push(0);
      f.pointsByChallenge[ci] = counted;
      if (entry.won) f.tournamentWins += 1;

      for (const game of entry.tableGames) {
        // A game listed by each of its players is one object: its seats are numbered once.
        let seats = seatNumbers.get(game);
        if (seats === undefined) {
          seats = game.map((s) => ix.ensure(s.playerId));
          seatNumbers.set(game, seats);
        }
        const own = game[seats.indexOf(me)];
        let othersSum = 0;
        for (let k = 0; k < game.length; k++) {
          if (seats[k] === me) continue;
          const seat = game[k];
          othersSum += seat.score;
          // Judged from this player's own list of games only, so each meeting counts once per side.
          const r = own.place < seat.place ? 1 : own.place > seat.place ? -1 : 0;
          if (r !== 0) ix.meet(me, seats[k], r);
        }
        const k = game.length - 1;
        f.gamesPlayed += 1;
        f.scaledDiffSum += own.score * DIFF_SCALE - (othersSum * DIFF_SCALE) / k;
      }
    }
    // Newcomers go into the id order now, so ranking after this challenge does not sort anyone.
    ix.byId();
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
    for (const [id, record] of view) {
      const p = ix.numbers.get(id)!;
      for (let e = ix.blockAt[p], end = e + ix.blockLength[p]; e < end; e++) {
        const m = ix.arena[e];
        const other = ix.ids[m >> 1];
        record.set(other, (record.get(other) ?? 0) + (m & 1 ? 1 : -1));
      }
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

/**
 * Standings from already-built facts (see `seasonStandings`). The same ranking as
 * `referenceStandingsFromFacts` (the rule functions above applied as written), done over the
 * integer index: players are numbers, the tied groups are runs of one array sorted in place, and
 * head-to-head sums each group member's meetings against a group stamp, so a season of 50,000
 * players ranks in well under a second. A property test holds the two equal.
 */
export function standingsFromFacts(facts: SeasonFacts): StandingsEntry[] {
  const carried = (facts as { [INDEX]?: SeasonIndex })[INDEX];
  return rankIndexed(carried ?? SeasonIndex.of(facts), facts.minGames);
}

function rankIndexed(ix: SeasonIndex, minGames: number): StandingsEntry[] {
  return new Ranker(ix, minGames).rank();
}

/**
 * One ranking over the index (a class rather than closures so the hot methods keep one set of
 * type feedback across rankings and stay optimised).
 *
 * order[] holds the players; every group still level is a run order[lo, hi) sorted in place.
 * Head-to-head is only ever judged among players level on points: before a run of equal points
 * goes through the chain, its players' meetings with each other are copied out of the arena into
 * adjacency lists by place (player at place k: other/result[start[k], end[k]), opponents named by
 * place). Head-to-head then drops, as it scans a group, every meeting with a player outside the
 * group (no later head-to-head of these players looks beyond it).
 */
class Ranker {
  private readonly all: readonly (PlayerSeasonFacts | undefined)[];
  private readonly byId: Int32Array;
  private readonly n: number;
  private readonly idRank: Int32Array<ArrayBuffer>;
  private readonly key: Float64Array<ArrayBuffer>;
  private readonly packed: Float64Array<ArrayBuffer>;
  private readonly average: Float64Array<ArrayBuffer>;
  /** Packed sort keys hold the id rank in their low part: a power of two, so it comes back exactly. */
  private readonly width: number;
  private readonly order: Int32Array<ArrayBuffer>;
  private readonly pos: Int32Array<ArrayBuffer>;
  private readonly run: Int32Array<ArrayBuffer>;
  private readonly start: Int32Array<ArrayBuffer>;
  private readonly end: Int32Array<ArrayBuffer>;
  private readonly other: Int32Array<ArrayBuffer>;
  private readonly result: Int32Array<ArrayBuffer>;
  private readonly stamp: Int32Array<ArrayBuffer>;
  /** Tournament wins, games played and scaled differential sums by player number (read once from the facts). */
  private readonly wins: Float64Array<ArrayBuffer>;
  private readonly games: Float64Array<ArrayBuffer>;
  private readonly diff: Float64Array<ArrayBuffer>;
  private readonly out: StandingsEntry[] = [];
  private readonly byKey: (a: number, b: number) => number;
  private readonly byScoreDiff: (a: number, b: number) => number;
  private readonly byRecent: (a: number, b: number) => number;
  private readonly byIdRank: (a: number, b: number) => number;

  constructor(
    private readonly ix: SeasonIndex,
    private readonly minGames: number,
  ) {
    const N = ix.ids.length;
    const scratch = ix.scratch;
    this.all = ix.facts;
    this.byId = ix.byId();
    const n = (this.n = this.byId.length);
    this.idRank = scratch.int('idRank', N);
    this.wins = scratch.float('wins', N);
    this.games = scratch.float('games', N);
    this.diff = scratch.float('diff', N);
    for (let r = 0; r < n; r++) {
      const p = this.byId[r];
      const f = ix.facts[p]!;
      this.idRank[p] = r;
      this.wins[p] = f.tournamentWins;
      this.games[p] = f.gamesPlayed;
      this.diff[p] = f.scaledDiffSum;
    }
    this.key = scratch.float('key', N);
    this.packed = scratch.float('packed', n);
    this.average = scratch.float('average', n);
    let width = 1;
    while (width < n) width *= 2;
    this.width = width;
    this.order = scratch.int('order', n);
    this.order.set(this.byId);
    this.pos = scratch.int('pos', N);
    this.run = scratch.int('run', N);
    this.start = scratch.int('start', n + 1);
    this.end = scratch.int('end', n);
    this.stamp = scratch.int('stamp', n);
    if (scratch.stamp > 2 ** 30) {
      this.stamp.fill(0);
      scratch.stamp = 0;
    }
    let total = 0;
    for (const p of this.byId) total += ix.blockLength[p];
    this.other = scratch.int('other', total);
    this.result = scratch.int('result', total);
    const { key, idRank, all, games, diff } = this;
    this.byKey = (a, b) => key[b] - key[a] || idRank[a] - idRank[b];
    this.byScoreDiff = (a, b) => {
      const ga = games[a];
      const gb = games[b];
      const la = ga === 0 ? 0 : diff[a] * Math.max(gb, 1);
      const lb = gb === 0 ? 0 : diff[b] * Math.max(ga, 1);
      return Math.sign(lb - la);
    };
    this.byRecent = (a, b) => {
      const pa = all[a]!.pointsByChallenge;
      const pb = all[b]!.pointsByChallenge;
      for (let i = Math.max(pa.length, pb.length) - 1; i >= 0; i--) {
        const d = (pb[i] ?? 0) - (pa[i] ?? 0);
        if (d !== 0) return d;
      }
      return 0;
    };
    this.byIdRank = (a, b) => idRank[a] - idRank[b];
  }

  rank(): StandingsEntry[] {
    const { n, order, key, pos, run, start, all, ix } = this;
    for (let k = 0; k < n; k++) key[order[k]] = all[order[k]]!.points;
    this.sortByKey(0, n);
    // Each player's place in the points order (fixed from here on: the chain only reorders players
    // inside their run of equal points) and the run's number (-1: not in the standings).
    run.fill(-1);
    for (let k = 0, r = -1; k < n; k++) {
      if (k === 0 || key[order[k]] !== key[order[k - 1]]) r++;
      pos[order[k]] = k;
      run[order[k]] = r;
    }
    start[0] = 0;
    for (let k = 0; k < n; k++) start[k + 1] = start[k] + ix.blockLength[order[k]];
    let i = 0;
    while (i < n) {
      let j = i + 1;
      while (j < n && run[order[j]] === run[order[i]]) j++;
      if (j - i > 1) this.copyMeetings(i, j);
      this.chain(i, j, this.out.length === 0 ? null : 'points');
      i = j;
    }
    return this.out;
  }

  private copyMeetings(lo: number, hi: number): void {
    const { order, run, pos, start, end, other, result } = this;
    const { blockAt, blockLength, arena } = this.ix;
    const r = run[order[lo]];
    for (let k = lo; k < hi; k++) {
      const p = order[k];
      let at = start[k];
      for (let e = blockAt[p], last = e + blockLength[p]; e < last; e++) {
        const m = arena[e];
        const q = m >> 1;
        if (run[q] !== r) continue;
        other[at] = pos[q];
        result[at++] = m & 1 ? 1 : -1;
      }
      end[k] = at;
    }
  }

  /**
   * Sorts order[lo, hi) by key[] (whole numbers), highest first, equal keys by player id: each
   * player packed into one float (key distance from the top × width + id rank), sorted natively.
   */
  private sortByKey(lo: number, hi: number): void {
    const { key, order, packed, idRank, byId, width } = this;
    let max = -Infinity;
    let min = Infinity;
    for (let k = lo; k < hi; k++) {
      const v = key[order[k]];
      if (v > max) max = v;
      if (v < min) min = v;
    }
    if (!(Math.floor(min) === min && Math.floor(max) === max && (max - min + 1) * width <= 2 ** 52)) {
      sortRangeBy(order, lo, hi, this.byKey);
      return;
    }
    for (let k = lo; k < hi; k++) packed[k] = (max - key[order[k]]) * width + idRank[order[k]];
    sortFloatRange(packed, lo, hi);
    for (let k = lo; k < hi; k++) {
      const v = packed[k];
      order[k] = byId[v - Math.floor(v / width) * width];
    }
  }

  /**
   * Sorts order[lo, hi) by average score differential, highest first: by the rank of each average
   * as a float among the segment's distinct averages (division rounds monotonically, so this is
   * the exact order wherever the averages differ by more than rounding), then checked pair by pair
   * against the exact comparison; if any pair disagrees, sorted by the exact comparison instead.
   */
  private sortByAverage(lo: number, hi: number): void {
    const { order, games, diff, average, key, idRank } = this;
    for (let k = lo; k < hi; k++) {
      const p = order[k];
      average[k] = games[p] === 0 ? 0 : diff[p] / games[p] + 0;
    }
    const distinct = sortFloatRange(average.slice(lo, hi), 0, hi - lo);
    let u = 0;
    for (let k = 0; k < distinct.length; k++) if (k === 0 || distinct[k] !== distinct[u - 1]) distinct[u++] = distinct[k];
    for (let k = lo; k < hi; k++) {
      let a = 0;
      let b = u - 1;
      const v = average[k];
      while (a < b) {
        const m = (a + b) >> 1;
        if (distinct[m] < v) a = m + 1;
        else b = m;
      }
      key[order[k]] = a;
    }
    this.sortByKey(lo, hi);
    for (let k = lo + 1; k < hi; k++) {
      const c = this.byScoreDiff(order[k - 1], order[k]);
      if (c > 0 || (c === 0 && idRank[order[k - 1]] > idRank[order[k]])) {
        sortRangeBy(order, lo, hi, (x, y) => this.byScoreDiff(x, y) || idRank[x] - idRank[y]);
        return;
      }
    }
  }

  /** Sorts order[lo, hi) by a rule and returns the part boundaries (lo, …, hi), or null when it does not split. */
  private split(rule: number, lo: number, hi: number): number[] | null {
    const { order, key, wins, games, idRank } = this;
    if (rule === 2 || rule === 4) {
      const compare = rule === 2 ? this.byScoreDiff : this.byRecent;
      let level = true;
      for (let k = lo + 1; k < hi && level; k++) level = compare(order[lo], order[k]) === 0;
      if (level) return null;
      if (rule === 2) this.sortByAverage(lo, hi);
      else sortRangeBy(order, lo, hi, (a, b) => compare(a, b) || idRank[a] - idRank[b]);
      const cuts = [lo];
      for (let k = lo + 1; k < hi; k++) if (compare(order[cuts[cuts.length - 1]], order[k]) !== 0) cuts.push(k);
      cuts.push(hi);
      return cuts;
    }
    if (rule === 0) this.headToHead(lo, hi);
    else if (rule === 1) {
      for (let k = lo; k < hi; k++) key[order[k]] = wins[order[k]];
    } else {
      for (let k = lo; k < hi; k++) {
        const g = games[order[k]];
        key[order[k]] = g >= this.minGames ? g : -1;
      }
    }
    let level = true;
    const first = key[order[lo]];
    for (let k = lo + 1; k < hi && level; k++) level = key[order[k]] === first;
    if (level) return null;
    this.sortByKey(lo, hi);
    const cuts = [lo];
    for (let k = lo + 1; k < hi; k++) if (key[order[k]] !== key[order[cuts[cuts.length - 1]]]) cuts.push(k);
    cuts.push(hi);
    return cuts;
  }

  /** key[p] = p's wins − losses against the others of order[lo, hi); meetings outside it are dropped. */
  private headToHead(lo: number, hi: number): void {
    const { order, pos, stamp, start, end, other, result, key } = this;
    const currentStamp = ++this.ix.scratch.stamp;
    for (let k = lo; k < hi; k++) stamp[pos[order[k]]] = currentStamp;
    for (let k = lo; k < hi; k++) {
      const p = order[k];
      const at = pos[p];
      let sum = 0;
      let kept = start[at];
      for (let e = kept, last = end[at]; e < last; e++) {
        if (stamp[other[e]] !== currentStamp) continue;
        sum += result[e];
        other[kept] = other[e];
        result[kept++] = result[e];
      }
      end[at] = kept;
      key[p] = sum;
    }
  }

  /** The chain over order[lo, hi) (players level so far); the first group emitted gets `first`. */
  private chain(lo: number, hi: number, first: RankReason): void {
    if (hi - lo > 1) {
      for (let rule = 0; rule < TIEBREAK_CHAIN.length; rule++) {
        const cuts = this.split(rule, lo, hi);
        if (cuts === null) continue;
        for (let i = 0; i + 1 < cuts.length; i++) this.chain(cuts[i], cuts[i + 1], i === 0 ? first : TIEBREAK_CHAIN[rule]);
        return;
      }
      sortRangeBy(this.order, lo, hi, this.byIdRank);
    }
    this.emit(lo, hi, first);
  }

  private emit(lo: number, hi: number, reason: RankReason): void {
    const { out, order, all } = this;
    const rank = out.length + 1;
    for (let k = lo; k < hi; k++) {
      const f = all[order[k]]!;
      out.push({
        rank,
        playerId: f.playerId,
        points: f.points,
        tournamentWins: f.tournamentWins,
        gamesPlayed: f.gamesPlayed,
        avgScoreDiff: f.gamesPlayed === 0 ? 0 : f.scaledDiffSum / DIFF_SCALE / f.gamesPlayed,
        tiebreak: k === lo ? reason : null,
        eliteSixEligible: f.eliteSixEligible,
        resets: f.resets,
      });
    }
  }
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
