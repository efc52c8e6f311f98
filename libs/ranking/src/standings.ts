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

function grownFloat(old: Float64Array, size: number): Float64Array<ArrayBuffer> {
  const next = new Float64Array(size);
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

/** Slots of a player's card (SeasonIndex.card): CARD per player. */
const CARD = 6;
const CARD_ID = 0;
const CARD_POINTS = 1;
const CARD_WINS = 2;
const CARD_GAMES = 3;
const CARD_ELIGIBLE = 4;
const CARD_RESETS = 5;
const NO_RESETS: readonly string[] = [];

/**
 * Every player id seen (entries and seats) numbered 0..n-1, the players' facts by number, the
 * players in id order, and the head-to-head meetings in the order recorded: one segment per
 * challenge folded in, holding each player's meetings of that challenge by player number
 * (compressed rows), so a challenge adds exactly its own meetings and nothing already stored is
 * moved or copied. A meeting is one integer: opponent number × 2, + 1 if the player placed
 * better (a win), + 0 if worse.
 *
 * A season's facts are far larger than the processor's caches, and most of the time of folding
 * in and ranking goes in reading memory at places unrelated to the order it is stored in; so
 * what is read per player sits together (`card`), and segments are written and read in player
 * number order.
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
  /** idRank[p] = p's place in `byId()` (kept with it). */
  idRank = new Int32Array(0);
  /** Meetings of player p in segment s: segData[s][segStart[s][p] .. segStart[s][p + 1]), for p < segStart[s].length - 1. */
  readonly segStart: Int32Array<ArrayBuffer>[] = [];
  readonly segData: Int32Array<ArrayBuffer>[] = [];
  /** Meetings recorded, all segments together. */
  totalMeetings = 0;
  private seenIn = new Int32Array(1024);
  /**
   * What a ranking reads of each player, side by side in one flat array (CARD slots per player,
   * see CARD_ID …) rather than in the facts objects, which lie all over the heap: a ranking reads
   * players in an order unrelated to where they are stored, and this way a player is 24 bytes in
   * one place. Small integers stay unboxed here, and so in the standings entries built from them. The
   * differential sums, floats, are in `diff`.
   */
  readonly card: (string | number | boolean | readonly string[])[] = [];
  diff = new Float64Array(1024);
  /** recent[c][p] = the points p's challenge c counted (0 if p did not play; players numbered later: none). */
  readonly recent: Float64Array<ArrayBuffer>[] = [];
  /** Shared by every index: ranking is synchronous, so one set of working arrays serves them all. */
  readonly scratch = RANK_SCRATCH;

  ensure(id: string): number {
    let n = this.numbers.get(id);
    if (n === undefined) {
      n = this.ids.length;
      this.ids.push(id);
      this.numbers.set(id, n);
      this.facts.push(undefined);
      this.card.push(id, 0, 0, 0, true, NO_RESETS);
      if (n === this.seenIn.length) {
        this.seenIn = grown(this.seenIn, n * 2);
        this.diff = grownFloat(this.diff, n * 2);
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
    const c = n * CARD;
    this.card[c + CARD_ID] = f.playerId;
    this.card[c + CARD_POINTS] = f.points;
    this.card[c + CARD_WINS] = f.tournamentWins;
    this.card[c + CARD_GAMES] = f.gamesPlayed;
    this.card[c + CARD_ELIGIBLE] = f.eliteSixEligible;
    this.card[c + CARD_RESETS] = f.resets;
    this.diff[n] = f.scaledDiffSum;
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
    if (this.idRank.length < this.ids.length) this.idRank = new Int32Array(this.ids.length * 2);
    for (let r = 0; r < merged.length; r++) this.idRank[merged[r]] = r;
    return merged;
  }

  /** Adds a segment (see `segStart`) of start[start.length - 1] meetings. */
  addSegment(start: Int32Array<ArrayBuffer>, data: Int32Array<ArrayBuffer>): void {
    this.segStart.push(start);
    this.segData.push(data);
    this.totalMeetings += start[start.length - 1];
  }

  /** The index of facts not built by an accumulator (hand-made facts): from the maps. */
  static of(facts: SeasonFacts): SeasonIndex {
    const ix = new SeasonIndex();
    let challenges = 0;
    for (const [id, f] of facts.players) {
      ix.addPlayer(ix.ensure(id), f);
      challenges = Math.max(challenges, f.pointsByChallenge.length);
    }
    const lists: number[][] = [];
    for (const [id, record] of facts.meetings) {
      const a = ix.ensure(id);
      const list = (lists[a] ??= []);
      // A record's net result is replayed as that many single wins (or losses).
      for (const [other, r] of record) {
        if (other === id) continue;
        const m = ix.ensure(other) * 2 + (r > 0 ? 1 : 0);
        for (let k = 0; k < Math.abs(r); k++) list.push(m);
      }
    }
    // All of it as one segment.
    const players = ix.ids.length;
    const start = new Int32Array(players + 1);
    for (let p = 0; p < players; p++) start[p + 1] = start[p] + (lists[p]?.length ?? 0);
    const data = new Int32Array(start[players]);
    for (let p = 0; p < players; p++) {
      const list = lists[p];
      if (list === undefined) continue;
      data.set(list, start[p]);
    }
    ix.addSegment(start, data);
    for (let c = 0; c < challenges; c++) ix.recent.push(new Float64Array(players));
    for (const p of ix.players) {
      const history = ix.facts[p]!.pointsByChallenge;
      for (let c = 0; c < history.length; c++) ix.recent[c][p] = history[c] ?? 0;
    }
    return ix;
  }
}

/**
 * One challenge copied out of its entries by `SeasonAccumulator.add` before anything is folded in:
 * per entry its player number, points, win and (player, game) pairs; per distinct table game (a
 * slot) its seats' player numbers, places and scores. Reused from one challenge to the next.
 */
class ChallengeStage {
  number = new Int32Array(0);
  pointsOf = new Float64Array(0);
  won = new Uint8Array(0);
  skip = new Uint8Array(0);
  pairsEnd = new Int32Array(0);
  pairSlot = new Int32Array(1024);
  pairOwn = new Int32Array(1024);
  /** Seats of slot s: [slotStart[s], slotStart[s + 1]). */
  slotStart = new Int32Array(1024);
  seatNumber = new Int32Array(4096);
  seatPlace = new Float64Array(4096);
  seatScore = new Float64Array(4096);
  private games: TableGame[] = [];
  private slots = 0;
  private entryByNumber = new Int32Array(0);

  /** Room for `entries` entries; forgets the previous challenge's games. */
  reserveEntries(entries: number): this {
    if (this.number.length < entries) {
      this.number = new Int32Array(entries);
      this.pointsOf = new Float64Array(entries);
      this.won = new Uint8Array(entries);
      this.skip = new Uint8Array(entries);
      this.pairsEnd = new Int32Array(entries);
    }
    this.games.length = 0;
    this.slots = 0;
    this.slotStart[0] = 0;
    return this;
  }

  /** A new slot for `game`: its seats copied, their players not numbered yet (-1). */
  addGame(game: TableGame): number {
    const slot = this.slots++;
    if (slot + 2 > this.slotStart.length) this.slotStart = grown(this.slotStart, this.slotStart.length * 2);
    const from = this.slotStart[slot];
    const to = from + game.length;
    if (to > this.seatNumber.length) {
      const size = Math.max(to, this.seatNumber.length * 2);
      this.seatNumber = grown(this.seatNumber, size);
      this.seatPlace = grownFloat(this.seatPlace, size);
      this.seatScore = grownFloat(this.seatScore, size);
    }
    for (let k = 0; k < game.length; k++) {
      const seat = game[k];
      this.seatNumber[from + k] = -1;
      this.seatPlace[from + k] = seat.place;
      this.seatScore[from + k] = seat.score;
    }
    this.slotStart[slot + 1] = to;
    this.games.push(game);
    return slot;
  }

  /** Entry index by player number, -1 for none (left all -1 by whoever used it last). */
  entryOf(players: number): Int32Array<ArrayBuffer> {
    if (this.entryByNumber.length < players) {
      const next = new Int32Array(Math.max(players, this.entryByNumber.length * 2)).fill(-1);
      next.set(this.entryByNumber);
      this.entryByNumber = next;
    }
    return this.entryByNumber;
  }

  addPair(j: number, slot: number, own: number): void {
    if (j === this.pairSlot.length) {
      this.pairSlot = grown(this.pairSlot, j * 2);
      this.pairOwn = grown(this.pairOwn, j * 2);
    }
    this.pairSlot[j] = slot;
    this.pairOwn[j] = own;
  }

  numberUnclaimedSeats(ix: SeasonIndex): void {
    for (let slot = 0; slot < this.slots; slot++) {
      const from = this.slotStart[slot];
      for (let k = from; k < this.slotStart[slot + 1]; k++) {
        if (this.seatNumber[k] === -1) this.seatNumber[k] = ix.ensure(this.games[slot][k - from].playerId);
      }
    }
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
 * challenge into the running totals and head-to-head records in O(its entries + players so far),
 * without looking at earlier challenges again; `facts()` is what `seasonFacts` would build from all
 * of them at once. A penalty change cannot be folded in (a reset rewrites earlier weeks): start a
 * new accumulator.
 *
 * Head-to-head meetings are kept in integer segments, one per challenge (the Map-of-Maps
 * `meetings` view is built only when read), and what the tiebreakers compare in flat arrays beside
 * the facts objects, so `standingsFromFacts` ranks from the accumulator's index without rebuilding
 * anything per player.
 */
export class SeasonAccumulator {
  private readonly banned: Set<string>;
  private readonly disqualified: Set<string>;
  private readonly resetAfter = new Map<string, number>();
  private readonly resetReasons = new Map<string, string[]>();
  private readonly players = new Map<string, MutableFacts>();
  private readonly index = new SeasonIndex();
  private readonly stage = new ChallengeStage();
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
    const entries = challenge.entries;
    const st = this.stage.reserveEntries(entries.length);
    const { number, pointsOf, won, skip, pairsEnd } = st;
    // A game listed by each of its players is one object: it gets one slot, its seats copied out once.
    const slotOf = new Map<TableGame, number>();
    const hasBans = this.banned.size > 0;
    const visit = ++this.visits;
    // One pass over the challenge checks every entry and copies out what folding it in needs, so the
    // second pass reads flat arrays only (numbering a player who then turns out to be in error
    // changes nothing that shows).
    let pairs = 0;
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i];
      const id = entry.playerId;
      const me = (number[i] = ix.ensure(id));
      if (ix.mark(me, visit)) {
        return { code: 'DUPLICATE_ENTRY', message: `${id} is listed twice in ${challenge.challengeId}` };
      }
      const points = entry.points;
      if (!Number.isInteger(points) || points < 0) {
        return { code: 'BAD_POINTS', message: `${id} has bad points in ${challenge.challengeId}` };
      }
      pointsOf[i] = points;
      won[i] = entry.won ? 1 : 0;
      skip[i] = hasBans && this.banned.has(id) ? 1 : 0;
      if (skip[i] === 0) {
        const games = entry.tableGames;
        for (let g = 0; g < games.length; g++) {
          const game = games[g];
          let own = 0;
          while (own < game.length && game[own].playerId !== id) own++;
          if (game.length < 2 || game.length > 6 || own === game.length) {
            return { code: 'BAD_TABLE_GAME', message: `a table game of ${id} in ${challenge.challengeId} lacks their seat or has a bad size` };
          }
          let slot = slotOf.get(game);
          if (slot === undefined) {
            slot = st.addGame(game);
            slotOf.set(game, slot);
          }
          // The player's own seat is numbered by the entry, without looking the id up again.
          st.seatNumber[st.slotStart[slot] + own] = me;
          st.addPair(pairs++, slot, own);
        }
      }
      pairsEnd[i] = pairs;
    }
    // Seats no entry claimed (a player who did not list the game, or is banned) by id.
    st.numberUnclaimedSeats(ix);

    const ci = this.count++;
    this.meetingsView = null;
    // Newcomers' facts first, in entry order (the facts map lists players in the order they joined).
    for (let i = 0; i < entries.length; i++) {
      if (skip[i] === 1 || ix.facts[number[i]] !== undefined) continue;
      const id = entries[i].playerId;
      const f: MutableFacts = {
        playerId: id,
        points: 0,
        tournamentWins: 0,
        gamesPlayed: 0,
        scaledDiffSum: 0,
        pointsByChallenge: [],
        eliteSixEligible: !this.disqualified.has(id),
        resets: this.resetReasons.get(id) ?? [],
      };
      this.players.set(id, f);
      ix.addPlayer(number[i], f);
    }
    // Then the entries in player-number order: the facts, cards and this challenge's segment are
    // walked forwards rather than at random (each player's own meetings keep their order).
    const entryOf = st.entryOf(ix.ids.length);
    for (let i = 0; i < entries.length; i++) if (skip[i] === 0) entryOf[number[i]] = i;
    const { pairSlot, pairOwn, slotStart, seatNumber, seatPlace, seatScore } = st;
    // This challenge's segment of meetings, filled in player order: room for one meeting with
    // every other seat of every game listed.
    const players = ix.ids.length;
    let room = 0;
    for (let j = 0; j < pairs; j++) room += slotStart[pairSlot[j] + 1] - slotStart[pairSlot[j]] - 1;
    const segStart = new Int32Array(players + 1);
    const segData = new Int32Array(room);
    const recent = new Float64Array(players);
    const card = ix.card;
    let at = 0;
    for (let me = 0; me < players; me++) {
      segStart[me] = at;
      const i = entryOf[me];
      if (i < 0) continue;
      entryOf[me] = -1;
      // The accumulator's own facts are the mutable ones it created.
      const f = ix.facts[me] as MutableFacts;
      const wiped = this.resetAfter.size > 0 && challenge.week <= (this.resetAfter.get(f.playerId) ?? -Infinity);
      const counted = wiped ? 0 : pointsOf[i];
      const c = me * CARD;
      card[c + CARD_POINTS] = f.points += counted;
      // Challenges the player missed stay holes (read as 0 by the recent-performance rule).
      while (f.pointsByChallenge.length < ci) f.pointsByChallenge.push(0);
      f.pointsByChallenge[ci] = counted;
      recent[me] = counted;
      if (won[i] === 1) card[c + CARD_WINS] = f.tournamentWins += 1;

      for (let j = i === 0 ? 0 : pairsEnd[i - 1], last = pairsEnd[i]; j < last; j++) {
        const from = slotStart[pairSlot[j]];
        const to = slotStart[pairSlot[j] + 1];
        const ownPlace = seatPlace[from + pairOwn[j]];
        let othersSum = 0;
        for (let k = from; k < to; k++) {
          const other = seatNumber[k];
          if (other === me) continue;
          othersSum += seatScore[k];
          // Judged from this player's own list of games only, so each meeting counts once per side.
          const place = seatPlace[k];
          if (ownPlace < place) segData[at++] = other * 2 + 1;
          else if (ownPlace > place) segData[at++] = other * 2;
        }
        card[c + CARD_GAMES] = f.gamesPlayed += 1;
        ix.diff[me] = f.scaledDiffSum += seatScore[from + pairOwn[j]] * DIFF_SCALE - (othersSum * DIFF_SCALE) / (to - from - 1);
      }
    }
    segStart[players] = at;
    if (at > 0) ix.addSegment(segStart, segData);
    ix.recent.push(recent);
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
      for (let s = 0; s < ix.segStart.length; s++) {
        const start = ix.segStart[s];
        if (p + 1 >= start.length) continue;
        for (let e = start[p], end = start[p + 1]; e < end; e++) {
          const m = ix.segData[s][e];
          const other = ix.ids[m >> 1];
          record.set(other, (record.get(other) ?? 0) + (m & 1 ? 1 : -1));
        }
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
 * order[] holds the players; every group still level is a run order[lo, hi) sorted in place,
 * with key[lo, hi) the sort key of each slot. Head-to-head is only ever judged among players
 * level on points: before the chain, every player's meetings with the others of their run of
 * equal points are copied out of the index's segments into adjacency lists by place (player at
 * place k: other[start[k], end[k]), opponents named by place). Head-to-head then drops, as it
 * scans a group, every meeting with a player outside the group (no later head-to-head of these
 * players looks beyond it).
 *
 * Most of a ranking's time goes in reading memory at places unrelated to the order it is stored
 * in (a season's facts are far larger than the processor's caches), so the data read per player
 * sits together (SeasonIndex.card), the segments are read in the order they are stored, and keys
 * move with the slots they belong to rather than being looked up by player.
 */
class Ranker {
  private readonly all: readonly (PlayerSeasonFacts | undefined)[];
  private readonly byId: Int32Array;
  private readonly n: number;
  private readonly idRank: Int32Array;
  /** The sort key of each slot of order[] (moved along with it). */
  private readonly key: Float64Array<ArrayBuffer>;
  private readonly sortedKey: Float64Array<ArrayBuffer>;
  /** Keys by player number, for a sort by comparison. */
  private readonly keyOf: Float64Array<ArrayBuffer>;
  private readonly packed: Float64Array<ArrayBuffer>;
  private readonly average: Float64Array<ArrayBuffer>;
  private readonly distinct: Float64Array<ArrayBuffer>;
  /** Counting sort: counts by key distance from the top (room for 2n + 64 distinct keys), and its output. */
  private readonly count: Int32Array<ArrayBuffer>;
  private readonly sorted: Int32Array<ArrayBuffer>;
  /** Packed sort keys hold the id rank in their low part: a power of two, so it comes back exactly. */
  private readonly width: number;
  private readonly order: Int32Array<ArrayBuffer>;
  private readonly pos: Int32Array<ArrayBuffer>;
  private readonly start: Int32Array<ArrayBuffer>;
  private readonly end: Int32Array<ArrayBuffer>;
  /** By place k: the run of equal points it is in, [bounds[2k], bounds[2k + 1]). */
  private readonly bounds: Int32Array<ArrayBuffer>;
  /** A meeting copied out for head-to-head: the opponent's place × 2, + 1 for a win. */
  private readonly other: Int32Array<ArrayBuffer>;
  private readonly stamp: Int32Array<ArrayBuffer>;
  /** The index's player cards and differential sums (see SeasonIndex.card). */
  private readonly card: readonly (string | number | boolean | readonly string[])[];
  private readonly diff: Float64Array;
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
    this.idRank = ix.idRank;
    this.card = ix.card;
    this.diff = ix.diff;
    this.key = scratch.float('key', n);
    this.sortedKey = scratch.float('sortedKey', n);
    this.keyOf = scratch.float('keyOf', N);
    this.packed = scratch.float('packed', n);
    this.average = scratch.float('average', n);
    this.distinct = scratch.float('distinct', n);
    this.count = scratch.int('count', 2 * n + 65);
    this.sorted = scratch.int('sorted', n);
    let width = 1;
    while (width < n) width *= 2;
    this.width = width;
    this.order = scratch.int('order', n);
    this.order.set(this.byId);
    this.pos = scratch.int('pos', N);
    this.start = scratch.int('start', n);
    this.end = scratch.int('end', n);
    this.bounds = scratch.int('bounds', 2 * n);
    this.stamp = scratch.int('stamp', n);
    if (scratch.stamp > 2 ** 30) {
      this.stamp.fill(0);
      scratch.stamp = 0;
    }
    this.other = scratch.int('other', ix.totalMeetings);
    const { keyOf, idRank, card, diff } = this;
    this.byKey = (a, b) => keyOf[b] - keyOf[a] || idRank[a] - idRank[b];
    this.byScoreDiff = (a, b) => {
      const ga = card[a * CARD + CARD_GAMES] as number;
      const gb = card[b * CARD + CARD_GAMES] as number;
      const la = ga === 0 ? 0 : diff[a] * Math.max(gb, 1);
      const lb = gb === 0 ? 0 : diff[b] * Math.max(ga, 1);
      return Math.sign(lb - la);
    };
    const recent = ix.recent;
    this.byRecent = (a, b) => {
      for (let c = recent.length - 1; c >= 0; c--) {
        const points = recent[c];
        const d = (b < points.length ? points[b] : 0) - (a < points.length ? points[a] : 0);
        if (d !== 0) return d;
      }
      return 0;
    };
    this.byIdRank = (a, b) => idRank[a] - idRank[b];
  }

  rank(): StandingsEntry[] {
    const { n, order, key, pos, card, bounds, idRank, all, ix } = this;
    // key[k] = the points of order[k] (the players in id order), gathered in number order.
    for (let p = 0; p < all.length; p++) if (all[p] !== undefined) key[idRank[p]] = card[p * CARD + CARD_POINTS] as number;
    this.sortByKey(0, n);
    // Each player's place in the points order, fixed from here on (the chain only reorders players
    // inside their run of equal points); -1 for anyone met who is not in the standings.
    pos.fill(-1, 0, ix.ids.length);
    for (let k = 0; k < n; k++) pos[order[k]] = k;
    for (let i = 0, j = 0; i < n; i = j) {
      j = i + 1;
      while (j < n && key[j] === key[i]) j++;
      for (let k = i; k < j; k++) {
        bounds[2 * k] = i;
        bounds[2 * k + 1] = j;
      }
    }
    this.copyMeetings();
    // copyMeetings left each run's head-to-head in key[]: the chain of a run starts from there.
    for (let i = 0; i < n; i = bounds[2 * i + 1]) this.chain(i, bounds[2 * i + 1], this.out.length === 0 ? null : 'points', true);
    return this.out;
  }

  /**
   * Copies out every player's meetings with the others of their run of equal points, and sums
   * them: key[k] = the head-to-head of the player at place k within their run. Players are taken
   * in number order, the order of every segment, so the segments are read forwards; the lists
   * kept (about one meeting in five) are written one after another, so they stay dense.
   */
  private copyMeetings(): void {
    const { pos, start, end, other, bounds, key } = this;
    const { segStart, segData } = this.ix;
    const segments = segStart.length;
    let at = 0;
    for (let p = 0, players = this.ix.ids.length; p < players; p++) {
      const k = pos[p];
      if (k < 0) continue;
      const lo = bounds[2 * k];
      const span = bounds[2 * k + 1] - lo;
      start[k] = at;
      let sum = 0;
      if (span > 1) {
        for (let s = 0; s < segments; s++) {
          const from = segStart[s];
          if (p + 1 >= from.length) continue;
          const data = segData[s];
          for (let e = from[p], last = from[p + 1]; e < last; e++) {
            const m = data[e];
            const q = pos[m >> 1];
            const d = q - lo;
            // Written always, kept (at moves on) only if lo <= q < lo + span: branch-free, as
            // about one meeting in five is kept, unpredictably. (-1, not in the standings, too.)
            const kept = 1 - ((d | (span - 1 - d)) >>> 31);
            other[at] = (q << 1) | (m & 1);
            at += kept;
            sum += kept * (((m & 1) << 1) - 1);
          }
        }
      }
      end[k] = at;
      key[k] = sum;
    }
  }

  /**
   * Sorts order[lo, hi) with key[lo, hi) (the key of each slot, moved along with it) by key,
   * highest first, equal keys by player id. Whole-number keys of a small range take a counting
   * sort (stable: a group is in id order when it is sorted, as every sort leaves equal keys in id
   * order); keys of a wide range are packed with the id rank into one float each (key distance
   * from the top × width + id rank) and sorted natively; anything else by comparison.
   */
  private sortByKey(lo: number, hi: number): void {
    const { key } = this;
    let max = -Infinity;
    let min = Infinity;
    let whole = true;
    for (let k = lo; k < hi; k++) {
      const v = key[k];
      if (v > max) max = v;
      if (v < min) min = v;
      if (Math.floor(v) !== v) whole = false;
    }
    const span = max - min + 1;
    if (whole && span <= this.count.length - 1 && span <= 2 * (hi - lo) + 64) this.countingSort(lo, hi, max, span);
    else if (whole && span * this.width <= 2 ** 52) this.packedSort(lo, hi, max);
    else this.comparisonSort(lo, hi);
  }

  private countingSort(lo: number, hi: number, max: number, span: number): void {
    const { key, order, count, sorted, sortedKey } = this;
    count.fill(0, 0, span + 1);
    for (let k = lo; k < hi; k++) count[max - key[k] + 1]++;
    for (let d = 1; d < span; d++) count[d] += count[d - 1];
    for (let k = lo; k < hi; k++) {
      const at = lo + count[max - key[k]]++;
      sorted[at] = order[k];
      sortedKey[at] = key[k];
    }
    order.set(sorted.subarray(lo, hi), lo);
    key.set(sortedKey.subarray(lo, hi), lo);
  }

  private packedSort(lo: number, hi: number, max: number): void {
    const { key, order, packed, idRank, byId, width } = this;
    for (let k = lo; k < hi; k++) packed[k] = (max - key[k]) * width + idRank[order[k]];
    sortFloatRange(packed, lo, hi);
    for (let k = lo; k < hi; k++) {
      const v = packed[k];
      const top = Math.floor(v / width);
      order[k] = byId[v - top * width];
      key[k] = max - top;
    }
  }

  private comparisonSort(lo: number, hi: number): void {
    const { key, order, keyOf } = this;
    for (let k = lo; k < hi; k++) keyOf[order[k]] = key[k];
    sortRangeBy(order, lo, hi, this.byKey);
    for (let k = lo; k < hi; k++) key[k] = keyOf[order[k]];
  }

  /**
   * Sorts order[lo, hi) by average score differential, highest first: by the rank of each average
   * as a float among the segment's distinct averages (division rounds monotonically, so this is
   * the exact order wherever the averages differ by more than rounding), then checked pair by pair
   * against the exact comparison; if any pair disagrees, sorted by the exact comparison instead.
   */
  private sortByAverage(lo: number, hi: number): void {
    const { order, card, diff, average, distinct, key, idRank } = this;
    for (let k = lo; k < hi; k++) {
      const p = order[k];
      const g = card[p * CARD + CARD_GAMES] as number;
      average[k] = g === 0 ? 0 : diff[p] / g + 0;
    }
    distinct.set(average.subarray(lo, hi), lo);
    sortFloatRange(distinct, lo, hi);
    let u = lo;
    for (let k = lo; k < hi; k++) if (k === lo || distinct[k] !== distinct[u - 1]) distinct[u++] = distinct[k];
    for (let k = lo; k < hi; k++) {
      let a = lo;
      let b = u - 1;
      const v = average[k];
      while (a < b) {
        const m = (a + b) >> 1;
        if (distinct[m] < v) a = m + 1;
        else b = m;
      }
      key[k] = a - lo;
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

  /**
   * Sorts order[lo, hi) by a rule and returns the part boundaries (lo, …, hi), or null when it
   * does not split. Head-to-head is taken from key[] as it is when `ready`.
   */
  private split(rule: number, lo: number, hi: number, ready: boolean): number[] | null {
    const { order, key, card, idRank } = this;
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
    if (rule === 0) {
      if (!ready) this.headToHead(lo, hi);
    } else if (rule === 1) {
      for (let k = lo; k < hi; k++) key[k] = card[order[k] * CARD + CARD_WINS] as number;
    } else {
      for (let k = lo; k < hi; k++) {
        const g = card[order[k] * CARD + CARD_GAMES] as number;
        key[k] = g >= this.minGames ? g : -1;
      }
    }
    let level = true;
    for (let k = lo + 1; k < hi && level; k++) level = key[k] === key[lo];
    if (level) return null;
    this.sortByKey(lo, hi);
    const cuts = [lo];
    for (let k = lo + 1; k < hi; k++) if (key[k] !== key[k - 1]) cuts.push(k);
    cuts.push(hi);
    return cuts;
  }

  /** key[k] = the head-to-head of order[k] against the others of order[lo, hi); meetings outside it are dropped. */
  private headToHead(lo: number, hi: number): void {
    const { order, pos, stamp, start, end, other, key } = this;
    const currentStamp = ++this.ix.scratch.stamp;
    for (let k = lo; k < hi; k++) stamp[pos[order[k]]] = currentStamp;
    for (let k = lo; k < hi; k++) {
      const at = pos[order[k]];
      let sum = 0;
      let kept = start[at];
      for (let e = kept, last = end[at]; e < last; e++) {
        const o = other[e];
        if (stamp[o >> 1] !== currentStamp) continue;
        sum += ((o & 1) << 1) - 1;
        other[kept++] = o;
      }
      end[at] = kept;
      key[k] = sum;
    }
  }

  /** The chain over order[lo, hi) (players level so far); the first group emitted gets `first`. */
  private chain(lo: number, hi: number, first: RankReason, ready = false): void {
    if (hi - lo > 1) {
      for (let rule = 0; rule < TIEBREAK_CHAIN.length; rule++) {
        const cuts = this.split(rule, lo, hi, ready);
        if (cuts === null) continue;
        for (let i = 0; i + 1 < cuts.length; i++) {
          const reason = i === 0 ? first : TIEBREAK_CHAIN[rule];
          if (cuts[i + 1] - cuts[i] === 1) this.emit(cuts[i], cuts[i + 1], reason);
          else this.chain(cuts[i], cuts[i + 1], reason);
        }
        return;
      }
      sortRangeBy(this.order, lo, hi, this.byIdRank);
    }
    this.emit(lo, hi, first);
  }

  private emit(lo: number, hi: number, reason: RankReason): void {
    const { out, order, card, diff } = this;
    const rank = out.length + 1;
    for (let k = lo; k < hi; k++) {
      const p = order[k];
      const c = p * CARD;
      const games = card[c + CARD_GAMES] as number;
      out.push({
        rank,
        playerId: card[c + CARD_ID] as string,
        points: card[c + CARD_POINTS] as number,
        tournamentWins: card[c + CARD_WINS] as number,
        gamesPlayed: games,
        avgScoreDiff: games === 0 ? 0 : diff[p] / DIFF_SCALE / games,
        tiebreak: k === lo ? reason : null,
        eliteSixEligible: card[c + CARD_ELIGIBLE] as boolean,
        resets: card[c + CARD_RESETS] as readonly string[],
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
