import { OnWorkerEvent, Processor } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { type AccountMailPayload, type DeliverySendPayload, JOBS, QUEUES, type ReminderPayload } from '@dcs/common';
import { ResilientWorkerHost } from '../common/resilient-worker-host';
import { DeliveryService, type SendResult } from './delivery.service';
import { MailTransport } from './mail-transport';
import { RemindersService } from './reminders.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Thin: sends a delivery, an account e-mail, a reminder at its time. Sends are I/O: many at once. A job
 * interrupted by a crash is retried once by BullMQ's stalled-job check (maxStalledCount 1: at most once more).
 */
@Processor(QUEUES.delivery, { concurrency: 64, maxStalledCount: 1 })
export class DeliveryProcessor extends ResilientWorkerHost {
  protected readonly logger = new Logger(DeliveryProcessor.name);

  constructor(
    private readonly delivery: DeliveryService,
    private readonly mail: MailTransport,
    private readonly reminders: RemindersService,
  ) {
    super();
  }

  async process(job: Job): Promise<SendResult | number | void> {
    switch (job.name) {
      case JOBS.deliverySend: {
        const data = job.data as DeliverySendPayload;
        if (!UUID.test(data.deliveryId ?? '')) throw new Error(`bad delivery id ${String(data.deliveryId)}`);
        const pushed = new Set(data.pushed ?? []);
        if (!Number.isSafeInteger(data.claim)) throw new Error(`bad claim ${String(data.claim)}`);
        return this.delivery.send(data.deliveryId, data.claim, pushed, async (id) => {
          pushed.add(id);
          await job.updateData({ ...data, pushed: [...pushed] });
        });
      }
      case JOBS.accountMail:
        return this.mail.send({ ...(job.data as AccountMailPayload), headers: {} });
      case JOBS.reminder:
        return this.reminders.fire(job.data as ReminderPayload);
      case JOBS.reminderSweep:
        return this.reminders.sweep();
      default:
        throw new Error(`unknown delivery job ${job.name}`);
    }
  }

  /**
   * A send job failed for good — its tries used up, or failed outright (stalled twice: a worker killed twice
   * mid-send), whatever its tries — the delivery is marked failed. Were this missed, the poller takes it again
   * after 10 minutes under a new claim.
   */
  @OnWorkerEvent('failed')
  async onFailed(job: Job | undefined, err: Error): Promise<void> {
    if (!job || job.name !== JOBS.deliverySend) return;
    if (!(await job.isFailed().catch(() => false))) return; // retried with backoff
    const data = job.data as DeliverySendPayload;
    this.logger.warn(`delivery ${data.deliveryId} given up after ${job.attemptsMade} tries: ${err.message}`);
    await this.delivery.gaveUp(data.deliveryId, data.claim, err.message).catch(() => undefined);
  }
}
