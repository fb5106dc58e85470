import { ApiError, notFound } from '@vrp/errors';
import { fetchMandateTerms } from '../clients/mandate-terms.js';
import { resubmitPayment } from '../db/payment-retry.js';
import { readPayment } from '../db/payment-sql.js';
import type { PaymentRecord } from '../db/payments.js';
import {
  assertMandateActive,
  assertWithinWindow,
  limitIndexOf,
  periodicLimitExceeded,
  type MandateTerms,
} from '../domain/collection-rules.js';
import type { PaymentStatus } from '../domain/payment-status.js';
import { assertRetryable } from '../domain/retry-policy.js';
import type { Deps } from '../deps.js';
import { openOrPeriodConflict } from './create-payment.js';

/**
 * Re-attempts a failed payment: checks the retry policy and the mandate, then moves it back to
 * submitted with the next attempt number, conditionally on it still being failed at the retry
 * count read, so concurrent retries make exactly one attempt (the others see it submitted).
 * The database refuses it while another payment of the mandate is open, and when a period it
 * counts in has been filled since it failed (periodic_limit_exceeded).
 */
export async function retryPayment(deps: Deps, merchantId: string, id: string): Promise<PaymentRecord> {
  const payment = await readPayment(deps.sql, merchantId, id);
  if (!payment) throw notFound('payment', id);
  const now = deps.clocks.now(merchantId);
  assertRetryable({ ...payment, status: payment.status as PaymentStatus }, now);
  let terms: MandateTerms;
  try {
    terms = await fetchMandateTerms(deps.mandates, merchantId, payment.mandateId);
  } catch (err) {
    // The mandate was collected under once; if it is gone now it is certainly not active.
    if (err instanceof ApiError && err.code === 'mandate_not_found')
      throw new ApiError('mandate_not_active', 'The mandate is no longer active.');
    throw err;
  }
  assertMandateActive(terms);
  assertWithinWindow(terms, now);
  let record: PaymentRecord | undefined;
  try {
    record = await resubmitPayment(
      deps.sql,
      deps.subjectPrefix,
      { merchantId, id, retryCount: payment.retryCount, amountMinor: payment.amountMinor, at: now },
      // Counted again in the periods it was counted in before it failed, unless one is full now.
      (full) => periodicLimitExceeded(terms, limitIndexOf(terms, full)),
    );
  } catch (err) {
    throw openOrPeriodConflict(err) ?? err;
  }
  if (!record) throw new ApiError('payment_not_failed', 'The payment is no longer failed; another retry was made.');
  deps.afterCommit();
  deps.submitter.submitLater(record);
  return record;
}
