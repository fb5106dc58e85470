import { startWorkLoop, type WorkLoop } from '@vrp/runtime';
import type { Deps } from '../deps.js';
import { collectDueCycles, type CollectSettings } from '../usecases/collect-due-cycles.js';

/**
 * Collects due cycles (see collectDueCycles): a full batch is followed at once by the next, so a
 * billing run drains; nudged when a cycle may have fallen due (a create, a resume, a sandbox
 * clock's advance). Any number of replicas may run it: claims skip each other's rows.
 */
export function startScheduler(deps: Deps, settings: CollectSettings, intervalMs: number): WorkLoop {
  return startWorkLoop({
    name: 'scheduler',
    pass: () => collectDueCycles(deps, settings),
    mayHaveMore: (handled) => handled >= settings.batch,
    intervalMs,
    logger: deps.logger,
  });
}
