/**
 * Signals: one documented statistic each, with a small-sample guard, tested
 * against the honest field's baseline at a threshold that accounts for many
 * players, many signals and repeated looks (one after every game). See
 * docs/anticheat.md for what each number means. A signal never penalises
 * anyone: over its threshold it opens (or joins) a case for the review board.
 */

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

export const r4 = (x: number): number => Math.round(x * 10_000) / 10_000;

export function sig(
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

/** The dedupe key of a fired signal: one signal per kind and subjects per evidence level (games). */
export function signalDedupeKey(s: Signal, level: number | string): string {
  return `${s.kind}.${[...s.userIds].sort().join('.')}.${level}`;
}

/** The board's summary of a signal, beside another one (the directed and per-player figures a co-location case shows). */
export function signalFigure(s: Signal): Record<string, DetailValue> {
  return { kind: s.kind, userIds: s.userIds, value: s.value, threshold: s.threshold, sampleSize: s.sampleSize, fired: s.fired };
}
