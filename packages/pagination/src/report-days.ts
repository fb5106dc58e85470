import { ApiError } from '@vrp/errors';

/** The longest range a daily report covers, in days (a quarter, with room for 31-day months). */
export const MAX_REPORT_DAYS = 92;

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function dayOf(param: string, value: string): number {
  const ms = ISO_DATE.test(value) ? Date.parse(`${value}T00:00:00Z`) : NaN;
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value)
    throw new ApiError('invalid_date_range', `${param} must be a calendar date YYYY-MM-DD`, { param });
  return ms;
}

/**
 * The UTC calendar days of [from, to), oldest first. Refuses with invalid_date_range a date that
 * does not exist, an end not after the start, and more than MAX_REPORT_DAYS days.
 */
export function reportDays(from: string, to: string): string[] {
  const start = dayOf('from', from);
  const end = dayOf('to', to);
  if (end <= start) throw new ApiError('invalid_date_range', 'to must be after from', { param: 'to' });
  const count = (end - start) / DAY_MS;
  if (count > MAX_REPORT_DAYS) throw new ApiError('invalid_date_range', `a report covers at most ${MAX_REPORT_DAYS} days`, { param: 'to' });
  return Array.from({ length: count }, (_, i) => new Date(start + i * DAY_MS).toISOString().slice(0, 10));
}
