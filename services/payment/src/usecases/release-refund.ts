import { notFound } from '@vrp/errors';
import { transaction } from '@vrp/sql';
import { readPayment } from '../db/payment-sql.js';
import { dropHeldAmount, giveBackRefunded, type PaymentRecord } from '../db/payments.js';
import { findAllocation, insertReleaseTombstone, markReleased } from '../db/refund-allocations.js';
import { recordChangeOn } from '../db/events.js';
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
 * same refund id; if that one commits first, it is found again below and released normally.
 */
export async function releaseRefund(
  deps: Deps,
  input: { merchantId: string; paymentId: string; refundId: string },
): Promise<PaymentRecord> {
  const at = deps.clock.now(input.merchantId);
  let changed = false;
  const record = await transaction(deps.sql, async (tx) => {
    let allocation = await findAllocation(tx, input.refundId);
    if (!allocation) {
      if (!(await readPayment(tx, input.merchantId, input.paymentId))) throw notFound('refund allocation', input.refundId);
      await insertReleaseTombstone(tx, { ...input, at });
      allocation = await findAllocation(tx, input.refundId);
    }
    if (!allocation || allocation.merchantId !== input.merchantId || allocation.paymentId !== input.paymentId) {
      throw notFound('refund allocation', input.refundId);
    }
    // A ConfirmRefund that committed meanwhile is seen: the release then gives back a refund, not a hold.
    const released = await markReleased(tx, input.refundId, at);
    if (!released) {
      const payment = await readPayment(tx, input.merchantId, input.paymentId);
      if (!payment) throw notFound('payment', input.paymentId);
      return payment;
    }
    if (!released.confirmed) {
      // Only held: the refund never became public, so giving it back must leave no trace either.
      await dropHeldAmount(tx, input.merchantId, input.paymentId, allocation.amountMinor);
      const payment = await readPayment(tx, input.merchantId, input.paymentId);
      if (!payment) throw notFound('payment', input.paymentId);
      return payment;
    }
    // A confirmed refund the bank rejected. A payment with refunds is settled or refunded;
    // giving one back always leaves it settled.
    const { wasFullyRefunded: enteredSettled } = await giveBackRefunded(tx, input.merchantId, input.paymentId, allocation.amountMinor);
    changed = true;
    return recordChangeOn(tx, deps.subjectPrefix, {
      merchantId: input.merchantId,
      paymentId: input.paymentId,
      at,
      ...(enteredSettled ? { entered: 'settled' as const } : {}),
      // There is no dedicated event for a refund given back; payment.settled carries the payment
      // as it now is (its lower amount_refunded and its status, settled again), so consumers of
      // the stream do not keep the stale refunded state.
      event: 'payment.settled',
    });
  });
  if (changed) deps.afterCommit();
  return record;
}
