/**
 * House tables (SPEC 8.1): what a table is, and whether the host's choices are allowed. Pure: the
 * engine's rulesets decide the game settings; this file decides the table around them.
 */
// The rulesets' module, not the engine's index: the web app imports this file, and the index would bring the whole engine with it.
import { RULESETS } from '@dcs/engine/rulesets';
import type { RulesetId } from '@dcs/engine/types';

export type HouseRuleset = Exclude<RulesetId, 'dcs-tournament'>;
export const HOUSE_RULESETS: readonly HouseRuleset[] = ['citizen', 'mook-camp-fitness', 'inmate', 'dcf-inmate-gym'];

export type Purpose = 'friendly' | 'workout' | 'stake';
export const PURPOSES: readonly Purpose[] = ['friendly', 'workout', 'stake'];

/** Play money (SPEC 8.2): Dominologist Dollars and canteen soups. */
export type Currency = 'DD' | 'soups';
export const CURRENCIES: readonly Currency[] = ['DD', 'soups'];

export type BotLevel = 'easy' | 'medium' | 'hard';
export const BOT_LEVELS: readonly BotLevel[] = ['easy', 'medium', 'hard'];
/** easy = random, medium = greedy, hard = expert (SPEC 8.1). */
export const BOT_OF_LEVEL: Readonly<Record<BotLevel, 'random' | 'greedy' | 'expert'>> = { easy: 'random', medium: 'greedy', hard: 'expert' };

/** What a workout is counted in (SPEC 8.4): reps, seconds of a timed workout, miles of a run or walk. */
export type WorkoutKind = 'reps' | 'timed' | 'run';
export const WORKOUT_KINDS: readonly WorkoutKind[] = ['reps', 'timed', 'run'];

export const isHouseRuleset = (r: unknown): r is HouseRuleset => typeof r === 'string' && (HOUSE_RULESETS as readonly string[]).includes(r);

/** Mook Camp Fitness and DCF Inmate Gym tables are always workout tables. */
export const alwaysWorkout = (r: HouseRuleset) => r === 'mook-camp-fitness' || r === 'dcf-inmate-gym';

/** The purpose of a table of this ruleset without a stake (checkTable allows no other): workout where the ruleset always is one, else friendly. */
export const purposeWithoutStake = (r: HouseRuleset): Purpose => (alwaysWorkout(r) ? 'workout' : 'friendly');

/** A stake is a cash bet (DD) at a Citizen table, a canteen bet (soups) at an Inmate table; no other table takes one. */
export function stakeCurrency(r: HouseRuleset): Currency | null {
  if (r === 'citizen') return 'DD';
  if (r === 'inmate') return 'soups';
  return null;
}

/** Citizens' tables (Community Service) and prisoners' tables (Hard Time), SPEC 8.4. */
export const isCitizensTable = (r: HouseRuleset) => r === 'citizen' || r === 'mook-camp-fitness';

/** Stake limits per player (Decision): 1..10,000 DD, 1..100 soups, the size of a new account's grant. */
export const MAX_STAKE: Readonly<Record<Currency, number>> = { DD: 10_000, soups: 100 };

/** The host's clock choices (SPEC 8.3): the default, and the range (3-60 s at every ruleset's friendly or workout table). */
export interface ClockRule {
  defaultMs: number;
  minMs: number;
  maxMs: number;
}
export const HOST_CLOCK: Readonly<Record<HouseRuleset, ClockRule>> = {
  citizen: { defaultMs: 20_000, minMs: 3_000, maxMs: 60_000 },
  inmate: { defaultMs: 20_000, minMs: 3_000, maxMs: 60_000 },
  'mook-camp-fitness': { defaultMs: 10_000, minMs: 3_000, maxMs: 60_000 },
  'dcf-inmate-gym': { defaultMs: 20_000, minMs: 3_000, maxMs: 60_000 },
};

/**
 * SPEC 8.3: whether the host may turn the clock off — only against the computer alone (every other
 * seat a computer), at a friendly table or a Mook Camp Fitness workout table (a workout is a
 * friendly game in the house rules); DCF Inmate Gym never; with two or more people never.
 */
export function clockMayBeOff(t: Pick<TableRequest, 'ruleset' | 'purpose' | 'seats' | 'computerSeats'>): boolean {
  if (t.ruleset === 'dcf-inmate-gym' || t.purpose === 'stake') return false;
  const vsComputerAlone = t.computerSeats === t.seats - 1;
  return vsComputerAlone && (t.purpose === 'friendly' || (t.purpose === 'workout' && t.ruleset === 'mook-camp-fitness'));
}

