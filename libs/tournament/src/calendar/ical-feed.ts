import ical, { ICalEventStatus } from 'ical-generator';
import { DateTime } from 'luxon';

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

const local = (at: Date, zone: string) => DateTime.fromJSDate(at, { zone }).toFormat('ccc d LLL yyyy, HH:mm');

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
  const cal = ical({ name: o.name, prodId: { company: 'DCS Tournament Platform', product: 'calendar', language: 'EN' } });
  if (o.timeZone) cal.x([{ key: 'X-WR-TIMEZONE', value: o.timeZone }]);
  for (const c of challenges) {
    const url = `${o.publicUrl}/challenges/${c.id}`;
    const title = challengeTitle(c) + (c.registration === 'waitlisted' ? ' — waitlisted' : '');
    const status = c.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED;
    cal.createEvent({ id: `checkin-${c.id}@${o.uidDomain}`, start: c.checkInOpensAt, end: c.checkInClosesAt, summary: `Check-in: ${title}`, description: challengeDescription(c, url), url, location: c.cityName, status });
    cal.createEvent({ id: `challenge-${c.id}@${o.uidDomain}`, start: c.startsAt, end: new Date(c.startsAt.getTime() + CHALLENGE_SHOWN_MS), summary: title, description: challengeDescription(c, url), url, location: c.cityName, status });
  }
  return cal.toString();
}
