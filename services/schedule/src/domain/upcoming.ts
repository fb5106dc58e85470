import { chargeDateOf, type IntervalRule } from './charge-dates.js';

/** What a schedule's interval rule is made of (an instalment schedule has none). */
export interface RuleFields {
  instalments: boolean;
  intervalUnit: IntervalRule['unit'] | null;
  intervalCount: number | null;
  dayOfMonth: number | null;
  startDate: string;
  endDate: string | null;
  cycleCount: number | null;
}

/** A schedule as its upcoming cycles need it: its rule, status, amount and the cycles it has planned. */
export interface UpcomingView extends RuleFields {
  status: 'active' | 'paused' | 'cancelled' | 'completed';
  amountMinor: bigint | null;
  pending: { chargeDate: string; seq: number; amountMinor: bigint }[];
}

/** The interval rule of an interval schedule (null for instalments). */
export function ruleOf(s: RuleFields): IntervalRule | null {
  if (s.instalments || !s.intervalUnit) return null;
  return {
    unit: s.intervalUnit,
    interval: s.intervalCount ?? 1,
    dayOfMonth: s.dayOfMonth,
    startDate: s.startDate,
    endDate: s.endDate,
    count: s.cycleCount,
  };
}

/** How many upcoming cycles a schedule shows. */
export const UPCOMING = 10;

/**
 * The schedule's next cycles (charge date and amount, at most UPCOMING), by charge date: the
 * pending cycles it has planned (a deferred or re-priced one keeps its charge date) and, for an
 * interval schedule, the dates its rule gives from the earliest planned cycle on. None once it is
 * cancelled or completed.
 */
export function upcomingCycles(view: UpcomingView): { chargeDate: string; amountMinor: bigint }[] {
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
