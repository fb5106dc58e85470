import { validationError } from '@vrp/errors';
import { MAX_MINOR } from '@vrp/money';

/** Periodic limit periods and alignments (docs/api.md, "Mandate controls"). */
export const PERIODS = ['day', 'week', 'fortnight', 'month', 'half_year', 'year'] as const;
export const ALIGNMENTS = ['calendar', 'consent'] as const;
export type LimitPeriod = (typeof PERIODS)[number];
export type Alignment = (typeof ALIGNMENTS)[number];

export const MAX_PERIODIC_LIMITS = 6;
/** The longest validity window a consent may ask for. */
const MAX_WINDOW_YEARS = 100;

export interface PeriodicLimitInput {
  period: LimitPeriod | undefined;
  alignment: Alignment | undefined;
  maxAmountMinor?: bigint | undefined;
  maxPayments?: number | undefined;
}

export interface ControlsInput {
  validFrom?: Date | undefined;
  validTo?: Date | undefined;
  periodicLimits: PeriodicLimitInput[];
}

/** Checked controls, as stored (JSON: amounts as decimal strings of minor units, times as ISO 8601). */
export interface StoredControls {
  valid_from?: string;
  valid_to?: string;
  periodic_limits: { period: LimitPeriod; alignment: Alignment; max_amount_minor?: string; max_payments?: number }[];
  /** Calendar-aligned amount caps are pro-rated in their first period (Open Banking's rule); absent on older mandates. */
  pro_rate_first_period?: true;
}

/**
 * Checks a consent's controls: a window whose end is after its start and after `now`, at most
 * six periodic limits, one per period and alignment (a fortnight consent-aligned, as Open Banking
 * has it), each with an amount cap (> 0) or a count cap (≥ 1). Returns null when nothing was asked
 * for. validation_error names the field. The controls stored say that calendar-aligned amount caps
 * are pro-rated in their first period (mandates from before kept their unpro-rated caps).
 */
export function checkMandateControls(input: ControlsInput | undefined, now: Date): StoredControls | null {
  if (!input || (!input.validFrom && !input.validTo && input.periodicLimits.length === 0)) return null;
  const { validFrom, validTo, periodicLimits } = input;
  if (validFrom && validTo && validTo <= validFrom) throw validationError('controls.valid_to', 'must be after controls.valid_from');
  if (validTo && validTo <= now) throw validationError('controls.valid_to', 'must be in the future');
  const horizon = new Date(now.getTime() + MAX_WINDOW_YEARS * 366 * 86_400_000);
  if (validTo && validTo > horizon) throw validationError('controls.valid_to', `must be within ${MAX_WINDOW_YEARS} years`);
  if (validFrom && validFrom > horizon) throw validationError('controls.valid_from', `must be within ${MAX_WINDOW_YEARS} years`);
  if (periodicLimits.length > MAX_PERIODIC_LIMITS) {
    throw validationError('controls.periodic_limits', `must have at most ${MAX_PERIODIC_LIMITS} limits`);
  }
  const seen = new Set<string>();
  const limits = periodicLimits.map((limit, i) => {
    const param = `controls.periodic_limits[${i}]`;
    if (!limit.period) throw validationError(`${param}.period`, `must be one of ${PERIODS.join(', ')}`);
    if (!limit.alignment) throw validationError(`${param}.alignment`, `must be one of ${ALIGNMENTS.join(', ')}`);
    if (limit.period === 'fortnight' && limit.alignment === 'calendar') {
      throw validationError(`${param}.alignment`, 'must be consent for a fortnight (Open Banking counts fortnights from the consent)');
    }
    const key = `${limit.period}/${limit.alignment}`;
    if (seen.has(key)) throw validationError(param, `repeats the ${limit.alignment} ${limit.period} limit: one per period and alignment`);
    seen.add(key);
    if (limit.maxAmountMinor === undefined && limit.maxPayments === undefined) {
      throw validationError(param, 'needs max_amount, max_payments or both');
    }
    if (limit.maxAmountMinor !== undefined && (limit.maxAmountMinor <= 0n || limit.maxAmountMinor > MAX_MINOR)) {
      throw validationError(`${param}.max_amount`, 'must be greater than zero and at most the largest amount');
    }
    if (
      limit.maxPayments !== undefined &&
      (!Number.isInteger(limit.maxPayments) || limit.maxPayments < 1 || limit.maxPayments > 1_000_000)
    ) {
      throw validationError(`${param}.max_payments`, 'must be an integer from 1 to 1000000');
    }
    return {
      period: limit.period,
      alignment: limit.alignment,
      ...(limit.maxAmountMinor !== undefined ? { max_amount_minor: limit.maxAmountMinor.toString() } : {}),
      ...(limit.maxPayments !== undefined ? { max_payments: limit.maxPayments } : {}),
    };
  });
  return {
    ...(validFrom ? { valid_from: validFrom.toISOString() } : {}),
    ...(validTo ? { valid_to: validTo.toISOString() } : {}),
    periodic_limits: limits,
    pro_rate_first_period: true,
  };
}
