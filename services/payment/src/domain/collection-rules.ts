import { ApiError } from '@vrp/errors';
import { formatAmount } from '@vrp/money';
import type { Frequency } from './period.js';
import { effectiveAmountCap, periodBounds, usageKey, type PeriodicLimit } from './periodic-limits.js';

/** What the payment service needs to know about a mandate to collect under it. */
export interface MandateTerms {
  status: 'pending_sca' | 'active' | 'revoked' | 'suspended' | 'expired' | 'unknown';
  currency: string;
  maximumAmountMinor: bigint;
  frequency: Frequency;
  createdAt: Date;
  /** The consent's validity window (docs/api.md, "Mandate controls"). */
  validFrom?: Date | undefined;
  validTo?: Date | undefined;
  periodicLimits: PeriodicLimit[];
  /** Calendar-aligned amount caps are pro-rated in their first period, as OB banks do (false: an older mandate). */
  proRateFirstPeriod?: boolean | undefined;
}

/** One periodic limit's claim on a payment: the period it falls in and the limit's caps. */
export interface UsageClaim {
  /** The limit's place in controls.periodic_limits. */
  index: number;
  key: string;
  maxAmountMinor: bigint | null;
  maxPayments: number | null;
}

/** Throws mandate_not_yet_valid / mandate_expired when `at` is outside the consent's window. */
export function assertWithinWindow(mandate: Pick<MandateTerms, 'validFrom' | 'validTo'>, at: Date): void {
  if (mandate.validFrom && at < mandate.validFrom) {
    throw new ApiError('mandate_not_yet_valid', `The mandate is valid from ${mandate.validFrom.toISOString()}.`, { param: 'mandate_id' });
  }
  if (mandate.validTo && at >= mandate.validTo) {
    throw new ApiError('mandate_expired', `The mandate expired at ${mandate.validTo.toISOString()}.`, { param: 'mandate_id' });
  }
}

/** Where consent-aligned periods are counted from: valid_from, else the mandate's creation. */
export function consentAnchor(mandate: Pick<MandateTerms, 'validFrom' | 'createdAt'>): Date {
  return mandate.validFrom ?? mandate.createdAt;
}

/** The periods a payment made at `at` counts in, one per periodic limit, each with the caps that apply in it. */
export function usageClaims(
  mandate: Pick<MandateTerms, 'validFrom' | 'createdAt' | 'periodicLimits' | 'proRateFirstPeriod'>,
  at: Date,
): UsageClaim[] {
  const anchor = consentAnchor(mandate);
  return mandate.periodicLimits.map((limit, index) => ({
    index,
    key: usageKey(limit, periodBounds(limit.period, limit.alignment, anchor, at)),
    maxAmountMinor: effectiveAmountCap(limit, anchor, at, mandate.proRateFirstPeriod === true) ?? null,
    maxPayments: limit.maxPayments ?? null,
  }));
}

/** The place in controls.periodic_limits of the limit a usage key belongs to. */
export function limitIndexOf(mandate: Pick<MandateTerms, 'periodicLimits'>, key: string): number {
  const [period, alignment] = key.split(':');
  return Math.max(
    0,
    mandate.periodicLimits.findIndex((l) => l.period === period && l.alignment === alignment),
  );
}

/**
 * The error for a payment that would take limit `index` over a cap; `amountCapMinor` is the amount
 * cap of the period it fell in (pro-rated in a calendar limit's first period), else the limit's own.
 */
export function periodicLimitExceeded(
  mandate: Pick<MandateTerms, 'periodicLimits' | 'currency'>,
  index: number,
  amountCapMinor?: bigint | null,
): ApiError {
  const limit = mandate.periodicLimits[index]!;
  const amountCap = amountCapMinor ?? limit.maxAmountMinor;
  const caps = [
    amountCap !== undefined ? `${formatAmount(amountCap, mandate.currency)} ${mandate.currency}` : '',
    limit.maxPayments !== undefined ? `${limit.maxPayments} payment(s)` : '',
  ].filter(Boolean);
  return new ApiError('periodic_limit_exceeded', `The payment would exceed the mandate's ${limit.alignment} ${limit.period} limit.`, {
    details: [
      { param: `controls.periodic_limits[${index}]`, message: `at most ${caps.join(' and ')} per ${limit.alignment} ${limit.period}` },
    ],
  });
}

/**
 * Throws the reason a collection of `amountMinor` in `currency` may not be made under the
 * mandate. The frequency and open-payment rules are the database's (they need every other
 * payment of the mandate, and must hold under concurrency).
 */
export function assertCollectable(mandate: MandateTerms, amountMinor: bigint, currency: string): void {
  assertMandateActive(mandate);
  if (currency !== mandate.currency) {
    throw new ApiError('currency_mismatch', `The mandate collects in ${mandate.currency}, not ${currency}.`, { param: 'currency' });
  }
  if (amountMinor > mandate.maximumAmountMinor) {
    throw new ApiError('amount_exceeds_mandate_limit', "The amount exceeds the mandate's maximum_amount.", { param: 'amount' });
  }
}

/** Throws mandate_not_active unless the mandate is active (payments and retries need it). */
export function assertMandateActive(mandate: Pick<MandateTerms, 'status'>): void {
  if (mandate.status !== 'active') {
    throw new ApiError('mandate_not_active', `The mandate is ${mandate.status}; payments need an active mandate.`, { param: 'mandate_id' });
  }
}
