import type { Logger } from '@vrp/logging';
import type { ObEventNotification } from '@vrp/open-banking';
import type { SandboxClocks } from '@vrp/sandbox-clock';
import type { SqlPool } from '@vrp/sql';
import type { AuthorisationServer } from './clients/bank/authorisation-server.js';
import type { VrpApi } from './clients/bank/vrp-api.js';
import type { BackOffice } from './clients/back-office.js';
import type { Platform } from './clients/platform.js';
import type { BankConnectorConfig } from './config.js';

/** The settings the use cases and jobs read. */
export type ConnectorSettings = Pick<
  BankConnectorConfig,
  | 'publicBaseUrl'
  | 'redirectUri'
  | 'secretKeys'
  | 'settlementDelayMs'
  | 'journeyTtlMs'
  | 'pollInitialMs'
  | 'pollMaxMs'
  | 'consentCheckMs'
  | 'journeyRecordGraceMs'
  | 'bankClientId'
  | 'bankTimeoutMs'
  | 'maxServerErrors'
>;

/** What the use cases and jobs work with; built once by app.ts. */
export interface Deps {
  /** The service's pool: every query of db/ runs on it. */
  sql: SqlPool;
  /**
   * Each merchant's clock (`clocks.now(merchantId)`: a sandbox clock may run ahead, set by the
   * gateway's SetSandboxClock); `clocks.now()` is the wall clock's now.
   */
  clocks: SandboxClocks;
  logger: Logger;
  settings: ConnectorSettings;
  /** The bank's authorisation server (tokens, PAR, code exchange). */
  authorisation: AuthorisationServer;
  /** The bank's VRP resources and payout extension. */
  bank: VrpApi;
  /** Verifies an event notification the bank POSTed (its keys, issuer, audience). */
  verifyNotification(token: string): Promise<ObEventNotification>;
  /** The payment, refund and mandate services, where outcomes and revocations are reported. */
  platform: Platform;
  /** The model bank's back office: sandbox only. */
  backOffice?: BackOffice;
  /** Called after outcomes or reports were recorded, or work fell due: wakes the jobs that carry them on. */
  afterCommit(): void;
}
