import type { Logger } from '@vrp/logging';
import type { SandboxClocks } from '@vrp/sandbox-clock';
import type { SqlPool } from '@vrp/sql';
import type { RegisteredClient } from './domain/clients.js';

/** What every use case of the model bank works with. */
export interface Deps {
  db: SqlPool;
  /** Payees' sandbox clocks, by clock key (see clockKeyOf); the wall clock for ''. */
  clocks: SandboxClocks;
  logger: Logger;
  /** Wakes the notification sender after a commit that queued notifications. */
  afterCommit(): void;
  /** The authorisation server's issuer; resource links start with it. */
  issuer: string;
  clients: ReadonlyMap<string, RegisteredClient>;
  /** How a customer's account is opened the first time the bank sees them. */
  newAccounts: { balanceMajor: number; currency: string };
  /** How long after creation payments and payouts settle by themselves; undefined: only the back office settles. */
  autoSettleMs?: number;
}
