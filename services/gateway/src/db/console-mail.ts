import type { SqlPool } from '@vrp/sql';
import {
  markMailFailed,
  markMailSent,
  queueMail,
  selectUnsentMail,
  type ISelectUnsentMailResult,
} from '../generated/sql/console-mail.queries.js';
import type { Tx } from './client.js';

/** A message to send. */
export type OutgoingMail = Omit<ISelectUnsentMailResult, 'id'>;

/** A message waiting in the outbox. */
export type QueuedMail = OutgoingMail & { id: bigint };

/**
 * The console's mail outbox: a message is written with the change that needs it and sent
 * afterwards (jobs/mail-sender.ts), so a mail server that is down loses nothing.
 */
export class ConsoleMailbox {
  constructor(private readonly pool: SqlPool) {}

  /** Queues a message; `tx` puts it in the transaction of the change that sends it. */
  async queue(mail: OutgoingMail, tx: Tx = this.pool): Promise<void> {
    await queueMail.run(mail, tx);
  }

  /** Mail not yet sent, oldest first, skipping what failed `maxAttempts` times. */
  async unsent(limit: number, maxAttempts: number): Promise<QueuedMail[]> {
    const rows = await selectUnsentMail.run({ limit, maxAttempts }, this.pool);
    return rows.map((r) => ({ ...r, id: BigInt(r.id) }));
  }

  async markSent(id: bigint, at: Date): Promise<void> {
    await markMailSent.run({ id: id.toString(), at }, this.pool);
  }

  async markFailed(id: bigint, error: string): Promise<void> {
    await markMailFailed.run({ id: id.toString(), error: error.slice(0, 500) }, this.pool);
  }
}
