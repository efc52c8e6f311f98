/**
 * Per-game analysis: replays a finished dcs-tournament game record on the
 * engine's fast path and measures, for every seat, what the detectors need.
 *
 * At every real choice (a seat on turn with two or more legal plays):
 * - the own-information reference: the engine's greedy policy on the seat's own
 *   knowledge (its hand, the board, the scores) — the cheap stand-in for the
 *   expert bot, whose full search (~1 ms a decision) is far too slow here;
 * - the omniscient evaluation: every legal play is played out to the end of the
 *   hand with the REAL hidden hands (greedy continuation for every seat) and
 *   valued like the expert values a hand (points minus the others' mean, plus
 *   the worth of turning Yellow and of winning). A "hidden-information point" is
 *   a choice where the omniscient best play beats the own-information choice by
 *   at least `hiddenMargin` points: only someone who saw other hands had a reason
 *   to prefer it. A hit is choosing that play there.
 * - feeding: for the next seat (the rival who plays right after), whether each
 *   legal play leaves an end its ACTUAL hand scores on; the player's choice
 *   against the share of such plays (chance).
 * - timing: the server-measured decision time (ln ms), hard choices (3+ plays
 *   whose omniscient values differ by `hardSpread` or more) decided instantly.
 * - false knocks (knocking while holding a playable tile) and the first rival
 *   who scored before the knocker's next turn (whom the knock helped).
 * - the outcome: final points, place and win.
 *
 * Everything is deterministic: the same record gives the same features.
 */
import {
  EXPERT_DEFAULTS,
  GREY_TABLE,
  MiniBoard,
  YELLOW_TABLE,
  greedyFastMove,
  greedyPlayout,
  outcomeValue,
  tileIndex,
  type GameRecord,
  type OutcomeWeights,
} from '@dcs/engine';
import { FastGame, MATCH, MOVE_KNOCK, actionToMove, sumAfter } from '@dcs/engine/fast';

export const ANALYSIS_VERSION = 2;

export interface AnalyzeOptions {
  /** omniscient gain (points) that makes a choice a hidden-information point (default 5) */
  hiddenMargin?: number;
  /** spread of omniscient values (points) that makes a 3+-play choice hard (default 10) */
  hardSpread?: number;
  /** a decision at most this fast is instant (default 400 ms) */
  instantMs?: number;
  /** rollouts look at what the next player could score (slower; default false) */
  rolloutThreat?: boolean;
  /** sampled deals of the own-information reference search (0: the greedy policy alone; default 6) */
  ownSamples?: number;
  /** plies the evaluations look ahead after the play (0: to the end of the hand; default 8: less noise, same signal) */
  horizon?: number;
  /** sampled deals per opponent of the one-hand advantage (0: off, the default: it triples the cost and, measured, does not yet separate half-time one-opponent peekers) */
  seatSamples?: number;
  /**
   * the second valuation of the hidden-information advantage (default true): the same test with every
   * play valued by the greedy continuation that also looks at what the next seat could score
   * (the engine's threat look), beside the plain greedy one (docs/anticheat.md, "Two valuations")
   */
  threatView?: boolean;
  /** the threat view's sampled deals (the first of the plain view's deals) and plies */
  threatSamples?: number;
  threatHorizon?: number;
}

export const ANALYZE_DEFAULTS: Required<AnalyzeOptions> = {
  hiddenMargin: 5,
  hardSpread: 10,
  instantMs: 400,
  rolloutThreat: false,
  ownSamples: 6,
  horizon: 8,
  seatSamples: 0,
  threatView: true,
  threatSamples: 3,
  threatHorizon: 6,
};

