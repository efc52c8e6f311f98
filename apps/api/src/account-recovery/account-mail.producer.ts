import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { deliveryJobIds, JOBS, jobOptions, QUEUES, type AccountMailPayload } from '@dcs/common';
import type { MailMessage } from '@dcs/tournament';

/** Hands an account e-mail to the worker, which sends it (retried with backoff while the SMTP server is down). */
@Injectable()
export class AccountMailProducer {
  private readonly logger = new Logger(AccountMailProducer.name);

  constructor(@InjectQueue(QUEUES.delivery) private readonly queue: Queue<AccountMailPayload>) {}

  async send(m: MailMessage): Promise<void> {
    const payload: AccountMailPayload = { to: m.to, subject: m.subject, text: m.text, html: m.html, messageId: m.messageId };
    await this.queue.add(JOBS.accountMail, payload, { ...jobOptions(QUEUES.delivery, JOBS.accountMail, deliveryJobIds.accountMail(m.messageId)), removeOnComplete: true });
    this.logger.debug(`account mail ${m.messageId} queued`);
  }
}
