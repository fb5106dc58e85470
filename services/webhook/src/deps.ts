import type { Logger } from '@vrp/logging';
import type { SandboxClocks } from '@vrp/sandbox-clock';
import type { SqlPool } from '@vrp/sql';
import type { WebhookConfig } from './config.js';
import type { RecordedEvents } from './jobs/recorded-events.js';
import type { UndeliverableEndpoints } from './domain/undeliverable-endpoints.js';

/** What the use cases and jobs work with; built once by app.ts. */
export interface Deps {
  /** The service's pool: every statement is raw SQL. */
  sql: SqlPool;
  /**
   * Each merchant's clock (`clocks.now(merchantId)`: a sandbox clock may run ahead, set by the
   * gateway's SetSandboxClock); `clocks.now()` is the wall clock's now.
   */
  clocks: SandboxClocks;
  logger: Logger;
  /** Called after a transaction that made deliveries due has committed (wakes the delivery worker). */
  afterCommit(): void;
  /** Told (through afterCommit) whenever events were recorded; merchants' stream readers wait on it. */
  recorded: RecordedEvents;
  /** Endpoints whose URL this deployment may not deliver to: recording gives them no deliveries. */
  undeliverable: UndeliverableEndpoints;
  config: WebhookConfig;
}
