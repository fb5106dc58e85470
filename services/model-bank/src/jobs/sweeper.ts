import { startWorkLoop, type WorkLoop } from '@vrp/runtime';
import type { Deps } from '../deps.js';
import { sweepDue } from '../usecases/sweep-due.js';

/** Expires consents and settles what falls due, every `intervalMs` and whenever a payee's clock moves (nudge). */
export function startSweeper(deps: Deps, intervalMs: number): WorkLoop {
  return startWorkLoop({ name: 'sweeper', pass: () => sweepDue(deps), intervalMs, logger: deps.logger });
}
