/**
 * Signals: one documented statistic each, with a small-sample guard, tested
 * against the honest field's baseline at a threshold that accounts for many
 * players, many signals and repeated looks (one after every game). See
 * docs/anticheat.md for what each number means. A signal never penalises
 * anyone: over its threshold it opens (or joins) a case for the review board.
 */
import type { CoLocationEvidence } from './colocation';
import type { DirectedReply, PairEvidence, PlayerEvidence } from './evidence';
import { binomialTailZ, meanZ, normalQuantile, normalTail, poissonBinomialZ, rareCountZ, sdFromSums } from './stats';

export type SignalKind =
  | 'hidden_info'
  | 'outcome_wins'
  | 'outcome_points'
  | 'timing_regular'
  | 'timing_instant'
  | 'false_knocks'
  | 'collusion_feeding'
  | 'collusion_false_knocks'
  | 'co_seating'
  | 'linked_accounts'
  | 'co_location'
  | 'hidden_info_directed'
  | 'reports'
  | 'chip_dumping';

export const SIGNAL_KINDS: readonly SignalKind[] = [
  'hidden_info',
  'outcome_wins',
  'outcome_points',
  'timing_regular',
  'timing_instant',
  'false_knocks',
  'collusion_feeding',
  'collusion_false_knocks',
  'co_seating',
  'linked_accounts',
  'co_location',
  'hidden_info_directed',
  'reports',
  'chip_dumping',
];

/** A JSON value of a signal's details (the board reads them; addresses only ever reach reviewers). */
export type DetailValue = number | string | boolean | null | DetailValue[] | { [k: string]: DetailValue };

export interface Signal {
  kind: SignalKind;
  /** user ids the signal is about (one player, or a pair) */
  userIds: string[];
  /** the statistic (a z-score unless the kind says otherwise, see docs/anticheat.md) */
  value: number;
  /** the value at or beyond which the signal fires (for timing_regular: at or below) */
  threshold: number;
  /** the reference it was tested against */
  baseline: Record<string, number>;
  /** the sample the statistic was computed on (choices, games, opportunities …) */
  sampleSize: number;
  /** over threshold and past the small-sample guard */
  fired: boolean;
  /** the counts behind the statistic, for the board */
  details: Record<string, DetailValue>;
}

/**
 * The honest field's reference values. Measured by `npm run anticheat:eval`
 * on its honest population (printed as "calibrated baselines"); refresh them
 * from live data once enough honest games exist.
 */
export interface Baselines {
  /**
   * mean hidden-information advantage per choice of an honest player (0 in
   * theory, whatever the player's strength: see analyze.ts), and the sd used
   * when a player's own sample is too small to estimate it
   */
  advantageMean: number;
  /** honest hit rate at hidden-information points (shown beside a player's rate; not tested: it depends on strength) */
  hiddenHitRate: number;
  /** mean and standard deviation of a player's final points per game */
  pointsMean: number;
  pointsSd: number;
  /**
   * what strength alone is worth beyond the field, a game: points, and win rate — the excess of the
   * strongest honest kind of player (the outcome tests fire only beyond it)
   */
  pointsStrengthMargin: number;
  winRateStrengthMargin: number;
  /** false knocks per turn with a playable tile (honest mistakes) */
  falseKnockRate: number;
  /** lowest standard deviation of ln(decision ms) an honest human shows */
  timingSdFloor: number;
  /** share of hard choices an honest human decides instantly */
  instantHardRate: number;
  /** share of a player's false knocks after which one particular rival is the first to score */
  falseKnockHelpShare: number;
  /**
   * reply advantage per reply choice (feeding the next seat against the own-information chance)
   * of an honest player: not 0 (the own-information chance is a coarse 6-deal estimate), so measured
   */
  replyAdvantageMean: number;
  /**
   * co-location: the highest rate, per game of the less active of two honest players, at which
   * they can be co-located at one table — a household (or a campus /24) shares an address every
   * time its members meet, so this is the rate at which two players of one pool meet, bounded for
   * the smallest pools the platform seats (see docs/anticheat.md)
   */
  coLocationRate: number;
}

export const DEFAULT_BASELINES: Baselines = {
  advantageMean: 0,
  // the values below: `npm run anticheat:eval` calibration (64 simulated honest players x 40 games,
  // of mixed strength and style since 2026-12-02)
  hiddenHitRate: 0.295,
  pointsMean: 94.4,
  pointsSd: 50.1,
  pointsStrengthMargin: 15.3,
  winRateStrengthMargin: 0.119,
  falseKnockRate: 0.002,
  timingSdFloor: 0.346,
  instantHardRate: 0.005,
  falseKnockHelpShare: 0.18,
  replyAdvantageMean: 0.0297,
  coLocationRate: 0.25,
};