export interface TableRequest {
  ruleset: HouseRuleset;
  seats: number;
  partners: boolean;
  purpose: Purpose;
  /** per player, at a stake table only */
  stake: number;
  /** 0..stake, at a stake table only */
  ticketFine: number;
  /** the host's clock in ms; null: off (only against the computer alone: clockMayBeOff) */
  clockMs: number | null | undefined;
  /** the host's settings for the engine (validated by the engine itself) */
  settings: Record<string, unknown>;
  workoutKind: WorkoutKind;
  /** computer seats asked for at opening */
  computerSeats: number;
}

export type TableProblem = { code: 'INVALID_SETTINGS' | 'STAKE_TOO_HIGH'; message: string };

/** Checks the host's table against SPEC 8.1 and 8.3 (not the engine settings: createGame checks those). */
export function checkTable(t: TableRequest): TableProblem | null {
  const bad = (message: string): TableProblem => ({ code: 'INVALID_SETTINGS', message });
  if (!isHouseRuleset(t.ruleset)) return bad(`${String(t.ruleset)} is not a house ruleset`);
  if (!RULESETS[t.ruleset].playerCounts.includes(t.seats)) return bad(`a ${t.ruleset} table seats 2 to 4`);
  if (t.partners && t.seats !== 4) return bad('partners play 2 v 2: four seats');
  if (alwaysWorkout(t.ruleset) && t.purpose !== 'workout') return bad(`${t.ruleset} tables are always workout tables`);
  if (t.purpose === 'workout' && !alwaysWorkout(t.ruleset)) return bad('only Mook Camp Fitness and DCF Inmate Gym tables are workout tables');
  if (t.computerSeats < 0 || t.computerSeats > t.seats - 1) return bad('computer seats: 0 to one less than the seats (the host sits at one)');
  if (t.purpose === 'stake') {
    const currency = stakeCurrency(t.ruleset);
    if (!currency) return bad('stakes are played at Citizen (cash) and Inmate (canteen) tables');
    if (!Number.isInteger(t.stake) || t.stake < 1) return bad('a stake table needs a stake of at least 1');
    if (t.stake > MAX_STAKE[currency]) return { code: 'STAKE_TOO_HIGH', message: `the stake is at most ${MAX_STAKE[currency]} ${currency}` };
    if (!Number.isInteger(t.ticketFine) || t.ticketFine < 0 || t.ticketFine > t.stake) return bad('the ticket fine is 0 to the stake');
    if (t.clockMs !== undefined) return bad("a stake table's clock follows each player's level: nobody sets it");
  } else {
    if (t.stake !== 0 || t.ticketFine !== 0) return bad('only a stake table has a stake and a ticket fine');
    if (t.clockMs === null) {
      if (t.ruleset === 'dcf-inmate-gym') return bad('the DCF Inmate Gym clock is never off');
      if (!clockMayBeOff(t)) return bad('the clock may be off only against the computer alone, at a friendly table or a Mook Camp Fitness workout table');
    } else if (t.clockMs !== undefined) {
      const rule = HOST_CLOCK[t.ruleset];
      if (!Number.isInteger(t.clockMs) || t.clockMs < rule.minMs || t.clockMs > rule.maxMs) return bad(`the ${t.ruleset} clock is ${rule.minMs / 1000}-${rule.maxMs / 1000} s`);
    }
  }
  return null;
}

/**
 * The host's clock as stored on the table: the host's choice, else the default — except that a
 * friendly table against the computer alone (Citizen or Inmate) starts with the clock off until the host
 * turns it on (SPEC 1.6: "friendly vs computer: off, settable"); a Mook Camp Fitness workout table starts at its 10 s.
 */
export function hostClockMs(t: Pick<TableRequest, 'ruleset' | 'purpose' | 'clockMs' | 'seats' | 'computerSeats'>): number | null {
  if (t.purpose === 'stake') return null;
  if (t.clockMs !== undefined) return t.clockMs;
  const vsComputerAlone = t.purpose === 'friendly' && t.computerSeats === t.seats - 1;
  if (vsComputerAlone) return null;
  return HOST_CLOCK[t.ruleset].defaultMs;
}

/** Invitation codes: 8 characters from an alphabet without look-alikes; `random` returns [0, 1). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export function invitationCode(random: () => number): string {
  let s = '';
  for (let i = 0; i < 8; i++) s += CODE_ALPHABET[Math.floor(random() * CODE_ALPHABET.length)];
  return s;
}
