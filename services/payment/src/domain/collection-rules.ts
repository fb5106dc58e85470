import { ApiError } from '@vrp/errors';
import type { Frequency } from './period.js';

/** What the payment service needs to know about a mandate to collect under it. */
export interface MandateTerms {
  status: 'pending_sca' | 'active' | 'revoked' | 'suspended' | 'unknown';
  currency: string;
  maximumAmountMinor: bigint;
  frequency: Frequency;
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
