/** The weekly commissary (SPEC 8.2, "a way out of debt"). Pure: the week and who is owed a grant. */
import type { Currency } from './tables';
import { weekStartUtc } from './settlement';

/**
 * Every Monday 00:00 UTC each account whose balance is below the threshold is granted the amount
 * (SPEC 8.2: "each account below 1,000 DD is granted 1,000 DD and each below 10 soups 10 soups");
 * the grant pays the account's debt first like every credit. Decision (docs/rules.md): the grant is
 * the full amount, as the SPEC says, not a top-up to the threshold.
 */
export const COMMISSARY: Readonly<Record<Currency, { below: number; grant: number }>> = {
  DD: { below: 1_000, grant: 1_000 },
  soups: { below: 10, grant: 10 },
};

/** Whether an account with this balance is granted this week's commissary in that currency. */
export const commissaryDue = (currency: Currency, balance: number): boolean => balance < COMMISSARY[currency].below;

/** The ISO 8601 week holding `t` in UTC, as `YYYY-Www` (the year is the week's: its Thursday's year). */
export function isoWeekOf(t: Date): string {
  const monday = weekStartUtc(t);
  const thursday = new Date(monday.getTime() + 3 * 86_400_000);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * 86_400_000)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

const ISO_WEEK = /^(\d{4})-W(\d{2})$/;

/** Monday 00:00 UTC of an ISO week `YYYY-Www`; null for a malformed or impossible week. */
export function isoWeekStart(week: string): Date | null {
  const m = ISO_WEEK.exec(week);
  if (!m) return null;
  const [year, n] = [Number(m[1]), Number(m[2])];
  // Week 1 holds 4 January.
  const start = new Date(weekStartUtc(new Date(Date.UTC(year, 0, 4))).getTime() + (n - 1) * 7 * 86_400_000);
  return n >= 1 && isoWeekOf(start) === week ? start : null;
}

/** The commissary key of an account's grant in one currency and week: one grant, whoever runs it and how often. */
export const commissaryKey = (userId: string, currency: Currency, week: string) => `commissary:${userId}:${currency}:${week}`;
