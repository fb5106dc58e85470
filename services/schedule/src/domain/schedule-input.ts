import { ApiError, validationError } from '@vrp/errors';
import { parseAmount } from '@vrp/money';
import { chargeDateOf, type IntervalRule } from './charge-dates.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The most instalments one schedule takes. */
export const MAX_INSTALMENTS = 120;

/** A merchant's decimal amount in the mandate's currency, refused with validation_error naming `param`. */
export function amountIn(param: string, amount: string, currency: string): bigint {
  const parsed = parseAmount(amount, currency);
  if (!parsed.ok) throw validationError(param, parsed.message);
  return parsed.minor;
}

/** A calendar date YYYY-MM-DD that exists, refused with validation_error naming `param`. */
export function calendarDate(param: string, value: string): string {
  if (!DATE.test(value) || new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value) {
    throw validationError(param, 'must be a date YYYY-MM-DD');
  }
  return value;
}

/** The caps a cycle's amount must respect: the mandate's maximum and its periodic limits' amounts. */
export interface AmountCaps {
  maximumMinor: bigint;
  periodicMaxMinor: (bigint | undefined)[];
}

/** Refuses an amount over the mandate's maximum or over a periodic limit's cap (nothing could ever collect it). */
export function assertWithinCaps(param: string, amountMinor: bigint, caps: AmountCaps): void {
  if (amountMinor > caps.maximumMinor) {
    throw new ApiError('amount_exceeds_mandate_limit', "The amount exceeds the mandate's maximum amount.", {
      param,
      details: [{ param, message: "exceeds the mandate's maximum amount" }],
    });
  }
  caps.periodicMaxMinor.forEach((cap, i) => {
    if (cap !== undefined && amountMinor > cap) {
      throw new ApiError('amount_exceeds_mandate_limit', `The amount exceeds the mandate's periodic limit ${i}.`, {
        param,
        details: [{ param, message: `exceeds controls.periodic_limits[${i}].max_amount` }],
      });
    }
  });
}

export interface IntervalInput {
  unit: IntervalRule['unit'] | null;
  interval: number;
  dayOfMonth: number;
  startDate: string;
  endDate: string;
  count: number;
}

/** Validates an interval schedule's fields into its rule; `today` is the merchant's date. */
export function intervalRule(input: IntervalInput, today: string): IntervalRule {
  if (!input.unit) throw validationError('interval_unit', 'is required (day, week, month or year) unless instalments are given');
  if (!Number.isInteger(input.interval) || input.interval < 0) throw validationError('interval', 'must be an integer of at least 1');
  const interval = input.interval || 1;
  let dayOfMonth: number | null = null;
  if (input.dayOfMonth !== 0) {
    if (input.unit !== 'month' && input.unit !== 'year') throw validationError('day_of_month', 'applies to month and year intervals only');
    if (!(input.dayOfMonth === -1 || (input.dayOfMonth >= 1 && input.dayOfMonth <= 28))) {
      throw validationError('day_of_month', 'must be 1 to 28, or -1 for the last day of the month');
    }
    dayOfMonth = input.dayOfMonth;
  }
  const startDate = input.startDate ? calendarDate('start_date', input.startDate) : today;
  if (startDate < today) throw validationError('start_date', 'must not be in the past');
  const endDate = input.endDate ? calendarDate('end_date', input.endDate) : null;
  if (endDate && input.count) throw validationError('count', 'give end_date or count, not both');
  if (input.count < 0) throw validationError('count', 'must be at least 1');
  const rule: IntervalRule = { unit: input.unit, interval, dayOfMonth, startDate, endDate, count: input.count || null };
  if (chargeDateOf(rule, 0) === null) throw validationError('end_date', 'leaves no charge date');
  return rule;
}

/** Validates instalments: each an existing date not in the past, all distinct, at most MAX_INSTALMENTS; sorted by date. */
export function instalmentPlan(
  instalments: { chargeDate: string; amount: string }[],
  currency: string,
  caps: AmountCaps,
  today: string,
): { chargeDate: string; seq: number; amountMinor: bigint }[] {
  if (instalments.length > MAX_INSTALMENTS) throw validationError('instalments', `at most ${MAX_INSTALMENTS}`);
  const seen = new Set<string>();
  const plan = instalments.map((item, i) => {
    const date = calendarDate(`instalments[${i}].charge_date`, item.chargeDate);
    if (date < today) throw validationError(`instalments[${i}].charge_date`, 'must not be in the past');
    if (seen.has(date)) throw validationError(`instalments[${i}].charge_date`, 'repeats an earlier instalment');
    seen.add(date);
    const amountMinor = amountIn(`instalments[${i}].amount`, item.amount, currency);
    assertWithinCaps(`instalments[${i}].amount`, amountMinor, caps);
    return { chargeDate: date, amountMinor };
  });
  return plan.sort((a, b) => (a.chargeDate < b.chargeDate ? -1 : 1)).map((p, seq) => ({ ...p, seq }));
}
