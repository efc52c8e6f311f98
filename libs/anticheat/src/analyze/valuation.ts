/**
 * How the analysis values the plays of a choice on the fast path: greedy continuations, the
 * own-information reference over sampled deals, and the advantage of the chosen play.
 */
import { GREY_TABLE, MiniBoard, YELLOW_TABLE, greedyFastMove, greedyPlayout, outcomeValue, type OutcomeWeights } from '@dcs/engine';
import { FastGame, MATCH, sumAfter } from '@dcs/engine/fast';

/** Greedy continuation of `g` for `plies` plies (0: to the end of the hand). */
export function continuation(g: FastGame, mini: MiniBoard, plies: number, threat: boolean): void {
  if (plies <= 0) {
    greedyPlayout(g, mini, threat);
    return;
  }
  for (let k = 0; k < plies && g.handOver === 0; k++) {
    const mv = greedyFastMove(g, mini, threat);
    if (mv < 0) g.knock();
    else g.play(mv);
  }
}

/** Reusable scratch (one per analyser; nothing else is allocated per choice). */
export class Scratch {
  readonly game = new FastGame(1, 4);
  readonly child = new FastGame(1, 4);
  readonly mini = new MiniBoard();
  readonly moves = new Int32Array(32);
  readonly values = new Float64Array(32);
  /** omniscient and own-information values with the threat-aware continuation */
  readonly threatValues = new Float64Array(32);
  readonly threatTotals = new Float64Array(32);
  readonly startScores = new Int32Array(4);
  readonly startOn = new Uint8Array(4);
  readonly world = new FastGame(1, 4);
  readonly pool = new Int32Array(28);
  readonly totals = new Float64Array(32);
  /** per move: sampled deals in which the next seat could score right after it */
  readonly feedCounts = new Float64Array(32);
  readonly realFeeds = new Uint8Array(32);
  /** values with one opponent's real hand known (the others sampled) */
  readonly seatTotals = new Float64Array(32);
  /** per seat: tiles it cannot hold (the ends it knocked on truthfully this hand) */
  readonly voids = new Int32Array(4);
}

/**
 * The own-information reference: a reduced expert — determinised Monte-Carlo
 * over `samples` deals of the tiles the seat cannot see (only the counts are
 * kept), each candidate rolled out greedily. Deterministic (seeded per choice).
 * Returns the index of the chosen move in sc.moves[0..count).
 */
export function sampleValues(
  g: FastGame,
  seat: number,
  count: number,
  samples: number,
  seed: number,
  sc: Scratch,
  w: OutcomeWeights,
  horizon: number,
  fixed: number,
  totals: Float64Array,
  feeds: Float64Array | null,
  threat = false,
): void {
  const n = g.players;
  let pool = 0;
  for (let s = 0; s < n; s++) if (s !== seat && s !== fixed) pool |= g.hands[s];
  pool |= g.sleeping;
  let np = 0;
  for (let m = pool; m !== 0; m &= m - 1) sc.pool[np++] = 31 - Math.clz32(m & -m);
  totals.fill(0, 0, count);
  if (feeds) feeds.fill(0, 0, count);
  const next = seat + 1 === n ? 0 : seat + 1;
  let r = seed >>> 0;
  const rand = (k: number): number => {
    r = (r + 0x6d2b79f5) >>> 0;
    let t = r;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * k);
  };
  let tries = 0;
  for (let k = 0; k < samples; k++) {
    sc.world.copyFrom(g);
    for (let i = np - 1; i > 0; i--) {
      const j = rand(i + 1);
      const t = sc.pool[i];
      sc.pool[i] = sc.pool[j];
      sc.pool[j] = t;
    }
    let at = 0;
    for (let s = 0; s < n; s++) {
      if (s === seat || s === fixed) continue;
      let c = 0;
      for (let m = g.hands[s]; m !== 0; m &= m - 1) c++;
      let h = 0;
      for (let q = 0; q < c; q++) h |= 1 << sc.pool[at++];
      sc.world.hands[s] = h;
    }
    let sl = 0;
    while (at < np) sl |= 1 << sc.pool[at++];
    sc.world.sleeping = sl;
    // a deal that breaks a known void is redrawn (a few tries, then kept: a false knock may be unflagged)
    let ok = true;
    for (let s = 0; s < n; s++) if (s !== seat && (sc.world.hands[s] & sc.voids[s]) !== 0) ok = false;
    if (!ok && tries < 20) {
      tries++;
      k--;
      continue;
    }
    for (let i = 0; i < count; i++) {
      const c = sc.child;
      c.copyFrom(sc.world);
      c.play(sc.moves[i]);
      if (feeds && c.handOver === 0 && c.turn === next && bestPlayPoints(c, next) > 0) feeds[i]++;
      continuation(c, sc.mini, horizon, threat);
      totals[i] += outcomeValue(c, seat, sc.startScores, sc.startOn, w);
    }
  }
}

export function ownInfoChoice(g: FastGame, seat: number, count: number, samples: number, seed: number, sc: Scratch, w: OutcomeWeights, horizon: number): number {
  sampleValues(g, seat, count, samples, seed, sc, w, horizon, -1, sc.totals, sc.feedCounts);
  let best = 0;
  for (let i = 1; i < count; i++) if (sc.totals[i] > sc.totals[best]) best = i;
  return best;
}

/**
 * The chosen play's hidden-information advantage: A(m) = omniscient value − own-information value
 * (the mean over `samples` sampled deals of `totals`), for the chosen play, minus the plays' mean A.
 */
export function chosenAdvantage(sc: Scratch, count: number, move: number, omniscient: Float64Array, totals: Float64Array, samples: number): number {
  let mean = 0;
  let chosen = 0;
  for (let i = 0; i < count; i++) {
    const a = omniscient[i] - totals[i] / samples;
    mean += a / count;
    if (sc.moves[i] === move) chosen = a;
  }
  return chosen - mean;
}

/** Best points `seat` could score with one play of its real hand on the board of `g`. */
export function bestPlayPoints(g: FastGame, seat: number): number {
  const hand = g.hands[seat];
  if (hand === 0 || g.tilesOnBoard === 0) return 0;
  const table = g.onBoard[seat] !== 0 ? YELLOW_TABLE : GREY_TABLE;
  const ends = g.armsOpen !== 0 ? 4 : 2;
  let best = 0;
  for (let e = 0; e < ends; e++) {
    for (let m = hand & MATCH[g.endVal[e]]; m !== 0; m &= m - 1) {
      const t = 31 - Math.clz32(m & -m);
      const p = table[sumAfter(g, t, e)];
      if (p > best) best = p;
    }
  }
  return best;
}
