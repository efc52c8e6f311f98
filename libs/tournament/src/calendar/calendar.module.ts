import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUES } from '@dcs/common';
import { CalendarRepository } from './calendar.repository';
import { ChallengeCalendar } from './challenge-calendar';

/**
 * The weekly calendar's producer (ChallengeCalendar), shared by the worker's schedule sweep and
 * the API (a director's challenge, a new city). Needs BullModule.forRoot and PrismaModule in the app.
 */
@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.schedule }, { name: QUEUES.effects })],
  providers: [CalendarRepository, ChallengeCalendar],
  exports: [ChallengeCalendar],
})
export class ChallengeCalendarModule {}
