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
import { EXPERT_DEFAULTS, greedyFastMove, outcomeValue, tileIndex, type OutcomeWeights } from '@dcs/engine';
import { MOVE_KNOCK, actionToMove } from '@dcs/engine/fast';
import { ANALYSIS_VERSION, ANALYZE_DEFAULTS, emptySeat, type AnalyzeInput, type AnalyzeOptions, type GameAnalysis, type PairFeatures } from './features';
import { Scratch, bestPlayPoints, chosenAdvantage, continuation, ownInfoChoice, sampleValues } from './valuation';

function maskOf(tiles: readonly string[]): number {
  let m = 0;
  for (const t of tiles) m |= 1 << tileIndex(t);
  return m;
}

let shared: Scratch | null = null;

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
