import type { Logger } from '@vrp/logging';
import type { WebhookConfig } from './config.js';
import type { Db } from './db/client.js';

/** What the use cases need from the running service. */
export interface Deps {
  db: Db;
  config: WebhookConfig;
  logger: Logger;
  /** The service's clock; tests move it to cross the 24 h rotation overlap. */
  clock: () => Date;
  /** Tells the delivery worker that something became due now. */
  nudge: () => void;
}
