import { notFound } from '@vrp/errors';
import { findPayment, type PaymentRecord } from '../db/payments-repo.js';
import { recordChange } from '../events/record-change.js';
import type { PaymentContext } from './context.js';

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
  ctx: PaymentContext,
  input: { merchantId: string; paymentId: string; refundId: string },
): Promise<PaymentRecord> {
  const at = ctx.clock.now();
  let changed = false;
  const record = await ctx.db.$transaction(async (tx) => {
    let allocation = await tx.refundAllocation.findUnique({ where: { refundId: input.refundId } });
    if (!allocation) {
      if (!(await findPayment(tx, input.merchantId, input.paymentId))) throw notFound('refund allocation', input.refundId);
      await tx.$executeRaw`
        INSERT INTO "payment"."refund_allocations" (refund_id, merchant_id, payment_id, amount_minor, created_at, released_at)
        VALUES (${input.refundId}, ${input.merchantId}, ${input.paymentId}, 0, ${at}, ${at})
        ON CONFLICT (refund_id) DO NOTHING`;
      allocation = await tx.refundAllocation.findUnique({ where: { refundId: input.refundId } });
    }
    if (!allocation || allocation.merchantId !== input.merchantId || allocation.paymentId !== input.paymentId) {
      throw notFound('refund allocation', input.refundId);
    }
    // RETURNING reads the row as this UPDATE locked it, so a ConfirmRefund that committed
    // meanwhile is seen: the release then gives back a refund, not a hold.
    const released = await tx.$queryRaw<{ confirmed: boolean }[]>`
      UPDATE "payment"."refund_allocations" SET released_at = ${at}
       WHERE refund_id = ${input.refundId} AND released_at IS NULL
      RETURNING confirmed_at IS NOT NULL AS confirmed`;
    if (released.length === 0) {
      const payment = await findPayment(tx, input.merchantId, input.paymentId);
      if (!payment) throw notFound('payment', input.paymentId);
      return payment;
    }
    if (!released[0]!.confirmed) {
      // Only held: the refund never became public, so giving it back must leave no trace either.
      await tx.$executeRaw`
        UPDATE "payment"."payments" SET amount_held_minor = amount_held_minor - ${allocation.amountMinor}
         WHERE id = ${input.paymentId} AND merchant_id = ${input.merchantId}`;
      const payment = await findPayment(tx, input.merchantId, input.paymentId);
      if (!payment) throw notFound('payment', input.paymentId);
      return payment;
    }
    // A confirmed refund the bank rejected. A payment with refunds is settled or refunded;
    // giving one back always leaves it settled.
    const rows = await tx.$queryRaw<{ was_full: boolean }[]>`
      UPDATE "payment"."payments"
         SET amount_refunded_minor = amount_refunded_minor - ${allocation.amountMinor}, status = 'settled'
       WHERE id = ${input.paymentId} AND merchant_id = ${input.merchantId}
      RETURNING amount_refunded_minor + ${allocation.amountMinor} = amount_minor AS was_full`;
    const enteredSettled = rows[0]?.was_full === true;
    changed = true;
    return recordChange(tx, ctx.subjectPrefix, {
      merchantId: input.merchantId,
      paymentId: input.paymentId,
      at,
      ...(enteredSettled ? { entered: 'settled' as const } : {}),
      // SPEC has no dedicated event for a refund given back; payment.settled carries the payment
      // as it now is (its lower amount_refunded and its status, settled again), so consumers of
      // the stream do not keep the stale refunded state.
      event: 'payment.settled',
    });
  });
  if (changed) ctx.eventsWritten();
  return record;
}
