import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUES } from '@dcs/common';
import { AppealDeadlinesRepository, AppealDeadlinesService } from '@dcs/tournament';
import { AppealDeadlinesProcessor } from './appeal-deadlines.processor';
import { AppealOverdueScheduler, AppealRemindersScheduler } from './appeal-deadlines.scheduler';

/** The review board's deadlines in the worker: reminders and overdue marks; appeals are only ever decided by a reviewer. */
@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.integrity })],
  providers: [AppealDeadlinesProcessor, AppealDeadlinesService, AppealDeadlinesRepository, AppealRemindersScheduler, AppealOverdueScheduler],
})
export class IntegrityWorkerModule {}
