import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { OutboundGuard, QUEUES } from '@dcs/common';
import { DeliveriesRepository, DeliverySettingsRepository } from '@dcs/tournament';
import { DeliveryPoller } from './delivery.poller';
import { DeliveryProcessor } from './delivery.processor';
import { DeliveryService } from './delivery.service';
import { MailTransport } from './mail-transport';
import { PushSender } from './push-sender';
import { RemindersRepository } from './reminders.repository';
import { ReminderSweepScheduler } from './reminders.scheduler';
import { RemindersService } from './reminders.service';

/** Reaching the players outside the page: the deliveries' sends (e-mail, Web Push), account e-mails, reminders. */
@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.delivery })],
  providers: [
    DeliveryProcessor,
    DeliveryPoller,
    DeliveryService,
    MailTransport,
    PushSender,
    OutboundGuard,
    DeliveriesRepository,
    DeliverySettingsRepository,
    RemindersService,
    RemindersRepository,
    ReminderSweepScheduler,
  ],
})
export class DeliveryWorkerModule {}
