import type { mandate, payment } from '@vrp/contracts';
import type { ServiceClient } from '@vrp/grpc';
import type { Logger } from '@vrp/logging';
import type { SandboxClocks } from '@vrp/sandbox-clock';
import type { SqlPool } from '@vrp/sql';

/** What the use cases and jobs work with; built once by app.ts. */
export interface Deps {
  /** The service's pool: every statement is raw SQL (Prisma only migrates). */
  sql: SqlPool;
  logger: Logger;
  /** Merchants' clocks: `clocks.now(merchantId)` is when a merchant's cycles fall due. */
  clocks: SandboxClocks;
  /** Subject prefix of the event stream, for outbox rows. */
  subjectPrefix: string;
  /** Called after a transaction that wrote outbox rows has committed (wakes the relay). */
  afterCommit(): void;
  /** Called when a cycle may have fallen due (a create, a resume): wakes the scheduler. */
  cyclesDue(): void;
  mandates: ServiceClient<typeof mandate.MandateService>;
  payments: ServiceClient<typeof payment.PaymentService>;
}
