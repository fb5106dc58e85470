import type { PeriodAlignment, PeriodType } from './codes.js';

/**
 * The period arithmetic of a VRP consent's control parameters, as the profile defines it: which
 * period of a periodic limit a moment falls in, what that period's cap is (a Calendar-aligned
 * limit is pro-rated in its first period to the days remaining), and whether a moment lies inside
 * the consent's validity window. Pure: the bank enforces it and the platform shows the same numbers.
 *
 * Days are calendar days and the time of day is disregarded, as the profile says of
 * ValidFromDateTime and ValidToDateTime: a date-time written with an offset counts on the date it
 * names; a moment (`at`) counts on its UTC date. Calendar weeks are ISO weeks (Monday to Sunday),
 * half-years run January–June and July–December. Consent-aligned months (and half-years, years)
 * start on the anchor's day of the month, or on the month's last day when it has fewer days.
 */

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** A calendar day as a count of days since 1970-01-01. */
type Day = number;

const toDate = (day: Day): string => new Date(day * DAY_MS).toISOString().slice(0, 10);
const utcDay = (year: number, month: number, date: number): Day => Date.UTC(year, month, date) / DAY_MS;

/** The calendar day a moment or a written date-time falls on (see the module's note on offsets). */
export function calendarDay(value: Date | string): Day {
  if (typeof value === 'string') {
    const m = ISO_DATE.exec(value);
    if (!m) throw new RangeError(`not an ISO date-time: ${value}`);
    return utcDay(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  }
  return Math.floor(value.getTime() / DAY_MS);
}

/** One period of a periodic limit and what may be paid in it. */
export interface LimitPeriod {
  /** First day of the period, YYYY-MM-DD. */
  start: string;
  /** Last day of the period (inclusive), YYYY-MM-DD. */
  end: string;
  /** The period as instants: from `start` 00:00Z (inclusive) to the day after `end` 00:00Z (exclusive). */
  from: Date;
  to: Date;
  /** The most that may be paid in this period, in minor units (pro-rated in a Calendar limit's first period). */
  capMinor: bigint;
  /** Whether `capMinor` is a pro-rated share of the limit's amount. */
  proRated: boolean;
}

type Unit = { days: number } | { months: number };

const CONSENT_UNITS: Record<PeriodType, Unit> = {
  Day: { days: 1 },
  Week: { days: 7 },
  Fortnight: { days: 14 },
  Month: { months: 1 },
  'Half-year': { months: 6 },
  Year: { months: 12 },
};

/** `anchor` plus `months` months, on the anchor's day of the month or that month's last day. */
function addMonths(anchor: Day, months: number): Day {
  const a = new Date(anchor * DAY_MS);
  const year = a.getUTCFullYear();
  const month = a.getUTCMonth() + months;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return utcDay(year, month, Math.min(a.getUTCDate(), last));
}

/** The [first, last] days of the consent-aligned period containing `day` (day ≥ anchor). */
function consentPeriod(type: PeriodType, anchor: Day, day: Day): [Day, Day] {
  const unit = CONSENT_UNITS[type];
  if ('days' in unit) {
    const first = anchor + Math.floor((day - anchor) / unit.days) * unit.days;
    return [first, first + unit.days - 1];
  }
  const a = new Date(anchor * DAY_MS);
  const d = new Date(day * DAY_MS);
  let n = Math.floor(((d.getUTCFullYear() - a.getUTCFullYear()) * 12 + d.getUTCMonth() - a.getUTCMonth()) / unit.months);
  while (n > 0 && addMonths(anchor, n * unit.months) > day) n--;
  while (addMonths(anchor, (n + 1) * unit.months) <= day) n++;
  return [addMonths(anchor, n * unit.months), addMonths(anchor, (n + 1) * unit.months) - 1];
}

/** The [first, last] days of the calendar period containing `day`. */
function calendarPeriod(type: PeriodType, day: Day): [Day, Day] {
  const d = new Date(day * DAY_MS);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth();
  switch (type) {
    case 'Day':
      return [day, day];
    case 'Week': {
      const monday = day - ((d.getUTCDay() + 6) % 7);
      return [monday, monday + 6];
    }
    case 'Month':
      return [utcDay(year, month, 1), utcDay(year, month + 1, 0)];
    case 'Half-year':
      return month < 6 ? [utcDay(year, 0, 1), utcDay(year, 5, 30)] : [utcDay(year, 6, 1), utcDay(year, 11, 31)];
    case 'Year':
      return [utcDay(year, 0, 1), utcDay(year, 11, 31)];
    case 'Fortnight':
      throw new RangeError('a Fortnight limit must be Consent-aligned');
  }
}

/**
 * The period of a periodic limit (`PeriodType`, `PeriodAlignment`, its amount in minor units) that
 * `at` falls in, for a consent whose periods count from `anchor` (see periodAnchor); undefined when
 * `at` is before the anchor's day. A Calendar limit's first period starts on the anchor's day and
 * its cap is the amount times the days remaining in that calendar period (the anchor's day
 * included) over the period's days, rounded down to a whole minor unit.
 */
export function limitPeriod(
  limit: { PeriodType: PeriodType; PeriodAlignment: PeriodAlignment },
  amountMinor: bigint,
  anchor: Date | string,
  at: Date,
): LimitPeriod | undefined {
  const first = calendarDay(anchor);
  const day = calendarDay(at);
  if (day < first) return undefined;
  let range: [Day, Day];
  let capMinor = amountMinor;
  let proRated = false;
  if (limit.PeriodAlignment === 'Consent') {
    range = consentPeriod(limit.PeriodType, first, day);
  } else {
    const [start, end] = calendarPeriod(limit.PeriodType, day);
    range = [start, end];
    if (start < first) {
      range = [first, end];
      capMinor = (amountMinor * BigInt(end - first + 1)) / BigInt(end - start + 1);
      proRated = capMinor !== amountMinor;
    }
  }
  return {
    start: toDate(range[0]),
    end: toDate(range[1]),
    from: new Date(range[0] * DAY_MS),
    to: new Date((range[1] + 1) * DAY_MS),
    capMinor,
    proRated,
  };
}

/**
 * Where a consent's periods count from: its ValidFromDateTime when it has one, else the moment the
 * bank created it (CreationDateTime).
 */
export function periodAnchor(controls: { ValidFromDateTime?: string }, creationDateTime: Date | string): Date | string {
  return controls.ValidFromDateTime ?? creationDateTime;
}

/**
 * Which end of the validity window `at` lies outside, by calendar day: 'ValidFromDateTime' before
 * the day it names, 'ValidToDateTime' after the day it names, undefined inside (or with no window).
 */
export function validityBreach(
  controls: { ValidFromDateTime?: string; ValidToDateTime?: string },
  at: Date,
): 'ValidFromDateTime' | 'ValidToDateTime' | undefined {
  const day = calendarDay(at);
  if (controls.ValidFromDateTime !== undefined && day < calendarDay(controls.ValidFromDateTime)) return 'ValidFromDateTime';
  if (controls.ValidToDateTime !== undefined && day > calendarDay(controls.ValidToDateTime)) return 'ValidToDateTime';
  return undefined;
}
