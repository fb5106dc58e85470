import { limitPeriod, type PeriodType } from '@vrp/open-banking';
import { isoWeek } from './period.js';

/** A periodic limit's period length and where its periods start (docs/api.md, "Mandate controls"). */
export type LimitPeriod = 'day' | 'week' | 'fortnight' | 'month' | 'half_year' | 'year';
export type Alignment = 'calendar' | 'consent';

export interface PeriodicLimit {
  period: LimitPeriod;
  alignment: Alignment;
  maxAmountMinor?: bigint | undefined;
  maxPayments?: number | undefined;
}

/** A period: [start, end). */
export interface PeriodBounds {
  start: Date;
  end: Date;
}

const DAY_MS = 86_400_000;
const FIXED_DAYS: Partial<Record<LimitPeriod, number>> = { day: 1, week: 7, fortnight: 14 };
const MONTHS: Partial<Record<LimitPeriod, number>> = { month: 1, half_year: 6, year: 12 };

const utcMidnight = (d: Date) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/**
 * `anchor` moved by `months` calendar months, its day of month clamped to the target month's
 * length (31 January + 1 month = 28 or 29 February) and its time of day kept.
 */
export function addMonths(anchor: Date, months: number): Date {
  const total = anchor.getUTCFullYear() * 12 + anchor.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const day = Math.min(anchor.getUTCDate(), daysInMonth(year, month));
  return new Date(Date.UTC(year, month, day) + (anchor.getTime() - utcMidnight(anchor)));
}

/** Monday 00:00 UTC of ISO week 1 of ISO year `year`. */
function isoYearStart(year: number): number {
  const jan4 = Date.UTC(year, 0, 4);
  const weekday = new Date(jan4).getUTCDay() || 7;
  return jan4 - (weekday - 1) * DAY_MS;
}

function calendarBounds(period: LimitPeriod, at: Date): PeriodBounds {
  const y = at.getUTCFullYear();
  const m = at.getUTCMonth();
  const span = (start: number, end: number): PeriodBounds => ({ start: new Date(start), end: new Date(end) });
  switch (period) {
    case 'day': {
      const start = utcMidnight(at);
      return span(start, start + DAY_MS);
    }
    case 'week': {
      const start = utcMidnight(at) - ((at.getUTCDay() || 7) - 1) * DAY_MS;
      return span(start, start + 7 * DAY_MS);
    }
    case 'fortnight': {
      // Pairs of ISO weeks from week 1 of the ISO year; a year's week 53 is a fortnight of its own.
      const { year, week } = isoWeek(at);
      const yearStart = isoYearStart(year);
      const nextYearStart = isoYearStart(year + 1);
      const start = yearStart + Math.floor((week - 1) / 2) * 14 * DAY_MS;
      return span(start, Math.min(start + 14 * DAY_MS, nextYearStart));
    }
    case 'month':
      return span(Date.UTC(y, m, 1), Date.UTC(y, m + 1, 1));
    case 'half_year': {
      const first = m < 6 ? 0 : 6;
      return span(Date.UTC(y, first, 1), Date.UTC(y, first + 6, 1));
    }
    case 'year':
      return span(Date.UTC(y, 0, 1), Date.UTC(y + 1, 0, 1));
  }
}

function consentBounds(period: LimitPeriod, anchor: Date, at: Date): PeriodBounds {
  const days = FIXED_DAYS[period];
  if (days !== undefined) {
    const length = days * DAY_MS;
    const n = Math.floor((at.getTime() - anchor.getTime()) / length);
    const start = anchor.getTime() + n * length;
    return { start: new Date(start), end: new Date(start + length) };
  }
  const step = MONTHS[period]!;
  // Estimate the period number from the month difference, then step to the one containing `at`.
  let n = Math.floor(((at.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + at.getUTCMonth() - anchor.getUTCMonth()) / step);
  while (addMonths(anchor, n * step) > at) n--;
  while (addMonths(anchor, (n + 1) * step) <= at) n++;
  return { start: addMonths(anchor, n * step), end: addMonths(anchor, (n + 1) * step) };
}

/**
 * The period of a `period`/`alignment` limit that contains `at`. Calendar periods start on UTC
 * boundaries (ISO weeks, fortnights of ISO weeks, months, January/July, years); consent periods
 * are counted from `anchor` (the consent's valid_from, else the mandate's creation), months with
 * the anchor's day clamped to shorter months.
 */
export function periodBounds(period: LimitPeriod, alignment: Alignment, anchor: Date, at: Date): PeriodBounds {
  return alignment === 'calendar' ? calendarBounds(period, at) : consentBounds(period, anchor, at);
}

/** The key a payment's usage is booked under for a limit: period, alignment and the period's start. */
export function usageKey(limit: Pick<PeriodicLimit, 'period' | 'alignment'>, bounds: PeriodBounds): string {
  return `${limit.period}:${limit.alignment}:${bounds.start.toISOString()}`;
}

const OB_PERIOD_TYPES: Record<LimitPeriod, PeriodType> = {
  day: 'Day',
  week: 'Week',
  fortnight: 'Fortnight',
  month: 'Month',
  half_year: 'Half-year',
  year: 'Year',
};

/**
 * The amount cap of `limit` that applies at `at` (undefined without one). With `proRate`, a
 * calendar-aligned cap is pro-rated in its first period (the calendar period holding `anchor`'s
 * day) to the days remaining, anchor's day included, rounded down to a minor unit: Open Banking's
 * rule, computed by the same function the model bank enforces it with, so the two agree on every
 * payment. Without it (mandates from before) the cap is whole in every period.
 */
export function effectiveAmountCap(
  limit: Pick<PeriodicLimit, 'period' | 'alignment' | 'maxAmountMinor'>,
  anchor: Date,
  at: Date,
  proRate: boolean,
): bigint | undefined {
  if (limit.maxAmountMinor === undefined || !proRate || limit.alignment !== 'calendar' || limit.period === 'fortnight') {
    return limit.maxAmountMinor;
  }
  const period = limitPeriod({ PeriodType: OB_PERIOD_TYPES[limit.period], PeriodAlignment: 'Calendar' }, limit.maxAmountMinor, anchor, at);
  return period?.capMinor ?? limit.maxAmountMinor;
}

/**
 * The period of `limit` holding `at` as a mandate's usage shows it: the calendar period, except
 * that in a pro-rated first period (the same rule as effectiveAmountCap) it starts when the
 * consent's window began (`anchor`), so the period shown and its pro-rated cap agree. Payments are
 * still booked under the calendar period (usageKey).
 */
export function effectivePeriodBounds(
  limit: Pick<PeriodicLimit, 'period' | 'alignment' | 'maxAmountMinor'>,
  anchor: Date,
  at: Date,
  proRate: boolean,
): PeriodBounds {
  const bounds = periodBounds(limit.period, limit.alignment, anchor, at);
  const proRated = proRate && limit.alignment === 'calendar' && limit.period !== 'fortnight';
  return proRated && anchor > bounds.start && anchor < bounds.end ? { start: anchor, end: bounds.end } : bounds;
}
