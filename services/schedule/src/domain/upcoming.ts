import { chargeDateOf } from './charge-dates.js';
import { ruleOf, type ScheduleView } from '../db/schedules.js';

/** How many upcoming cycles a schedule shows. */
export const UPCOMING = 10;

/**
 * The schedule's next cycles (charge date and amount, at most UPCOMING), by charge date: the
 * pending cycles it has planned (a deferred or re-priced one keeps its charge date) and, for an
 * interval schedule, the dates its rule gives from the earliest planned cycle on. None once it is
 * cancelled or completed.
 */
export function upcomingCycles(view: ScheduleView): { chargeDate: string; amountMinor: bigint }[] {
  if (view.status === 'cancelled' || view.status === 'completed') return [];
  const planned = new Map(view.pending.map((c) => [c.chargeDate, c.amountMinor]));
  const rule = ruleOf(view);
  if (rule && view.amountMinor !== null && view.pending.length > 0) {
    let seq = Math.min(...view.pending.map((c) => c.seq));
    while (planned.size < UPCOMING * 2) {
      const date = chargeDateOf(rule, seq++);
      if (date === null) break;
      if (!planned.has(date)) planned.set(date, view.amountMinor);
      if ([...planned.keys()].filter((d) => d <= date).length >= UPCOMING) break;
    }
  }
  return [...planned]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .slice(0, UPCOMING)
    .map(([chargeDate, amountMinor]) => ({ chargeDate, amountMinor }));
}
