import { startWorkLoop, type WorkLoop } from '@vrp/runtime';
import type { Deps } from '../deps.js';
import { runAutomaticRetries } from '../usecases/run-automatic-retries.js';

/**
 * Retries scheduled payments whose automatic retry fell due (see runAutomaticRetries); nudged
 * when a sandbox clock moves, so retries an advance made due run at once. Claimable by several
 * replicas: the retry itself is conditional.
 */
export function startAutomaticRetrier(deps: Deps, intervalMs: number): WorkLoop {
  return startWorkLoop({ name: 'automatic retries', pass: () => runAutomaticRetries(deps), intervalMs, logger: deps.logger });
}
