import { startWorkLoop, type WorkLoop } from '@vrp/runtime';
import type { Deps } from '../deps.js';
import { sweepRefunds, type SweepSettings } from '../usecases/sweep-refunds.js';

/**
 * Repairs what an interrupted refund left behind (see sweepRefunds): a busy pass is followed at
 * once by the next, so a backlog drains; stop() waits for the pass in progress.
 */
export function startRefundSweeper(deps: Deps, settings: SweepSettings, intervalMs: number): WorkLoop {
  return startWorkLoop({
    name: 'refund sweep',
    pass: async () => {
      const r = await sweepRefunds(deps, settings);
      return r.confirmed + r.resubmitted + r.requestsReleased + r.holdsReleased + r.failedReleased;
    },
    intervalMs,
    logger: deps.logger,
  });
}
