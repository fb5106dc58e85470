import type { Logger } from '@vrp/logging';
import type { SqlPool } from '@vrp/sql';
import type { BankSubmitter } from './clients/bank-submitter.js';
import type { MandateClient } from './clients/mandate-terms.js';
import type { TermsCache } from './domain/terms-cache.js';
import type { RecentHold, RecentlyWritten } from './domain/recently-written.js';
import type { PaymentRecord } from './db/payments.js';
import type { SandboxClocks } from '@vrp/sandbox-clock';

/** What the use cases and jobs work with; built once by app.ts. */
export interface Deps {
  /** The service's pool: every statement is SQL, typed by pgtyped from src/db/sql/ but for the list page's (Prisma only migrates). */
  sql: SqlPool;
  /**
   * Merchants' clocks: `clocks.now(merchantId)` is a merchant's time (a sandbox merchant's may run
   * ahead, set by the gateway's SetSandboxClock); `clocks.now()` is the wall clock's.
   */
  clocks: SandboxClocks;
  logger: Logger;
  /** Subject prefix of the event stream, for outbox rows. */
  subjectPrefix: string;
  /** Called after a transaction that wrote outbox rows has committed (wakes the relay). */
  afterCommit(): void;
  mandates: MandateClient;
  /** This process's memory of the mandate terms replica (usecases/mandate-replica.ts). */
  terms: TermsCache;
  /** Refund holds this process made, for their confirmation (usecases/confirm-refund.ts). */
  holds: RecentlyWritten<RecentHold<PaymentRecord>>;
  /**
   * Payments this process created, as created (by id), until the bank decides them: the decision
   * builds its event from them instead of reading the payment (usecases/report-payment-outcome.ts).
   */
  attempts: RecentlyWritten<PaymentRecord>;
  submitter: BankSubmitter;
}
