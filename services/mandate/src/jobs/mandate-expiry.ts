import { startWorkLoop, type WorkLoop } from '@vrp/runtime';
import type { Deps } from '../deps.js';
import { expireDueMandates } from '../usecases/expire-due-mandates.js';

const BATCH_SIZE = 100;

/**
 * Ends the mandates whose validity window closed (mandate.expired), looking every `intervalMs` and
 * promptly after a sandbox clock advance. What is due lives in the database, so expiries survive
 * restarts, and several replicas can run it side by side (each move is conditional); stop() waits
 * for a sweep in progress.
 */
export function startMandateExpiry(deps: Deps, intervalMs: number): WorkLoop {
  return startWorkLoop({
    name: 'mandate expiry sweep',
    pass: () => expireDueMandates(deps, BATCH_SIZE),
    intervalMs,
    logger: deps.logger.child({ component: 'mandate-expiry' }),
  });
}
