/**
 * The standings ranked over the season's integer index (the hot path of every standings write).
 */
import * as seasonIndexModule from './season-index';
import { INDEX, SeasonIndex } from './season-index';
import * as typesModule from './types';
import type { PlayerSeasonFacts, RankReason, SeasonFacts, StandingsEntry } from './types';

// Module-level copies: a bundler compiles a named import into a getter call on every use, a local const is a plain load.
const { CARD, CARD_ELIGIBLE, CARD_GAMES, CARD_ID, CARD_POINTS, CARD_RESETS, CARD_WINS, sortFloatRange, sortRangeBy } = seasonIndexModule;
const { DIFF_SCALE, TIEBREAK_CHAIN } = typesModule;

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