export interface Thresholds {
  /** one-sided z for account-level tests (4.5: p ≈ 3.4e-6 per look) */
  z: number;
  /** z for the outcome tests (strength differences are honest, so higher) */
  outcomeZ: number;
  minChoices: number;
  minGamesHidden: number;
  minGamesOutcome: number;
  minTimedChoices: number;
  minHardChoices: number;
  minPlayTurns: number;
  minFalseKnocks: number;
  minFeedOpps: number;
  minGamesTogether: number;
  minFalseKnockHelps: number;
  /** co-seating: games together, and their share of the busier player's games */
  minCoSeatGames: number;
  coSeatShare: number;
  /** reports: distinct reporters, and reports */
  minReporters: number;
  minReports: number;
  /** co-location: co-located games (never one shared game) */
  minCoLocatedGames: number;
}

export const DEFAULT_THRESHOLDS: Thresholds = {
  z: 4.5,
  outcomeZ: 5.5,
  minChoices: 150,
  minGamesHidden: 5,
  minGamesOutcome: 30,
  minTimedChoices: 100,
  minHardChoices: 30,
  minPlayTurns: 200,
  minFalseKnocks: 4,
  minFeedOpps: 30,
  minGamesTogether: 5,
  minFalseKnockHelps: 3,
  minCoSeatGames: 20,
  coSeatShare: 0.75,
  minReporters: 3,
  minReports: 3,
  minCoLocatedGames: 3,
};

const r4 = (x: number): number => Math.round(x * 10_000) / 10_000;

function sig(
  kind: SignalKind,
  userIds: string[],
  value: number,
  threshold: number,
  baseline: Record<string, number>,
  sampleSize: number,
  guard: boolean,
  details: Signal['details'],
  below = false,
): Signal {
  const over = below ? value <= threshold : value >= threshold;
  return { kind, userIds, value: r4(value), threshold, baseline, sampleSize, fired: guard && over, details };
}

/**
 * Hidden-information advantage: z of the player's mean advantage per choice
 * (omniscient minus own-information value of the chosen play, centred on the
 * plays' mean) against the honest mean (0), with the player's own spread.
 *
 * The advantage is measured under two valuations of a play (analyze.ts): the plain
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

/** Feeding: z of the plays that left the next rival a scoring play (with its real hand) against chance. */
export function feedingSignal(ev: PairEvidence, t = DEFAULT_THRESHOLDS): Signal {
  const z = poissonBinomialZ(ev.feedObs, ev.feedExp, ev.feedVar);
  return sig('collusion_feeding', [...ev.users], z, t.z, { expected: r4(ev.feedExp) }, ev.feedOpps, ev.feedOpps >= t.minFeedOpps && ev.gamesTogether >= t.minGamesTogether, {
    feeds: ev.feedObs,
    opportunities: ev.feedOpps,
    gamesTogether: ev.gamesTogether,
  });
}

/** False knocks that helped the other player of the pair: z (exact Poisson tail) of helps among the pair's false knocks together. */
export function falseKnockHelpSignal(ev: PairEvidence, b = DEFAULT_BASELINES, t = DEFAULT_THRESHOLDS): Signal {
  const z = rareCountZ(ev.falseKnockHelps, ev.falseKnocks, b.falseKnockHelpShare);
  return sig('collusion_false_knocks', [...ev.users], z, t.z, { helpShare: b.falseKnockHelpShare }, ev.falseKnocks, ev.falseKnockHelps >= t.minFalseKnockHelps, {
    helps: ev.falseKnockHelps,
    falseKnocks: ev.falseKnocks,
    gamesTogether: ev.gamesTogether,
  });
}

/**
 * Unusual co-seating: the games two players played together as a share of the
 * busier player's games (value: that share; fires at `coSeatShare` with
 * `minCoSeatGames` together). Brackets seat players by seed, so two accounts
 * that nearly always sit together have arranged it.
 */
export function coSeatingSignal(ev: PairEvidence, gamesA: number, gamesB: number, t = DEFAULT_THRESHOLDS): Signal {
  const denom = Math.max(1, gamesA, gamesB);
  const share = ev.gamesTogether / denom;
  return sig('co_seating', [...ev.users], share, t.coSeatShare, {}, ev.gamesTogether, ev.gamesTogether >= t.minCoSeatGames, {
    gamesTogether: ev.gamesTogether,
    gamesA,
    gamesB,
  });
}

/** Every pair signal except co-seating (which needs the players' totals). */
export function pairSignals(ev: PairEvidence, b = DEFAULT_BASELINES, t = DEFAULT_THRESHOLDS): Signal[] {
  return [feedingSignal(ev, t), falseKnockHelpSignal(ev, b, t)];
}

export interface AccountLink {
  users: [string, string];
  /** fingerprint hashes both accounts used */
  sharedFingerprints: number;
  /** IP addresses both accounts used */
  sharedIps: number;
  /** games the two played at one table */
  gamesTogether: number;
}

/**
 * Linked accounts at one table — the strongest signal: two accounts that used one device
 * (the same fingerprint hash) and sat at the same table. Value: the number of shared device
 * hashes; fires at 1 with one game together. A shared IP address alone does not fire here
 * (households, cafés and campus networks share addresses): it is shown, and how often a pair
 * is co-located at its games is the co-location signal's (`coLocationSignal`), tested against
 * the honest base rate.
 */
