import type { Logger } from '@vrp/logging';
import type { PlatformReporter } from './clients/platform-reporter.js';
import type { CallbackQueue } from './jobs/callback-queue.js';

/** What the simulated bank works with; built once by app.ts. */
export interface Deps {
  logger: Logger;
  /** Clients of the payment and refund services, where outcomes are reported. */
  reporter: PlatformReporter;
  /** Retries each report until the platform has taken it. */
  callbacks: CallbackQueue;
}
