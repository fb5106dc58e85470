import { ApiError, notFound } from '@vrp/errors';
import { fetchMandateTerms } from '../clients/mandate-terms.js';
import { findPayment, type PaymentRecord } from '../db/payments-repo.js';
import { assertMandateActive } from '../domain/collection-rules.js';
import type { PaymentStatus } from '../domain/payment-status.js';
import { assertRetryable } from '../domain/retry-policy.js';
import { recordChange } from '../events/record-change.js';
import type { PaymentContext } from './context.js';
import { openOrPeriodConflict } from './create-payment.js';

/**
 * Re-attempts a failed payment: checks the retry policy and the mandate, then moves it back to
 * submitted with the next attempt number, conditionally on it still being failed at the retry
 * count read, so concurrent retries make exactly one attempt (the others see it submitted).
 * The database refuses it while another payment of the mandate is open.
 */
export async function retryPayment(ctx: PaymentContext, merchantId: string, id: string): Promise<PaymentRecord> {
  const payment = await findPayment(ctx.db, merchantId, id);
  if (!payment) throw notFound('payment', id);
  const now = ctx.clock.now();
  assertRetryable({ ...payment, status: payment.status as PaymentStatus }, now);
  try {
    assertMandateActive(await fetchMandateTerms(ctx.mandates, merchantId, payment.mandateId));
  } catch (err) {
    // The mandate was collected under once; if it is gone now it is certainly not active.
    if (err instanceof ApiError && err.code === 'mandate_not_found') throw new ApiError('mandate_not_active', 'The mandate is no longer active.');
    throw err;
  }
  let record: PaymentRecord | undefined;
  try {
    record = await ctx.db.$transaction(async (tx) => {
      const { count } = await tx.payment.updateMany({
        where: { id, merchantId, status: 'failed', retryCount: payment.retryCount },
        data: {
          status: 'submitted',
          clearingStatus: 'pending',
          failureCode: null,
          retryCount: payment.retryCount + 1,
          submittedAt: now,
          bankAckedAt: null,
        },
      });
      if (count === 0) return undefined;
      return recordChange(tx, ctx.subjectPrefix, { merchantId, paymentId: id, at: now, entered: 'submitted', event: 'payment.submitted' });
    });
  } catch (err) {
    throw openOrPeriodConflict(err) ?? err;
  }
  if (!record) throw new ApiError('payment_not_failed', 'The payment is no longer failed; another retry was made.');
  ctx.eventsWritten();
  ctx.submitter.submitLater(record);
  return record;
}
