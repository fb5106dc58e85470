import { startWorkLoop, type WorkLoop } from '@vrp/runtime';
import type { Deps } from '../deps.js';
import { activateDueMandates } from '../usecases/activate-due-mandates.js';

const BATCH_SIZE = 100;

/**
 * In sandbox, mandates become active by themselves `delayMs` after creation. The sweep finds
 * them in the database rather than holding timers, so activations survive restarts and several
 * replicas can run it side by side (rows are claimed with SKIP LOCKED). It looks every
 * min(delay, 500 ms), so a mandate is activated at most one interval late; stop() waits for a
 * sweep in progress to commit.
 */
export function startActivationSweeper(deps: Deps, delayMs: number): WorkLoop {
  return startWorkLoop({
    name: 'sandbox activation sweep',
    // A full batch means more may be due: the loop runs the next pass at once.
    pass: () => activateDueMandates(deps, delayMs, BATCH_SIZE),
    intervalMs: Math.max(Math.min(delayMs, 500), 20),
    logger: deps.logger.child({ component: 'sandbox-activation' }),
  });
}
