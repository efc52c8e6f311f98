/** The per-player signals: hidden information, outcome, timing, false knocks and community reports. */
import type { PlayerEvidence } from '../evidence';
import { meanZ, normalQuantile, normalTail, poissonBinomialZ, rareCountZ, sdFromSums } from '../stats';
import { DEFAULT_BASELINES, DEFAULT_THRESHOLDS } from './calibration';
import { r4, sig, type Signal } from './signal';

/**
 * Hidden-information advantage: z of the player's mean advantage per choice
 * (omniscient minus own-information value of the chosen play, centred on the
 * plays' mean) against the honest mean (0), with the player's own spread.
 *
 * The advantage is measured under two valuations of a play (analyze/): the plain
 * greedy continuation and the one with the next seat's threat look. Each is a valid
 * test on its own (0 on average for anyone deciding on their own information, whatever
 * the valuation); a cheater is found fastest by the one closest to how they judge the
 * plays they see, which nobody knows in advance, so both are computed and the larger
 * z counts, with the two looks paid for (Bonferroni): the signal's value is the z of
 * twice the larger one's tail, so the per-look false-positive bound stays that of z.
 *
 * The reply advantage (did the player avoid the plays that really fed the next seat?) is shown
 * beside it, not tested: its honest mean is not 0 and depends on how a player judges plays
 * (measured: 0.056 a reply choice for honest players who look one move ahead, against 0.030 for
 * the field), so over hundreds of games it flagged careful honest players (docs/anticheat.md).
 */
export function hiddenInfoSignal(ev: PlayerEvidence, b = DEFAULT_BASELINES, t = DEFAULT_THRESHOLDS): Signal {
  const n = ev.choices;
  const sd = sdFromSums(n, ev.advSum, ev.advSq);
  const zAdvantage = meanZ(ev.advSum, n, b.advantageMean, sd);
  const nT = ev.advThreatN;
  const sdT = sdFromSums(nT, ev.advThreatSum, ev.advThreatSq);
  const zThreat = meanZ(ev.advThreatSum, nT, b.advantageMean, sdT);
  const replySd = sdFromSums(ev.replyN, ev.replySum, ev.replySq);
  const zReply = meanZ(ev.replySum, ev.replyN, b.replyAdvantageMean, replySd);
  // the threat view counts once it has the choices the test needs (older analyses have none)
  const withThreat = nT >= t.minChoices;
  const z = withThreat ? bonferroniZ(Math.max(zAdvantage, zThreat), 2) : zAdvantage;
  return sig('hidden_info', [ev.userId], z, t.z, { advantageMean: b.advantageMean }, n, n >= t.minChoices && ev.games >= t.minGamesHidden, {
    meanAdvantage: r4(n > 0 ? ev.advSum / n : 0),
    sdAdvantage: r4(sd),
    zAdvantage: r4(zAdvantage),
    threatChoices: nT,
    meanAdvantageThreat: r4(nT > 0 ? ev.advThreatSum / nT : 0),
    sdAdvantageThreat: r4(sdT),
    zAdvantageThreat: r4(zThreat),
    valuations: withThreat ? 2 : 1,
    view: withThreat && zThreat > zAdvantage ? 'threat' : 'plain',
    choices: n,
    games: ev.games,
    hiddenPoints: ev.hiddenPoints,
    hiddenHits: ev.hiddenHits,
    hiddenHitRate: r4(ev.hiddenPoints > 0 ? ev.hiddenHits / ev.hiddenPoints : 0),
    ownAgreement: r4(n > 0 ? ev.ownMatches / n : 0),
    replyChoices: ev.replyN,
    replyAdvantage: r4(ev.replyN > 0 ? ev.replySum / ev.replyN : 0),
    replyAdvantageMean: b.replyAdvantageMean,
    zReply: r4(zReply),
    pValue: normalTail(z),
  });
}

/**
 * The z of the best of `k` one-sided tests with the looks paid for: the normal quantile of k times
 * its tail; below z 0 (adjusted tail ½ or more) it continues as a shift, so it stays monotone and finite.
 */
export function bonferroniZ(best: number, k: number): number {
  const p = k * normalTail(best);
  if (p < 0.5) return -normalQuantile(p);
  return best - -normalQuantile(0.5 / k);
}

/**
 * Win rate beyond what strength explains: z of wins against the field's expectation (1/players a
 * game) plus the strength margin (`winRateStrengthMargin` a game: what the strongest honest players
 * win beyond the field), Poisson-binomial. Without the margin, a strong honest player's record
 * crosses any fixed z once it is long enough (measured: 3 of 40 honest players by 1,000 games).
 */
