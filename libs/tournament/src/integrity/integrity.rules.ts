/**
 * The review board's rules as pure functions (no Nest, no Prisma, no clock): the SPEC 5 penalty
 * ladder with its escalation Decision, appeal windows and business-day deadlines, and where a
 * registration a lifted penalty had withdrawn goes back. docs/rules.md ("Review board") states
 * each decision; integrity.rules.spec.ts pins them.
 */
import { type AccountStanding, mayTakePart } from '../registrations/registration.rules';

/** Where a registration a lifted penalty withdrew goes back is a registration rule (libs/tournament's registrations module). */
export { restoredPlace, type RestoreFacts } from '../registrations/registration.rules';

export type Finding = 'no_violation' | 'minor' | 'major' | 'confirmed_cheating';
export type Step = 'none' | 'minor_1' | 'minor_2' | 'major' | 'permanent_ban';

/** The ladder's rungs, lowest first (a reduced appeal moves down this order). */
export const STEP_ORDER: readonly Step[] = ['none', 'minor_1', 'minor_2', 'major', 'permanent_ban'];

export const stepRank = (s: Step): number => STEP_ORDER.indexOf(s);

/** What a rung does (SPEC 5). */
export interface StepEffects {
  warning: boolean;
  suspensionDays: number | null;
  rankReset: boolean;
  seasonBan: boolean;
  prizeForfeiture: boolean;
  permanentBan: boolean;
}

export function effectsOf(step: Step): StepEffects {
  const none: StepEffects = { warning: false, suspensionDays: null, rankReset: false, seasonBan: false, prizeForfeiture: false, permanentBan: false };
  switch (step) {
    case 'none':
      return none;
    case 'minor_1':
      return { ...none, warning: true, suspensionDays: 7 };
    case 'minor_2':
      return { ...none, suspensionDays: 30, rankReset: true };
    case 'major':
      return { ...none, seasonBan: true, prizeForfeiture: true };
    case 'permanent_ban':
      return { ...none, permanentBan: true };
  }
}

/**
 * The rung for a new finding, from the rungs of the player's earlier penalties still in force
 * (their current rung: a reduced penalty counts at its reduced rung, an overturned one not at all).
 * A 1st minor → minor_1, a 2nd → minor_2, a 3rd or later counts as a major; a 1st major → major,
 * a 2nd major (an escalated minor included) counts as confirmed cheating → permanent_ban.
 */
export function ladderStep(finding: Finding, history: readonly Step[]): { step: Step; escalated: boolean } {
  if (finding === 'no_violation') return { step: 'none', escalated: false };
  if (finding === 'confirmed_cheating') return { step: 'permanent_ban', escalated: false };
  const minors = history.filter((s) => s === 'minor_1' || s === 'minor_2').length;
  const majors = history.filter((s) => s === 'major').length;
  let escalated = false;
  if (finding === 'minor') {
    if (minors === 0) return { step: 'minor_1', escalated };
    if (minors === 1) return { step: 'minor_2', escalated };
    escalated = true; // 3rd minor counts as a major
  }
  if (majors === 0) return { step: 'major', escalated };
  return { step: 'permanent_ban', escalated: true }; // 2nd major counts as confirmed cheating
}

export const DAY_MS = 24 * 3600 * 1000;
/** SPEC 5: an appeal is filed within 7 days of the penalty. */
export const APPEAL_WINDOW_MS = 7 * DAY_MS;
/** SPEC 5: the decision is due within 14 business days. */
export const APPEAL_BUSINESS_DAYS = 14;

const isoDate = (t: Date) => t.toISOString().slice(0, 10);
const startOfUtcDay = (t: Date) => new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate()));

export function isBusinessDay(day: Date, holidays: ReadonlySet<string>): boolean {
  const wd = day.getUTCDay();
  return wd !== 0 && wd !== 6 && !holidays.has(isoDate(day));
}

/**
 * The start (00:00 UTC) of the n-th business day after the calendar day of `from` (the day of
 * `from` itself is not counted, whatever it is); n = 0 is that day itself. Weekends and the
 * configured holidays are skipped.
 */
export function businessDayStart(from: Date, n: number, holidays: ReadonlySet<string>): Date {
  let day = startOfUtcDay(from);
  let left = n;
  while (left > 0) {
    day = new Date(day.getTime() + DAY_MS);
    if (isBusinessDay(day, holidays)) left -= 1;
  }
  return day;
}

/**
 * An appeal filed at `filedAt` is due by the end (24:00 UTC) of the 14th business day after the
 * filing day; the board is reminded at the start of the business day `reminderDays` business days
 * before that last day (reminderDays = 0: on the last day).
 */
export function appealDeadlines(filedAt: Date, holidays: ReadonlySet<string>, reminderDays: number): { dueAt: Date; remindAt: Date } {
  const lastDay = businessDayStart(filedAt, APPEAL_BUSINESS_DAYS, holidays);
  const remindDay = businessDayStart(filedAt, Math.max(0, APPEAL_BUSINESS_DAYS - reminderDays), holidays);
  return { dueAt: new Date(lastDay.getTime() + DAY_MS), remindAt: remindDay };
}

export function parseHolidays(setting: string): Set<string> {
  return new Set(setting.split(',').map((s) => s.trim()).filter(Boolean));
}

/**
 * Whether a player may still play a challenge whose check-in closes at `checkInClosesAt`: the one
 * "may take part" rule (mayTakePart), asked at the check-in close rather than now. Check-in close is
 * the cut-off, not the start: a player still suspended when check-in closes cannot have checked in
 * and is withdrawn by the close (SPEC 3.1), so a place given back to them would only be taken away again.
 */
export function clearToPlay(a: AccountStanding, checkInClosesAt: Date): boolean {
  return mayTakePart(a, checkInClosesAt);
}

