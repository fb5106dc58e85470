import type { connector, payment } from '@vrp/contracts';
import type { ServiceClient } from '@vrp/grpc';
import type { Logger } from '@vrp/logging';
import type { SandboxClocks } from '@vrp/sandbox-clock';
import type { SqlPool } from '@vrp/sql';
import type { FailedCreates } from './domain/failed-creates.js';

/** What the use cases and jobs work with; built once by app.ts. */
export interface Deps {
  /** The service's pool: every statement is raw SQL (Prisma only migrates, and types the rows). */
  sql: SqlPool;
  logger: Logger;
  /** Merchants' clocks: `clocks.now(merchantId)` dates what a merchant sees (sandbox clocks may run ahead). */
  clocks: SandboxClocks;
  /** Subject prefix of the event stream, for outbox rows. */
  subjectPrefix: string;
  /** Called after a transaction that wrote outbox rows has committed (wakes the relay). */
  afterCommit(): void;
  /** The payment service: the authority on what a payment still allows to refund. */
  payments: ServiceClient<typeof payment.PaymentService>;
  bank: ServiceClient<typeof connector.ConnectorService>;
  settlementBusinessDays: number;
  /** Creates that failed after their hold and could not mark their request abandoned: the next sweep does. */
  failedCreates: FailedCreates;
  /** Bank hand-overs running in the background (handOverLater); stop() waits for them. */
  bankSubmissions: Set<Promise<unknown>>;
}
