/** What an interval schedule's charge dates follow (dates are YYYY-MM-DD, UTC calendar days). */
export interface IntervalRule {
  unit: 'day' | 'week' | 'month' | 'year';
  interval: number;
  /** For month and year: 1-28, or -1 for the month's last day; null: the start date's day (clamped to the month). */
  dayOfMonth: number | null;
  startDate: string;
  endDate: string | null;
  count: number | null;
}

const DAY_MS = 86_400_000;

export const dateOf = (d: Date): string => d.toISOString().slice(0, 10);
export const dayStart = (date: string): Date => new Date(`${date}T00:00:00.000Z`);
const daysInMonth = (year: number, month0: number) => new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();

/** The date in the month numbered `monthIndex` (year * 12 + month0) on `day` (-1 = last; clamped to the month). */
function inMonth(monthIndex: number, day: number): string {
  const year = Math.floor(monthIndex / 12);
  const month0 = monthIndex % 12;
  const last = daysInMonth(year, month0);
  return dateOf(new Date(Date.UTC(year, month0, day === -1 ? last : Math.min(day, last))));
}

/**
 * The charge date of cycle `seq` (0 = the first), or null when the rule has ended by then (past
 * `count` cycles or after `endDate`). A day or week interval counts from the start date; a month
 * or year interval falls on `dayOfMonth` of every interval-th month, the first on or after the start.
 */
export function chargeDateOf(rule: IntervalRule, seq: number): string | null {
  if (seq < 0 || (rule.count !== null && seq >= rule.count)) return null;
  let date: string;
  if (rule.unit === 'day' || rule.unit === 'week') {
    const step = rule.unit === 'day' ? rule.interval : rule.interval * 7;
    date = dateOf(new Date(dayStart(rule.startDate).getTime() + seq * step * DAY_MS));
  } else {
    const start = dayStart(rule.startDate);
    const day = rule.dayOfMonth ?? start.getUTCDate();
    let base = start.getUTCFullYear() * 12 + start.getUTCMonth();
    if (inMonth(base, day) < rule.startDate) base += 1;
    date = inMonth(base + seq * rule.interval * (rule.unit === 'year' ? 12 : 1), day);
  }
  return rule.endDate !== null && date > rule.endDate ? null : date;
}

/** Whether `date` is one of the rule's charge dates (a cycle whose amount may be set ahead). */
export function seqOfChargeDate(rule: IntervalRule, date: string, searchLimit = 10_000): number | null {
  for (let seq = 0; seq < searchLimit; seq++) {
    const d = chargeDateOf(rule, seq);
    if (d === null || d > date) return null;
    if (d === date) return seq;
  }
  return null;
}
