import type { Logger } from '@vrp/logging';
import type { SandboxClocks } from '@vrp/sandbox-clock';
import type { SqlPool } from '@vrp/sql';
import type { Connector, SandboxBank } from './clients/connector.js';
import type { TermsReplica } from './clients/payment-replica.js';

/** What the use cases and jobs work with; built once by app.ts. */
export interface Deps {
  /** The service's pool: every statement is raw SQL in db/ (Prisma only migrates). */
  sql: SqlPool;
  logger: Logger;
  /** Merchants' clocks: `clocks.now(merchantId)` dates what a merchant sees (sandbox clocks may run ahead). */
  clocks: SandboxClocks;
  /** Subject prefix of the event stream, for outbox rows. */
  subjectPrefix: string;
  /** Called after a transaction that wrote outbox rows has committed (wakes the relay). */
  afterCommit(): void;
  /** The payment service's replica of active mandates' terms; absent when PAYMENT_SERVICE_URL is not set. */
  replica?: TermsReplica | undefined;
  /** The bank connector: stages, confirms and deletes mandate requests' consents at the bank. */
  connector: Connector;
  /** Sandbox: the model bank's controls, which approve a direct mandate's consent before the sandbox activates it. */
  sandboxBank?: SandboxBank | undefined;
}
