import { notFound } from '@vrp/errors';
import type { PaymentRecord } from '../db/payments.js';
import { releaseRefundBooking } from '../db/refund-bookings.js';
import type { Deps } from '../deps.js';

/**
 * Gives back a refund's allocation (the refund was rejected or never created). Idempotent: the
 * allocation is marked released conditionally, so only the first release returns the amount.
 * A hold that was never confirmed is simply dropped (no event: nothing public had changed); a
 * confirmed refund leaves amount_refunded, a fully refunded payment becomes settled again and
 * payment.settled is written.
 *
 * A release may arrive before its allocation (an AllocateRefund still in flight, uncommitted).
 * Then it leaves a tombstone, a released allocation of amount 0, so the late allocation is
 * refused instead of booking for good. The insert waits for an uncommitted allocation of the
 * same refund id; if that one commits first, it is found again and released normally.
 */
export async function releaseRefund(
  deps: Deps,
  input: { merchantId: string; paymentId: string; refundId: string },
): Promise<PaymentRecord> {
  const at = deps.clocks.now(input.merchantId);
  const { payment, changed } = await releaseRefundBooking(
    deps.sql,
    deps.subjectPrefix,
    { ...input, at },
    // A confirmed refund the bank rejected. A payment with refunds is settled or refunded; giving
    // one back always leaves it settled. There is no dedicated event for a refund given back;
    // payment.settled carries the payment as it now is (its lower amount_refunded and its status,
    // settled again), so consumers of the stream do not keep the stale refunded state.
    (wasFullyRefunded) => ({ ...(wasFullyRefunded ? { entered: 'settled' as const } : {}), event: 'payment.settled' }),
    (why) => (why === 'no_payment' ? notFound('payment', input.paymentId) : notFound('refund allocation', input.refundId)),
  );
  if (changed) deps.afterCommit();
  return payment;
}
