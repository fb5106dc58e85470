import type { Db } from './client.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  body: string;
}

export interface QueuedMail extends OutgoingMail {
  id: bigint;
}

type Tx = Pick<Db, 'consoleMail'>;

/**
 * The console's mail outbox: a message is written with the change that needs it and sent
 * afterwards (db/mail-sender.ts), so a mail server that is down loses nothing.
 */
export class ConsoleMailbox {
  constructor(private readonly db: Db) {}

  async queue(mail: OutgoingMail, tx: Tx = this.db): Promise<void> {
    await tx.consoleMail.create({ data: { toAddress: mail.to, subject: mail.subject, body: mail.body } });
  }

  /** Mail not yet sent, oldest first, skipping what failed `maxAttempts` times. */
  async unsent(limit: number, maxAttempts: number): Promise<QueuedMail[]> {
    const rows = await this.db.consoleMail.findMany({
      where: { sentAt: null, attempts: { lt: maxAttempts } },
      orderBy: { id: 'asc' },
      take: limit,
    });
    return rows.map((r) => ({ id: r.id, to: r.toAddress, subject: r.subject, body: r.body }));
  }

  async markSent(id: bigint, at: Date): Promise<void> {
    await this.db.consoleMail.updateMany({ where: { id, sentAt: null }, data: { sentAt: at, attempts: { increment: 1 } } });
  }

  async markFailed(id: bigint, error: string): Promise<void> {
    await this.db.consoleMail.updateMany({ where: { id }, data: { attempts: { increment: 1 }, lastError: error.slice(0, 500) } });
  }
}
