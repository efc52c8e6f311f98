import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: ParsedMail['headers'];
  /** the header lines as sent, lower-cased names: value */
  raw: Record<string, string>;
  receivedAt: number;
}

/**
 * A real SMTP server for the tests and the bench (smtp-server), each message parsed with mailparser. Its
 * inbox keeps one message per Message-ID as a mailbox does (`duplicates` counts the resends it dropped);
 * `refuse` makes it answer the next N messages with a temporary failure (451). `delayMs` holds each answer
 * to DATA that long (a slow server: a sender killed meanwhile never hears that its message arrived);
 * `copies` counts every copy received per Message-ID, the resends included.
 */
export class SmtpReceiver {
  readonly inbox: ReceivedMail[] = [];
  duplicates = 0;
  received = 0;
  refuse = 0;
  delayMs = 0;
  /** messages whose DATA arrived, before any answer */
  arrived = 0;
  readonly copies = new Map<string, number>();
  /** server errors other than a sender's reset connection */
  readonly errors: Error[] = [];
  private readonly server: SMTPServer;
  private readonly seen = new Set<string>();
  private waiters: (() => void)[] = [];

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      size: 1024 * 1024,
      onData: (stream, _session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => void this.answer(chunks, callback));
      },
    });
    // A sender killed mid-message (the crash tests) resets its connection; smtp-server reports it as an
    // 'error' event, which with no listener would end the test process. The message is simply not received.
    this.server.on('error', (err: Error & { code?: string }) => {
      if (err.code !== 'ECONNRESET' && err.code !== 'EPIPE') this.errors.push(err);
    });
  }

  private async answer(chunks: Buffer[], callback: (err?: Error | null) => void): Promise<void> {
    this.arrived += 1;
    if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
    if (this.refuse > 0) {
      this.refuse -= 1;
      const err = new Error('Try again later') as Error & { responseCode: number };
      err.responseCode = 451;
      return callback(err);
    }
    this.received += 1;
    void simpleParser(Buffer.concat(chunks)).then((m) => {
      const messageId = m.messageId ?? '';
      this.copies.set(messageId, (this.copies.get(messageId) ?? 0) + 1);
      if (this.seen.has(messageId)) this.duplicates += 1;
      else {
        this.seen.add(messageId);
        const to = Array.isArray(m.to) ? m.to[0] : m.to;
        this.inbox.push({ to: to?.value[0]?.address ?? '', subject: m.subject ?? '', text: m.text ?? '', html: typeof m.html === 'string' ? m.html : '', messageId, headers: m.headers, raw: Object.fromEntries(m.headerLines.map((h) => [h.key, h.line.slice(h.line.indexOf(':') + 1).trim()])), receivedAt: Date.now() });
      }
      const w = this.waiters;
      this.waiters = [];
      w.forEach((f) => f());
      callback();
    }, callback);
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
  }

  /** Waits until a message matching `match` is in the inbox (or throws after `ms`). */
  async waitFor(match: (m: ReceivedMail) => boolean, ms = 20_000): Promise<ReceivedMail> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.inbox.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no such mail within ${ms} ms; inbox: ${this.inbox.map((m) => `${m.to}: ${m.subject}`).join(' | ')}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200).unref();
      });
    }
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The token of the link in an account e-mail. */
export const linkToken = (m: ReceivedMail): string => {
  const token = /[?&]token=([A-Za-z0-9_-]{43})/.exec(m.text)?.[1];
  if (!token) throw new Error(`no token in ${m.text}`);
  return token;
};
