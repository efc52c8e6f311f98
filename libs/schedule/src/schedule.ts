import { DateTime, IANAZone } from 'luxon';

/**
 * The weekly calendar of a city (SPEC 3.1): a challenge every Saturday at 12:00
 * local time, registration and check-in windows counted back from that start.
 * Pure: no clock (the current instant comes in as an argument), no I/O.
 *
 * The windows are counted in LOCAL WALL-CLOCK time, not in elapsed time: with
 * the default 7,920 minutes (5 days 12 hours) registration opens at Monday
 * 00:00 on the city's clocks even when a daylight-saving change falls between
 * Monday and Saturday (Asia/Jerusalem and Africa/Cairo change on a Friday),
 * which is what a director means by "Monday 00:00". Elapsed arithmetic
 * (`DateTime.minus({ minutes })` in luxon) would open it at Sunday 23:00 there.
 *
 * A wall-clock time that does not exist (skipped by a spring-forward change) is
 * read with the offset in force before the change, i.e. moved forward by the
 * length of the gap (02:30 → 03:30), as RFC 5545 and Temporal's "compatible"
 * rule do; a wall-clock time that happens twice (fall-back) is the earlier
 * instant, so a window never opens later than the clock on the wall says.
 */

export interface ScheduleOffsets {
  /** minutes of local wall-clock time before Saturday 12:00 when registration opens (7920 = Monday 00:00) */
  readonly registrationOpensMin: number;
  /** minutes before 12:00 when check-in opens (60 = 11:00) */
  readonly checkInOpensMin: number;
  /** minutes before 12:00 when check-in closes (5 = 11:55) */
  readonly checkInClosesMin: number;
}

export const DEFAULT_OFFSETS: ScheduleOffsets = { registrationOpensMin: 7920, checkInOpensMin: 60, checkInClosesMin: 5 };

export interface ChallengeTimes {
  readonly startsAt: Date;
  readonly registrationOpensAt: Date;
  readonly checkInOpensAt: Date;
  readonly checkInClosesAt: Date;
}

export type ScheduleErrorCode = 'INVALID_TIME_ZONE' | 'INVALID_DATE' | 'INVALID_TIME' | 'NOT_A_SATURDAY' | 'INVALID_OFFSETS';