export function outcomeWinsSignal(ev: PlayerEvidence, b = DEFAULT_BASELINES, t = DEFAULT_THRESHOLDS): Signal {
  // each game's win chance is 1/players; the variance sums p(1-p) with p = expectedWins/games on average
  const p = ev.games > 0 ? ev.expectedWins / ev.games : 0.25;
  const expected = ev.expectedWins + ev.games * b.winRateStrengthMargin;
  const q = Math.min(0.99, p + b.winRateStrengthMargin);
  const z = poissonBinomialZ(ev.wins, expected, ev.games * q * (1 - q));
  return sig('outcome_wins', [ev.userId], z, t.outcomeZ, { winRate: r4(p), strengthMargin: b.winRateStrengthMargin }, ev.games, ev.games >= t.minGamesOutcome, {
    wins: ev.wins,
    games: ev.games,
    expectedWins: r4(ev.expectedWins),
  });
}

/** Points per game beyond what strength explains: z of the mean against the field's mean plus the strength margin (`pointsStrengthMargin`), with the field's spread. */
export function outcomePointsSignal(ev: PlayerEvidence, b = DEFAULT_BASELINES, t = DEFAULT_THRESHOLDS): Signal {
  const z = meanZ(ev.points, ev.games, b.pointsMean + b.pointsStrengthMargin, b.pointsSd);
  return sig('outcome_points', [ev.userId], z, t.outcomeZ, { mean: b.pointsMean, sd: b.pointsSd, strengthMargin: b.pointsStrengthMargin }, ev.games, ev.games >= t.minGamesOutcome, {
    pointsPerGame: r4(ev.games > 0 ? ev.points / ev.games : 0),
    games: ev.games,
  });
}

/** Bot-like regularity: the standard deviation of ln(decision time) over real choices (fires at or below the floor). */
export function timingRegularSignal(ev: PlayerEvidence, b = DEFAULT_BASELINES, t = DEFAULT_THRESHOLDS): Signal {
  const sd = sdFromSums(ev.timedChoices, ev.logMsSum, ev.logMsSq);
  return sig('timing_regular', [ev.userId], sd, b.timingSdFloor, { sdFloor: b.timingSdFloor }, ev.timedChoices, ev.timedChoices >= t.minTimedChoices, {
    timedChoices: ev.timedChoices,
    medianMsApprox: ev.timedChoices > 0 ? Math.round(Math.exp(ev.logMsSum / ev.timedChoices)) : 0,
  }, true);
}

/** Instant decisions on hard choices: z (exact Poisson tail) against the honest rate. */
export function timingInstantSignal(ev: PlayerEvidence, b = DEFAULT_BASELINES, t = DEFAULT_THRESHOLDS): Signal {
  const z = rareCountZ(ev.hardInstant, ev.hardChoices, b.instantHardRate);
  return sig('timing_instant', [ev.userId], z, t.z, { instantRate: b.instantHardRate }, ev.hardChoices, ev.hardChoices >= t.minHardChoices, {
    hardInstant: ev.hardInstant,
    hardChoices: ev.hardChoices,
  });
}

/** False-knock rate per turn with a playable tile: z (exact Poisson tail) against honest mistakes. */
export function falseKnockSignal(ev: PlayerEvidence, b = DEFAULT_BASELINES, t = DEFAULT_THRESHOLDS): Signal {
  const z = rareCountZ(ev.falseKnocks, ev.playTurns, b.falseKnockRate);
  return sig('false_knocks', [ev.userId], z, t.z, { rate: b.falseKnockRate }, ev.playTurns, ev.playTurns >= t.minPlayTurns && ev.falseKnocks >= t.minFalseKnocks, {
    falseKnocks: ev.falseKnocks,
    playTurns: ev.playTurns,
  });
}

/** Every per-player signal (fired or not). */
export function playerSignals(ev: PlayerEvidence, b = DEFAULT_BASELINES, t = DEFAULT_THRESHOLDS): Signal[] {
  return [
    hiddenInfoSignal(ev, b, t),
    outcomeWinsSignal(ev, b, t),
    outcomePointsSignal(ev, b, t),
    timingRegularSignal(ev, b, t),
    timingInstantSignal(ev, b, t),
    falseKnockSignal(ev, b, t),
  ];
}

/**
 * Community reports against a player (part B counts them, merging duplicates).
 * Value: distinct reporters; fires at `minReporters` distinct reporters with
 * at least `minReports` reports — one angry opponent never opens a case alone.
 */
export function reportsSignal(userId: string, count: number, distinctReporters: number, t = DEFAULT_THRESHOLDS): Signal {
  return sig('reports', [userId], distinctReporters, t.minReporters, {}, count, count >= t.minReports, { reports: count, distinctReporters });
}