export function linkedAccountsSignal(link: AccountLink): Signal {
  const users: string[] = link.users[0] < link.users[1] ? [link.users[0], link.users[1]] : [link.users[1], link.users[0]];
  return sig('linked_accounts', users, link.sharedFingerprints, 1, {}, link.gamesTogether, link.gamesTogether >= 1, {
    sharedFingerprints: link.sharedFingerprints,
    sharedIps: link.sharedIps,
    gamesTogether: link.gamesTogether,
  });
}

/**
 * Community reports against a player (part B counts them, merging duplicates).
 * Value: distinct reporters; fires at `minReporters` distinct reporters with
 * at least `minReports` reports — one angry opponent never opens a case alone.
 */
export function reportsSignal(userId: string, count: number, distinctReporters: number, t = DEFAULT_THRESHOLDS): Signal {
  return sig('reports', [userId], distinctReporters, t.minReporters, {}, count, count >= t.minReports, { reports: count, distinctReporters });
}

/** The dedupe key of a fired signal: one signal per kind and subjects per evidence level (games). */
export function signalDedupeKey(s: Signal, level: number | string): string {
  return `${s.kind}.${[...s.userIds].sort().join('.')}.${level}`;
}

/**
 * Co-location at one table: the games in which two players sat at one table while sharing
 * a device, an IP address or a network (or alternating on one address), against the most
 * an honest pair can show. A household, a café or a campus /24 shares an address every time
 * its members meet, so the honest bound is the rate at which they meet: `coLocationRate` per
 * game of the less active of the two. Value: z of the exact binomial tail of the co-located
 * games out of that player's games; fires at z ≥ `z` with at least `minCoLocatedGames`
 * co-located games (never one shared game). The details carry the shared addresses, the
 * games and a timeline: they reach reviewers only (a case's summary never names them).
 */
export function coLocationSignal(ev: CoLocationEvidence, gamesA: number, gamesB: number, b = DEFAULT_BASELINES, t = DEFAULT_THRESHOLDS): Signal {
  const n = Math.max(ev.gamesTogether, Math.min(gamesA, gamesB));
  const z = binomialTailZ(ev.colocatedGames, n, b.coLocationRate);
  return sig('co_location', [...ev.users], z, t.z, { coLocationRate: b.coLocationRate }, n, ev.colocatedGames >= t.minCoLocatedGames, {
    colocatedGames: ev.colocatedGames,
    gamesTogether: ev.gamesTogether,
    gamesA,
    gamesB,
    ...ev.levels,
    expectedAtMost: r4(n * b.coLocationRate),
    pValue: normalTail(z),
    ips: ev.ips.slice(0, 20),
    networks: ev.networks.slice(0, 20),
    devices: ev.devices.slice(0, 20),
    timeline: ev.games.slice(-50).map((g) => ({ gameId: g.gameId, at: new Date(g.at).toISOString(), level: g.level, ips: g.ips, networks: g.networks, devices: g.devices, switches: g.switches })),
  });
}

/**
 * Pair-directed hidden-information evidence: the reply advantage of `from` towards the rival
 * seated right after it (did `from` avoid the plays that really left that rival a score, beyond
 * what its own information predicted?) over their games together, against the honest mean.
 * A peeker who watches one opponent shows it towards that opponent. Value: z of the mean with
 * the pair's own spread. **Shown, never fired**: the board reads it beside the per-player figure
 * on a co-location case. Measured over 1,000 games (docs/anticheat.md): at z 4.5 it flagged 2 of 40
 * honest players by 500 games — each player has dozens of directed pairs, each tested at a few
 * hundred reply choices, and the reply advantage's honest mean depends on how a player judges plays.
 */
export function directedReplySignal(from: string, to: string, r: DirectedReply, b = DEFAULT_BASELINES, t = DEFAULT_THRESHOLDS): Signal {
  const sd = sdFromSums(r.n, r.sum, r.sq);
  const z = meanZ(r.sum, r.n, b.replyAdvantageMean, sd);
  return sig('hidden_info_directed', [from, to], z, t.z, { replyAdvantageMean: b.replyAdvantageMean }, r.n, false, {
    from,
    to,
    replyChoices: r.n,
    meanReplyAdvantage: r4(r.n > 0 ? r.sum / r.n : 0),
    sdReplyAdvantage: r4(sd),
    pValue: normalTail(z),
  });
}

/** Both directions of a pair's directed evidence ([users[0] → users[1], users[1] → users[0]]). */
export function directedSignals(ev: PairEvidence, b = DEFAULT_BASELINES, t = DEFAULT_THRESHOLDS): [Signal, Signal] {
  return [directedReplySignal(ev.users[0], ev.users[1], ev.replies[0], b, t), directedReplySignal(ev.users[1], ev.users[0], ev.replies[1], b, t)];
}

/** The board's summary of a signal, beside another one (the directed and per-player figures a co-location case shows). */
export function signalFigure(s: Signal): Record<string, DetailValue> {
  return { kind: s.kind, userIds: s.userIds, value: s.value, threshold: s.threshold, sampleSize: s.sampleSize, fired: s.fired };
}
