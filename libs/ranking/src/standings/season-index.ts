/**
 * The integer index of a season's facts that folding in and ranking read: players numbered,
 * what a ranking reads of each side by side (the card), head-to-head meetings in segments, and
 * the working arrays a ranking reuses.
 */
import type { PlayerSeasonFacts, SeasonFacts } from './types';

/** Where `standingsFromFacts` finds the accumulator's integer index (not part of the facts' data). */
export const INDEX = Symbol('season-index');

/** Sorts a[lo, hi) in place, numerically ascending (native). Module-level so call sites stay monomorphic. */
export function sortFloatRange(a: Float64Array<ArrayBuffer>, lo: number, hi: number): Float64Array<ArrayBuffer> {
  a.subarray(lo, hi).sort();
  return a;
}

export function sortRangeBy(a: Int32Array<ArrayBuffer>, lo: number, hi: number, compare: (x: number, y: number) => number): void {
  a.subarray(lo, hi).sort(compare);
}

export function grown(old: Int32Array, size: number): Int32Array<ArrayBuffer> {
  const next = new Int32Array(size);
  next.set(old);
  return next;
}

export function grownFloat(old: Float64Array, size: number): Float64Array<ArrayBuffer> {
  const next = new Float64Array(size);
  next.set(old);
  return next;
}

/**
 * Working arrays of `standingsFromFacts`, reused from one ranking to the next (reallocated only
 * when too small): a ranking allocates no new buffers, so it does not trigger collections of a
 * large heap. Safe to share because a ranking runs start to finish synchronously.
 */
export class RankScratch {
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
export const RANK_SCRATCH = new RankScratch();

/** Slots of a player's card (SeasonIndex.card): CARD per player. */
export const CARD = 6;
export const CARD_ID = 0;
export const CARD_POINTS = 1;
export const CARD_WINS = 2;
export const CARD_GAMES = 3;
export const CARD_ELIGIBLE = 4;
export const CARD_RESETS = 5;
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
export class SeasonIndex {
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
