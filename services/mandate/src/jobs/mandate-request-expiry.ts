import { startWorkLoop, type WorkLoop } from '@vrp/runtime';
import type { Deps } from '../deps.js';
import { expireDueMandateRequests } from '../usecases/expire-due-mandate-requests.js';

const BATCH_SIZE = 100;

/**
 * Ends the journeys whose time ran out (mandate_request.expired), looking every `intervalMs`. The
 * sweep finds them in the database, so expiries survive restarts and several replicas can run it
 * side by side (rows are claimed with SKIP LOCKED); stop() waits for a sweep in progress to commit.
 */
export function startMandateRequestExpiry(deps: Deps, intervalMs: number): WorkLoop {
  return startWorkLoop({
    name: 'mandate request expiry sweep',
    pass: () => expireDueMandateRequests(deps, BATCH_SIZE),
    intervalMs,
    logger: deps.logger.child({ component: 'mandate-request-expiry' }),
  });
}
