import ical, { escape, ICalEventStatus } from 'ical-generator';
import { formatInstant } from '@dcs/common/time/instant-format';
import { withoutControlChars } from '@dcs/common';

/** A challenge as a calendar shows it. */
export interface FeedChallenge {
  id: string;
  cityName: string;
  /** the city's IANA zone (X-WR-TIMEZONE, and the local times in the description) */
  timeZone: string;
  kind: string;
  localDate: string;
  status: string;
  startsAt: Date;
  checkInOpensAt: Date;
  checkInClosesAt: Date;
  /** the player's own feed: their registration's status (registered, waitlisted) */
  registration?: string;
}

/** How long a challenge is shown in a calendar: rounds run through the afternoon (the last round's end is not known ahead). */
export const CHALLENGE_SHOWN_MS = 4 * 3600 * 1000;

const KIND_NAME: Record<string, string> = { weekly: 'challenge', special: 'special challenge', regional: 'regional Elite Sixes', ndt: 'national final' };

/** The one formatter of the notices and the page (libs/common/src/time), in the city's zone. */
const local = (at: Date, zone: string) => formatInstant(at, { timeZone: zone });

/** The title of a challenge's event, as the calendar feeds and the "add to calendar" links write it. */
export function challengeTitle(c: Pick<FeedChallenge, 'cityName' | 'kind' | 'localDate'>): string {
  return `DCS ${c.cityName} ${KIND_NAME[c.kind] ?? 'challenge'} (${c.localDate})`;
}

/** What a challenge's event says: the check-in window and the start, in the city's time. */
export function challengeDescription(c: FeedChallenge, url: string): string {
  return [
    `Check-in: ${local(c.checkInOpensAt, c.timeZone)} – ${local(c.checkInClosesAt, c.timeZone)} (${c.timeZone}); a registered player who has not checked in loses the place.`,
    `Play starts at ${local(c.startsAt, c.timeZone)} (${c.timeZone}).`,
    url,
  ].join('\n');
}

export interface FeedOptions {
  name: string;
  /** X-WR-TIMEZONE: the zone a calendar app shows the feed in (times themselves are UTC) */
  timeZone: string | null;
  publicUrl: string;
  /** the host in the events' UIDs */
  uidDomain: string;
}

/**
 * An iCalendar (RFC 5545) feed: two events a challenge — the check-in window, and play from the start —
 * with stable UIDs (`checkin-<id>@domain`, `challenge-<id>@domain`), so a calendar that polls the feed
 * updates them in place; times in UTC, the city's zone named in each description. A cancelled challenge
 * stays in the feed as CANCELLED, so calendars take it off.
 */
export function icalFeed(o: FeedOptions, challenges: readonly FeedChallenge[]): string {
  const cal = ical({ name: feedText(o.name, 'raw'), prodId: { company: 'DCS Tournament Platform', product: 'calendar', language: 'EN' } });
  if (o.timeZone) cal.x([{ key: 'X-WR-TIMEZONE', value: feedText(o.timeZone) }]);
  for (const c of challenges) {
    const url = `${o.publicUrl}/challenges/${c.id}`;
    const title = feedText(challengeTitle(c) + (c.registration === 'waitlisted' ? ' — waitlisted' : ''));
    const description = challengeDescription({ ...c, timeZone: feedText(c.timeZone) }, url);
    const location = feedText(c.cityName);
    const status = c.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED;
    cal.createEvent({ id: `checkin-${c.id}@${o.uidDomain}`, start: c.checkInOpensAt, end: c.checkInClosesAt, summary: `Check-in: ${title}`, description, url, location, status });
    cal.createEvent({ id: `challenge-${c.id}@${o.uidDomain}`, start: c.startsAt, end: new Date(c.startsAt.getTime() + CHALLENGE_SHOWN_MS), summary: title, description, url, location, status });
  }
  return cal.toString();
}

/**
 * Every text value this feed writes goes through here once (RFC 5545 §3.3.11). Control characters become a
 * space (names typed before they were refused — docs/rules.md, "Text that reaches a file format"); the
 * only line breaks in a value are the ones the feed writes itself (the description's).
 * ical-generator escapes backslash, semicolon, comma and newline in the properties it writes from values
 * (SUMMARY, DESCRIPTION, LOCATION, X- properties: 'escaped'), but writes the calendar's NAME and
 * X-WR-CALNAME raw (as of 11.1): those get its own escape here ('raw'), so a name can never end a line.
 */
function feedText(text: string, written: 'escaped' | 'raw' = 'escaped'): string {
  const clean = withoutControlChars(text);
  return written === 'raw' ? escape(clean, false) : clean;
}
