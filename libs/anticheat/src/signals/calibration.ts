/** What the signals are tested against: the honest field's baselines and the thresholds (docs/anticheat.md). */

/**
 * The honest field's reference values. Measured by `npm run anticheat:eval`
 * on its honest population (printed as "calibrated baselines"); refresh them
 * from live data once enough honest games exist.
 */
export interface Baselines {
  /**
   * mean hidden-information advantage per choice of an honest player (0 in
   * theory, whatever the player's strength: see analyze/), and the sd used
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
