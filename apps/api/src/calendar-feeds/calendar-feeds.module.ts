import { Module } from '@nestjs/common';
import { DeliverySettingsRepository } from '@dcs/tournament';
import { CalendarFeedsController } from './calendar-feeds.controller';
import { CalendarFeedsRepository } from './calendar-feeds.repository';
import { CalendarFeedsService } from './calendar-feeds.service';

/** The calendar feeds: a city's, a challenge's .ics, a player's private one (issue 28). */
@Module({ controllers: [CalendarFeedsController], providers: [CalendarFeedsService, CalendarFeedsRepository, DeliverySettingsRepository] })
export class CalendarFeedsModule {}
