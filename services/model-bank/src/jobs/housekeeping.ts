import { startWorkLoop, type WorkLoop } from '@vrp/runtime';
import type { Deps } from '../deps.js';
import { cleanUp } from '../usecases/clean-up.js';

/** Drops expired authorisation artefacts and idempotency keys once a minute. */
export function startHousekeeping(deps: Deps, intervalMs = 60_000): WorkLoop {
  return startWorkLoop({ name: 'housekeeping', pass: () => cleanUp(deps), mayHaveMore: () => false, intervalMs, logger: deps.logger });
}