/** Greedy continuation of `g` for `plies` plies (0: to the end of the hand). */
function continuation(g: FastGame, mini: MiniBoard, plies: number, threat: boolean): void {
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

export interface AnalyzeInput {
  record: GameRecord;
  /** seat → user id (null for an empty or bot seat: it is analysed but has no user) */
  seatUsers: readonly (string | null)[];
  /** server-measured decision time of each action, [hand][action] (null or missing: unknown) */
  decisionMs?: readonly (readonly (number | null)[])[];
  /** final places (1 = first) when the caller knows them (forfeits, hard stops); else from the final scores */
  places?: readonly number[];
}

/** What one seat did in one game: additive counts (see aggregate.ts). */
export interface SeatFeatures {
  seat: number;
  userId: string | null;
  /** choices with 2+ legal plays */
  choices: number;
  /** of which the play matched the own-information reference */
  ownMatches: number;
  /**
   * Hidden-information advantage at each choice: A(m) = omniscient value of play m
   * (true hands) minus its own-information value (mean over sampled deals); the
   * choice's score is A(chosen) minus the mean A of the plays. Whatever its
   * strength, a player deciding on its own information scores 0 on average.
   * Sum and sum of squares over `choices`.
   */
  advSum: number;
  advSq: number;
  /**
   * The same advantage with the threat-aware valuation (`threatView`): choices measured (0 in a
   * game analysed without it, or before it existed), sum and sum of squares.
   */
  advThreatN: number;
  advThreatSum: number;
  advThreatSq: number;
  /**
   * The same test on the next seat's real reply: at choices where some plays
   * really leave the next seat a scoring play and some do not, the score is
   * (own-information chance that the chosen play feeds) minus (whether it really
   * feeds), centred on the plays' mean. 0 on average for any own-information
   * player; positive for one who sees the next seat's tiles.
   */
  replyN: number;
  replySum: number;
  replySq: number;
  /**
   * One-hand advantage: for each opponent k, A_k(m) = value of play m with k's real hand
   * known (the other hands sampled) minus its own-information value; the choice scores the
   * sum over opponents of A_k(chosen) - mean A_k. 0 on average for an own-information player;
   * positive for one who sees any one opponent's tiles. Sum and sum of squares over `choices`.
   */
  seatAdvSum: number;
  seatAdvSq: number;
  /** choices where only hidden information justified the omniscient best play */
  hiddenPoints: number;
  /** of which the player chose that play */
  hiddenHits: number;
  /** sum over choices of the omniscient value of the chosen play minus that of the own-information choice, and of its square */
  omniGain: number;
  omniGainSq: number;
  /** choices with a known decision time, with the sums of ln(ms) and ln(ms)² */
  timedChoices: number;
  logMsSum: number;
  logMsSq: number;
  /** hard choices with a known decision time, and how many were instant */
  hardChoices: number;
  hardInstant: number;
  /** turns after the lead where the seat held a playable tile, and its false knocks */
  playTurns: number;
  falseKnocks: number;
  /** outcome */
  points: number;
  place: number;
  won: number;
  players: number;
}

/** What `from` did for `to`, the seat playing right after it (directed). */
export interface PairFeatures {
  from: number;
  to: number;
  fromUser: string | null;
  toUser: string | null;
  /** choices of `from` where some but not all plays leave `to` a scoring play with its real hand */
  feedOpps: number;
  /** of which `from` chose such a play */
  feedObs: number;
  /** expected feeds by chance (sum of the share of feeding plays) and the variance */
  feedExp: number;
  feedVar: number;
  /** false knocks of `from` after which `to` was the first to score before `from` played again */
  falseKnockHelps: number;
}

export interface GameAnalysis {
  version: number;
  players: number;
  /** actions analysed (the replay stops at an action the fast path cannot take, e.g. a forfeit) */
  actions: number;
  complete: boolean;
  seats: SeatFeatures[];
  pairs: PairFeatures[];
}

function maskOf(tiles: readonly string[]): number {
  let m = 0;
  for (const t of tiles) m |= 1 << tileIndex(t);
  return m;
}

function emptySeat(seat: number, userId: string | null, players: number): SeatFeatures {
  return {
    seat,
    userId,
    choices: 0,
    ownMatches: 0,
    advSum: 0,
    advSq: 0,
    advThreatN: 0,
    advThreatSum: 0,
    advThreatSq: 0,
    replyN: 0,
    replySum: 0,
    replySq: 0,
    seatAdvSum: 0,
    seatAdvSq: 0,
    hiddenPoints: 0,
    hiddenHits: 0,
    omniGain: 0,
    omniGainSq: 0,
    timedChoices: 0,
    logMsSum: 0,
    logMsSq: 0,
    hardChoices: 0,
    hardInstant: 0,
    playTurns: 0,
    falseKnocks: 0,
    points: 0,
    place: 0,
    won: 0,
    players,
  };
}

/** Reusable scratch (one per analyser; nothing else is allocated per choice). */
class Scratch {
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
function sampleValues(
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

function ownInfoChoice(g: FastGame, seat: number, count: number, samples: number, seed: number, sc: Scratch, w: OutcomeWeights, horizon: number): number {
  sampleValues(g, seat, count, samples, seed, sc, w, horizon, -1, sc.totals, sc.feedCounts);
  let best = 0;
  for (let i = 1; i < count; i++) if (sc.totals[i] > sc.totals[best]) best = i;
  return best;
}

/**
 * The chosen play's hidden-information advantage: A(m) = omniscient value − own-information value
 * (the mean over `samples` sampled deals of `totals`), for the chosen play, minus the plays' mean A.
 */
function chosenAdvantage(sc: Scratch, count: number, move: number, omniscient: Float64Array, totals: Float64Array, samples: number): number {
  let mean = 0;
  let chosen = 0;
  for (let i = 0; i < count; i++) {
    const a = omniscient[i] - totals[i] / samples;
    mean += a / count;
    if (sc.moves[i] === move) chosen = a;
  }
  return chosen - mean;
}

let shared: Scratch | null = null;

/** Best points `seat` could score with one play of its real hand on the board of `g`. */
function bestPlayPoints(g: FastGame, seat: number): number {
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

/**
 * Analyses a finished (or stopped) dcs-tournament game of 3 or 4 seats.
 * Throws on another ruleset; stops quietly at an action the fast path cannot
 * replay (a forfeit), marking the analysis incomplete.
 */
export function analyzeGame(input: AnalyzeInput, opts: AnalyzeOptions = {}): GameAnalysis {
  const o = { ...ANALYZE_DEFAULTS, ...opts };
  const rec = input.record;
  if (rec.ruleset !== 'dcs-tournament' || (rec.players !== 3 && rec.players !== 4)) {
    throw new Error(`analyzeGame: only dcs-tournament games of 3 or 4 seats (got ${rec.ruleset}, ${rec.players})`);
  }
  const n = rec.players as 3 | 4;
  const sc = (shared ??= new Scratch());
  const g = sc.game;
  g.recorder = null;
  g.newGame(n);
  const seats = Array.from({ length: n }, (_, s) => emptySeat(s, input.seatUsers[s] ?? null, n));
  const pairs: PairFeatures[] = Array.from({ length: n }, (_, s) => {
    const to = (s + 1) % n;
    return {
      from: s,
      to,
      fromUser: input.seatUsers[s] ?? null,
      toUser: input.seatUsers[to] ?? null,
      feedOpps: 0,
      feedObs: 0,
      feedExp: 0,
      feedVar: 0,
      falseKnockHelps: 0,
    };
  });
  const w: OutcomeWeights = { onBoardValue: EXPERT_DEFAULTS.onBoardValue, winValue: EXPERT_DEFAULTS.winValue };
  let actions = 0;
  let complete = true;
  // a false knock waiting to see who scores first: knocker seat, or -1
  let pendingKnock = -1;

  outer: for (let hi = 0; hi < rec.hands.length; hi++) {
    const hand = rec.hands[hi];
    if (g.gameOver !== 0) break;
    const deal = hand.deal.map(maskOf);
    const sleeping = maskOf(hand.yard ?? []);
    if (!g.dealExplicit(deal, sleeping)) continue;
    pendingKnock = -1;
    sc.voids.fill(0);
    for (let ai = 0; ai < hand.actions.length; ai++) {
      const action = hand.actions[ai];
      const move = actionToMove(g, action);
      if (move < 0 || g.handOver !== 0) {
        complete = false;
        break outer;
      }
      const seat = g.turn;
      const f = seats[seat];
      const ms = input.decisionMs?.[hi]?.[ai];
      const count = g.legalMoves(seat, sc.moves);
      const afterLead = g.tilesOnBoard > 0;
      if (afterLead && count > 0) f.playTurns++;
      if (move === MOVE_KNOCK && count > 0) {
        f.falseKnocks++;
        pendingKnock = seat;
      } else if (move === MOVE_KNOCK) sc.voids[seat] |= g.playableMask();
      if (count >= 2 && move !== MOVE_KNOCK) {
        f.choices++;
        // omniscient values of every play
        for (let s = 0; s < 4; s++) {
          sc.startScores[s] = g.scores[s];
          sc.startOn[s] = g.onBoard[s];
        }
        let bestV = -Infinity;
        let minV = Infinity;
        let chosenV = 0;
        const next = pairs[seat];
        let feeding = 0;
        let chosenFeeds = false;
        for (let i = 0; i < count; i++) {
          const m = sc.moves[i];
          const c = sc.child;
          c.copyFrom(g);
          c.play(m);
          const feeds = c.handOver === 0 && c.turn === next.to && bestPlayPoints(c, next.to) > 0;
          sc.realFeeds[i] = feeds ? 1 : 0;
          if (feeds) feeding++;
          if (m === move) chosenFeeds = feeds;
          continuation(c, sc.mini, o.horizon, o.rolloutThreat);
          const v = outcomeValue(c, seat, sc.startScores, sc.startOn, w);
          sc.values[i] = v;
          if (o.threatView && o.ownSamples > 0) {
            c.copyFrom(g);
            c.play(m);
            continuation(c, sc.mini, o.threatHorizon, true);
            sc.threatValues[i] = outcomeValue(c, seat, sc.startScores, sc.startOn, w);
          }
          if (v > bestV) bestV = v;
          if (v < minV) minV = v;
          if (m === move) chosenV = v;
        }
        let own: number;
        if (o.ownSamples > 0) {
          own = sc.moves[ownInfoChoice(g, seat, count, o.ownSamples, (hi + 1) * 7919 + ai * 104729 + seat, sc, w, o.horizon)];
          const d = chosenAdvantage(sc, count, move, sc.values, sc.totals, o.ownSamples);
          f.advSum += d;
          f.advSq += d * d;
          if (o.threatView) {
            // the same deals (the same seed), valued with the threat look
            sampleValues(g, seat, count, o.threatSamples, (hi + 1) * 7919 + ai * 104729 + seat, sc, w, o.threatHorizon, -1, sc.threatTotals, null, true);
            const dt = chosenAdvantage(sc, count, move, sc.threatValues, sc.threatTotals, o.threatSamples);
            f.advThreatN++;
            f.advThreatSum += dt;
            f.advThreatSq += dt * dt;
          }
          if (o.seatSamples > 0) {
            let e = 0;
            for (let k = 0; k < n; k++) {
              if (k === seat) continue;
              sampleValues(g, seat, count, o.seatSamples, (hi + 1) * 7919 + ai * 104729 + seat * 31 + k + 17, sc, w, o.horizon, k, sc.seatTotals, null);
              let meanK = 0;
              let chosenK = 0;
              for (let i = 0; i < count; i++) {
                const a = sc.seatTotals[i] / o.seatSamples - sc.totals[i] / o.ownSamples;
                meanK += a / count;
                if (sc.moves[i] === move) chosenK = a;
              }
              e += chosenK - meanK;
            }
            f.seatAdvSum += e;
            f.seatAdvSq += e * e;
          }
          // the next seat's real reply: did the player avoid the plays that really left it a score, beyond what its own information predicted?
          if (feeding > 0 && feeding < count) {
            let meanR = 0;
            let chosenR = 0;
            for (let i = 0; i < count; i++) {
              const a = sc.feedCounts[i] / o.ownSamples - sc.realFeeds[i];
              meanR += a / count;
              if (sc.moves[i] === move) chosenR = a;
            }
            const e = chosenR - meanR;
            f.replyN++;
            f.replySum += e;
            f.replySq += e * e;
          }
        } else own = greedyFastMove(g, sc.mini, true);
        let ownV = chosenV;
        for (let i = 0; i < count; i++) if (sc.moves[i] === own) ownV = sc.values[i];
        if (own === move) f.ownMatches++;
        f.omniGain += chosenV - ownV;
        f.omniGainSq += (chosenV - ownV) * (chosenV - ownV);
        if (bestV - ownV >= o.hiddenMargin) {
          f.hiddenPoints++;
          if (chosenV >= bestV - 1e-9) f.hiddenHits++;
        }
        if (feeding > 0 && feeding < count) {
          const p = feeding / count;
          next.feedOpps++;
          next.feedExp += p;
          next.feedVar += p * (1 - p);
          if (chosenFeeds) next.feedObs++;
        }
        if (typeof ms === 'number' && ms >= 0) {
          const l = Math.log(Math.max(ms, 1));
          f.timedChoices++;
          f.logMsSum += l;
          f.logMsSq += l * l;
          if (count >= 3 && bestV - minV >= o.hardSpread) {
            f.hardChoices++;
            if (ms <= o.instantMs) f.hardInstant++;
          }
        }
      }
      const before = g.scores[seat];
      g.apply(move);
      actions++;
      if (move !== MOVE_KNOCK && pendingKnock >= 0) {
        if (seat === pendingKnock) pendingKnock = -1;
        else if (g.scores[seat] > before) {
          const p = pairs.find((x) => x.from === pendingKnock && x.to === seat);
          if (p) p.falseKnockHelps++;
          else helpAcross(pairs, pendingKnock, seat);
          pendingKnock = -1;
        }
      }
      if (g.handOver !== 0) pendingKnock = -1;
    }
  }

  // outcome
  const places = input.places ?? placesFromScores(Array.from(g.scores.subarray(0, n)));
  for (let s = 0; s < n; s++) {
    seats[s].points = g.scores[s];
    seats[s].place = places[s];
    seats[s].won = places[s] === 1 ? 1 : 0;
  }
  return { version: ANALYSIS_VERSION, players: n, actions, complete, seats, pairs };
}

/** A false knock that helped a rival not seated right after the knocker (counted on the knocker's outgoing pair list). */
function helpAcross(pairs: PairFeatures[], from: number, to: number): void {
  // Pairs hold only the next seat; a help across the table is kept on a synthetic entry.
  let p = pairs.find((x) => x.from === from && x.to === to);
  if (!p) {
    const src = pairs.find((x) => x.from === from)!;
    const dst = pairs.find((x) => x.from === to)!;
    p = { from, to, fromUser: src.fromUser, toUser: dst.fromUser, feedOpps: 0, feedObs: 0, feedExp: 0, feedVar: 0, falseKnockHelps: 0 };
    pairs.push(p);
  }
  p.falseKnockHelps++;
}

/** Places 1..n by final score, highest first; equal scores share the better place. */
export function placesFromScores(scores: readonly number[]): number[] {
  return scores.map((s) => 1 + scores.filter((x) => x > s).length);
}
