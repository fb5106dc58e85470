import type { BankSubmitter } from '../clients/bank-submitter.js';
import type { MandateClient } from '../clients/mandate-terms.js';
import type { Db } from '../db/client.js';
import type { Clock } from '../domain/clock.js';

/** What every use case may use: the database, the time, the event subjects and the neighbours. */
export interface PaymentContext {
  db: Db;
  clock: Clock;
  /** Subject prefix of outbox events. */
  subjectPrefix: string;
  mandates: MandateClient;
  submitter: BankSubmitter;
  /** Called after a transaction that wrote an outbox row committed (wakes the relay). */
  eventsWritten: () => void;
}
