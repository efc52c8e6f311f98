import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { AppConfig } from '@dcs/common';
import { DeliveriesRepository, type MailMessage } from '@dcs/tournament';

/**
 * Sends an e-mail through SMTP_URL (nodemailer, pooled connections), or keeps it in the outbox table when
 * no SMTP server is configured (the demo; admins read it at /admin/outbox). A refusal or an unreachable
 * server throws: the job is retried with backoff. The Message-ID is the message's own (stable across tries),
 * so a resend after a crash is recognised by the receiving mailbox as the same message.
 */
@Injectable()
export class MailTransport implements OnModuleDestroy {
  private readonly logger = new Logger(MailTransport.name);
  private readonly smtp: Transporter | null;

  constructor(
    private readonly config: AppConfig,
    private readonly deliveries: DeliveriesRepository,
  ) {
    this.smtp = config.SMTP_URL
      ? createTransport(`${config.SMTP_URL}${config.SMTP_URL.includes('?') ? '&' : '?'}pool=true&maxConnections=20&maxMessages=1000&connectionTimeout=10000&greetingTimeout=10000&socketTimeout=20000`)
      : null;
  }

  get mode(): 'smtp' | 'outbox' {
    return this.smtp ? 'smtp' : 'outbox';
  }

  async send(m: MailMessage): Promise<void> {
    if (!this.smtp) return this.deliveries.keep(m);
    await this.smtp.sendMail({
      from: this.config.MAIL_FROM,
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html,
      messageId: `<${m.messageId}>`,
      headers: m.headers,
    });
    this.logger.debug(`sent ${m.messageId}`);
  }

  onModuleDestroy(): void {
    this.smtp?.close();
  }
}
