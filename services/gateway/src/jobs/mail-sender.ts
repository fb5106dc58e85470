import { createTransport, type Transporter } from 'nodemailer';
import type { Logger } from '@vrp/logging';
import type { ConsoleMailbox } from '../db/console-mail.js';

/** A message is given up after this many failed sends (it stays in the outbox, with its last error). */
const MAX_ATTEMPTS = 5;

/**
 * Sends the console's queued mail through SMTP (SMTP_URL, e.g. `smtps://user:pass@mail.example:465`)
 * every `everyMs`, oldest first. Without SMTP_URL nothing is sent and the messages stay in the
 * outbox table (local development and tests read them there). Several gateways may run it: a
 * message can then go out twice in a rare race, which beats losing an invitation code.
 */
export class MailSender {
  private readonly transport: Transporter;
  private readonly timer: NodeJS.Timeout;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly mailbox: ConsoleMailbox,
    smtpUrl: string,
    private readonly from: string,
    private readonly logger: Logger,
    everyMs = 5000,
  ) {
    this.transport = createTransport(smtpUrl);
    this.timer = setInterval(() => this.nudge(), everyMs).unref();
  }

  /** Sends what is queued now (after the running round). */
  nudge(): void {
    this.running = this.running.then(() => this.round()).catch((err: unknown) => this.logger.warn('console mail round failed', { err }));
  }

  private async round(): Promise<void> {
    for (const mail of await this.mailbox.unsent(20, MAX_ATTEMPTS)) {
      try {
        await this.transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.body });
        await this.mailbox.markSent(mail.id, new Date());
      } catch (err) {
        this.logger.warn('console mail not sent', { err, id: String(mail.id) });
        await this.mailbox.markFailed(mail.id, err instanceof Error ? err.message : String(err));
      }
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
    this.transport.close();
  }
}
