import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppConfig, AppError, Clock, notFound, sha256 } from '@dcs/common';
import { DeliverySettingsRepository, icalFeed } from '@dcs/tournament';
import { AuthUser } from '../common/decorators';
import { CalendarFeedsRepository } from './calendar-feeds.repository';

/** A feed shows what is coming and what was in the last two weeks. */
const PAST_MS = 14 * 24 * 3600 * 1000;
/** The private feed's secret: 32 random bytes, base64url (43 characters); only its SHA-256 is stored. */
export const FEED_SECRET = /^[A-Za-z0-9_-]{43}$/;

/**
 * The calendar feeds (RFC 5545): a city's public feed, one challenge's .ics, and a player's private feed at
 * a secret URL. The secret is shown once, when it is made (a new one: the old URL stops working); the
 * platform keeps only its hash (delivery_settings.calendar_hash), so a leaked database leaks no feed URL.
 */
@Injectable()
export class CalendarFeedsService {
  constructor(
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly repo: CalendarFeedsRepository,
    private readonly settings: DeliverySettingsRepository,
  ) {}

  private get options() {
    return { publicUrl: this.config.PUBLIC_URL, uidDomain: new URL(this.config.PUBLIC_URL).hostname };
  }

  private since(): Date {
    return new Date(this.clock.now().getTime() - PAST_MS);
  }

  async city(id: string): Promise<string> {
    const city = await this.repo.city(id);
    if (!city) throw notFound('City', id);
    return icalFeed({ ...this.options, name: `DCS ${city.name}`, timeZone: city.timeZone }, await this.repo.cityChallenges(id, this.since()));
  }

  async challenge(id: string): Promise<string> {
    const c = await this.repo.challenge(id);
    if (!c) throw notFound('Challenge', id);
    return icalFeed({ ...this.options, name: `DCS ${c.cityName} ${c.localDate}`, timeZone: c.timeZone }, [c]);
  }

  async player(secret: string): Promise<string> {
    const s = FEED_SECRET.test(secret) ? await this.settings.byCalendarHash(sha256(secret)) : null;
    if (!s) throw new AppError('CALENDAR_FEED_UNKNOWN', 'This calendar feed does not exist or was replaced by a new one; copy the new address from your notification settings');
    const name = await this.repo.displayName(s.userId);
    return icalFeed({ ...this.options, name: `DCS — ${name ?? 'my challenges'}`, timeZone: s.timeZone }, await this.repo.playerChallenges(s.userId, this.since()));
  }

  async status(caller: AuthUser): Promise<{ active: boolean }> {
    return { active: Boolean((await this.settings.find(caller.id))?.calendarHash) };
  }

  /** A new secret URL for the caller's feed (shown this once); the previous URL answers 404 from now on. */
  async rotate(caller: AuthUser): Promise<{ url: string }> {
    const secret = randomBytes(32).toString('base64url');
    await this.settings.setCalendarHash(caller.id, sha256(secret));
    return { url: `${this.config.PUBLIC_URL}/api/calendar/${secret}.ics` };
  }
}
