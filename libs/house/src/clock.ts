/** The clock per seat (SPEC 8.3), levels (Decision in 8.3) and court (8.5). Pure. */
import { HOST_CLOCK, type HouseRuleset, type Purpose } from './tables';

export type Level = 'Rookie' | 'Hustler' | 'Shark' | 'Professor' | 'Kingpin' | 'Dominologist';

/** Stake-table wins needed for each level, and the stake clock of that level. */
export const LEVELS: readonly { level: Level; wins: number; clockMs: number }[] = [
  { level: 'Rookie', wins: 0, clockMs: 20_000 },
  { level: 'Hustler', wins: 10, clockMs: 17_000 },
  { level: 'Shark', wins: 25, clockMs: 14_000 },
  { level: 'Professor', wins: 50, clockMs: 11_000 },
  { level: 'Kingpin', wins: 100, clockMs: 8_000 },
  { level: 'Dominologist', wins: 200, clockMs: 6_000 },
];

/** A player's level from their stake-table wins (wins never decrease, so levels never go down). */
export function levelOf(stakeWins: number): Level {
  let out: Level = 'Rookie';
  for (const l of LEVELS) if (stakeWins >= l.wins) out = l.level;
  return out;
}

/** Assistive technology (VoiceOver, Switch Control) adds 10 s to a stake clock. */
export const ASSISTIVE_BONUS_MS = 10_000;

export type CourtLevel = 'municipal' | 'civil' | 'misdemeanor' | 'felony';
export const COURT_CLOCK_MS: Readonly<Record<CourtLevel, number>> = { municipal: 9_000, civil: 8_000, misdemeanor: 7_000, felony: 5_000 };

/** SPEC 8.5: a felony on file → felony court; else 3+ open tickets misdemeanor, 2 civil, 1 municipal; none: not in court. */
export function courtLevel(openTickets: number, felonies: number): CourtLevel | null {
  if (felonies > 0) return 'felony';
  if (openTickets >= 3) return 'misdemeanor';
  if (openTickets === 2) return 'civil';
  if (openTickets === 1) return 'municipal';
  return null;
}

/** The tournament clock (SPEC 1.7): court never changes it. */
export const TOURNAMENT_CLOCK_MS = 20_000;

export interface SeatClockInput {
  ruleset: HouseRuleset;
  purpose: Purpose;
  /** the host's clock as stored on the table (null: off) — ignored at a stake table */
  hostClockMs: number | null;
  /** people (not computers) seated at the table */
  humans: number;
  /** null for a computer seat */
  player: { stakeWins: number; assistiveTech: boolean; court: CourtLevel | null } | null;
}

/**
 * One seat's clock in ms, or null when it is off. Court overrides everything at a house table; a
 * stake table runs on the player's level (+10 s with assistive technology); otherwise the host's
 * clock, which is never off with two or more people at the table. A computer seat runs the host's
 * clock (or, off or at a stake table, the default of the ruleset) for its think time and run-outs.
 */
export function seatClockMs(i: SeatClockInput): number | null {
  const def = HOST_CLOCK[i.ruleset].defaultMs;
  if (!i.player) return i.purpose === 'stake' ? def : (i.hostClockMs ?? def);
  if (i.player.court) return COURT_CLOCK_MS[i.player.court];
  if (i.purpose === 'stake') {
    const level = levelOf(i.player.stakeWins);
    const ms = LEVELS.find((l) => l.level === level)!.clockMs;
    return ms + (i.player.assistiveTech ? ASSISTIVE_BONUS_MS : 0);
  }
  if (i.hostClockMs === null) return i.humans >= 2 || i.ruleset === 'dcf-inmate-gym' ? def : null;
  return i.hostClockMs;
}
