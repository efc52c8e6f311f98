/** What the analysis of one game measures (see analyze-game.ts): its options, its input and the features per seat and per pair. */
import type { GameRecord } from '@dcs/engine';

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
  /**
   * 'generic': measured by the ruleset-independent analysis (analyze-generic.ts: a house ruleset, a
   * partnership, 2 seats): its decision times count in the evidence, nothing else does (the other
   * figures assume the tournament's rules). Absent: the full analysis of a dcs-tournament game.
   */
  basis?: 'generic';
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
  /** 'generic': the ruleset-independent analysis (see SeatFeatures.basis), with the ruleset it read and the signals it cannot feed, each with its reason */
  basis?: 'generic';
  ruleset?: string;
  partners?: boolean;
  skipped?: { kind: string; reason: string }[];
  /** actions analysed (the replay stops at an action the fast path cannot take, e.g. a forfeit) */
  actions: number;
  complete: boolean;
  seats: SeatFeatures[];
  pairs: PairFeatures[];
}

export function emptySeat(seat: number, userId: string | null, players: number): SeatFeatures {
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
