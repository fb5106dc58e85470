import { dayStart, dateOf } from './charge-dates.js';

/**
 * The start of the mandate frequency's next period after `now` (UTC calendar day, ISO week from
 * Monday, calendar month): the earliest a cycle the frequency limit refused may be collected.
 * Null for adhoc mandates (no period).
 */
export function nextFrequencyPeriod(frequency: string, now: Date): Date | null {
  const today = dayStart(dateOf(now));
  switch (frequency) {
    case 'daily':
      return new Date(today.getTime() + 86_400_000);
    case 'weekly': {
      const sinceMonday = (today.getUTCDay() + 6) % 7;
      return new Date(today.getTime() + (7 - sinceMonday) * 86_400_000);
    }
    case 'monthly':
      return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    default:
      return null;
  }
}

/** The index a periodic_limit_exceeded refusal names (`controls.periodic_limits[i]`), if any. */
export function refusedLimitIndex(details: { param: string }[] | undefined): number | null {
  for (const d of details ?? []) {
    const m = /^controls\.periodic_limits\[(\d+)\]$/.exec(d.param);
    if (m) return Number(m[1]);
  }
  return null;
}