/** Thrown for inputs no caller should pass (unknown zone, malformed date, a date that is not a Saturday). */
export class ScheduleInputError extends Error {
  constructor(
    readonly code: ScheduleErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ScheduleInputError';
  }
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MINUTE_MS = 60_000;
const SATURDAY = 6;
/** Challenges start at 12:00 local. */
const START_HOUR = 12;

function zoneOf(timeZone: string): IANAZone {
  if (!IANAZone.isValidZone(timeZone)) throw new ScheduleInputError('INVALID_TIME_ZONE', `${timeZone} is not an IANA time zone`);
  return IANAZone.create(timeZone);
}

/** The calendar date as a UTC-midnight DateTime (a plain date, no zone involved). */
function plainDate(localDate: string): DateTime {
  const m = DATE_RE.exec(localDate);
  const d = m ? DateTime.fromObject({ year: +m[1], month: +m[2], day: +m[3] }, { zone: 'UTC' }) : null;
  if (!d || !d.isValid) throw new ScheduleInputError('INVALID_DATE', `${localDate} is not a date YYYY-MM-DD`);
  return d;
}

function saturday(localDate: string): DateTime {
  const d = plainDate(localDate);
  if (d.weekday !== SATURDAY) throw new ScheduleInputError('NOT_A_SATURDAY', `${localDate} is a ${d.toFormat('cccc')}, not a Saturday`);
  return d;
}

/**
 * The instant at which the clocks of `zone` show the wall-clock time `wallMs`
 * (a wall-clock time written as milliseconds since 1970 as if it were UTC).
 * Gap: the offset before the change applies (moved forward). Overlap: the earlier instant.
 */
function wallClockToInstant(zone: IANAZone, wallMs: number): Date {
  // Offsets in force around that wall time; a change is never more than a day away from both guesses.
  const before = zone.offset(wallMs - 24 * 60 * MINUTE_MS);
  const after = zone.offset(wallMs + 24 * 60 * MINUTE_MS);
  const candidates = [...new Set([before, after])]
    .map((offset) => wallMs - offset * MINUTE_MS)
    .filter((instant) => instant + zone.offset(instant) * MINUTE_MS === wallMs)
    .sort((a, b) => a - b);
  if (candidates.length) return new Date(candidates[0]);
  return new Date(wallMs - before * MINUTE_MS);
}

/** The UTC instant of 12:00 local time on `localDate` (a Saturday) in `timeZone`. */
export function saturdayNoon(timeZone: string, localDate: string): Date {
  const zone = zoneOf(timeZone);
  return wallClockToInstant(zone, saturday(localDate).set({ hour: START_HOUR }).toMillis());
}

/** The local date (YYYY-MM-DD) of `instant` in `timeZone`. */
export function localDateOf(timeZone: string, instant: Date): string {
  zoneOf(timeZone);
  return DateTime.fromJSDate(instant, { zone: timeZone }).toISODate() as string;
}

/**
 * The local dates of the next `count` Saturdays whose 12:00 start is after `now`
 * (a Saturday whose noon has passed — or is exactly now — is not upcoming).
 */
export function upcomingSaturdays(timeZone: string, now: Date, count: number): string[] {
  zoneOf(timeZone);
  if (!Number.isInteger(count) || count < 0) throw new ScheduleInputError('INVALID_OFFSETS', 'count must be a whole number ≥ 0');
  const today = plainDate(localDateOf(timeZone, now));
  let sat = today.plus({ days: (SATURDAY - today.weekday + 7) % 7 });
  if (saturdayNoon(timeZone, sat.toISODate() as string).getTime() <= now.getTime()) sat = sat.plus({ weeks: 1 });
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(sat.plus({ weeks: i }).toISODate() as string);
  return out;
}

/**
 * The four instants of the challenge of `localDate`: its start (12:00 local) and the
 * registration / check-in windows, each `offsets` minutes of local wall-clock time before it.
 */
export function challengeTimes(timeZone: string, localDate: string, offsets: ScheduleOffsets = DEFAULT_OFFSETS): ChallengeTimes {
  return timesFrom(zoneOf(timeZone), saturday(localDate).set({ hour: START_HOUR }).toMillis(), offsets);
}

const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * The same four instants for a challenge starting at the local wall-clock time `startTime`
 * ("HH:MM", 24 h) of any date `localDate` (a director's special event): the windows are counted
 * back from that start exactly as for a Saturday noon, in local wall-clock time.
 */
export function eventTimes(timeZone: string, localDate: string, startTime: string, offsets: ScheduleOffsets = DEFAULT_OFFSETS): ChallengeTimes {
  const zone = zoneOf(timeZone);
  const m = TIME_RE.exec(startTime);
  if (!m) throw new ScheduleInputError('INVALID_TIME', `${startTime} is not a time HH:MM (00:00-23:59)`);
  return timesFrom(zone, plainDate(localDate).set({ hour: +m[1], minute: +m[2] }).toMillis(), offsets);
}

function timesFrom(zone: IANAZone, wallStart: number, offsets: ScheduleOffsets): ChallengeTimes {
  const { registrationOpensMin, checkInOpensMin, checkInClosesMin } = offsets;
  for (const [name, v] of Object.entries({ registrationOpensMin, checkInOpensMin, checkInClosesMin })) {
    if (!Number.isInteger(v) || v < 0) throw new ScheduleInputError('INVALID_OFFSETS', `${name} must be a whole number of minutes ≥ 0`);
  }
  if (!(registrationOpensMin > checkInOpensMin && checkInOpensMin > checkInClosesMin)) {
    throw new ScheduleInputError('INVALID_OFFSETS', 'registration must open before check-in opens, and check-in must open before it closes');
  }
  const at = (minutesBefore: number) => wallClockToInstant(zone, wallStart - minutesBefore * MINUTE_MS);
  return {
    startsAt: at(0),
    registrationOpensAt: at(registrationOpensMin),
    checkInOpensAt: at(checkInOpensMin),
    checkInClosesAt: at(checkInClosesMin),
  };
}

/**
 * The week (1..weeks) of a season starting on the Saturday `startDate` that `localDate`
 * falls on, or null when the date is not one of the season's Saturdays.
 */
export function seasonWeek(startDate: string, localDate: string, weeks = 12): number | null {
  const days = plainDate(localDate).diff(plainDate(startDate), 'days').days;
  if (!Number.isInteger(days) || days < 0 || days % 7 !== 0) return null;
  const week = days / 7 + 1;
  return week <= weeks ? week : null;
}
