/**
 * Signals: one documented statistic each, with a small-sample guard, tested against the honest
 * field's baseline (docs/anticheat.md). signal.ts (the shape), calibration.ts (baselines and
 * thresholds), player-signals.ts and pair-signals.ts.
 */
export { SIGNAL_KINDS, signalDedupeKey, signalFigure, type DetailValue, type Signal, type SignalKind } from './signal';
export { DEFAULT_BASELINES, DEFAULT_THRESHOLDS, type Baselines, type Thresholds } from './calibration';
export {
  bonferroniZ,
  falseKnockSignal,
  hiddenInfoSignal,
  outcomePointsSignal,
  outcomeWinsSignal,
  playerSignals,
  reportsSignal,
  timingInstantSignal,
  timingRegularSignal,
} from './player-signals';
export {
  coLocationSignal,
  coSeatingSignal,
  directedReplySignal,
  directedSignals,
  falseKnockHelpSignal,
  feedingSignal,
  linkedAccountsSignal,
  pairSignals,
  type AccountLink,
} from './pair-signals';
