import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUES } from '@dcs/common';
import { ChallengeCalendarModule, RegistrationsModule } from '@dcs/tournament';
import { ScheduleProcessor } from './schedule.processor';
import { ScheduleRepository } from './schedule.repository';
import { ScheduleScheduler } from './schedule.scheduler';
import { ScheduleService } from './schedule.service';

/**
 * The weekly calendar before 12:00: creates the coming challenges, opens registration and
 * check-in, closes check-in (seating the waitlist), and queues the 12:00 start job that the
 * challenge module processes.
 */
@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.schedule }), ChallengeCalendarModule, RegistrationsModule],
  providers: [ScheduleProcessor, ScheduleRepository, ScheduleScheduler, ScheduleService],
  exports: [ScheduleService],
})
export class CalendarModule {}
