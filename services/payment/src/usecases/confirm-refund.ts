import { ApiError, notFound } from '@vrp/errors';
import { findPayment, type PaymentRecord } from '../db/payments-repo.js';
import { recordChange } from '../events/record-change.js';
import type { PaymentContext } from './context.js';

/**
 * The second phase of a refund booking: the refund service committed the refund, so its held
 * amount becomes part of amount_refunded (the payment becomes `refunded` when nothing is left)
 * and payment.refunded is written in the same transaction. Idempotent per refund id: a repeat
 * returns the payment and writes nothing. A released allocation cannot be confirmed.
 */
export async function confirmRefund(
  ctx: PaymentContext,
  input: { merchantId: string; paymentId: string; refundId: string },
): Promise<PaymentRecord> {
  const at = ctx.clock.now();
  let changed = false;
  const record = await ctx.db.$transaction(async (tx) => {
    const allocation = await tx.refundAllocation.findUnique({ where: { refundId: input.refundId } });
    if (!allocation || allocation.merchantId !== input.merchantId || allocation.paymentId !== input.paymentId) {
      throw notFound('refund allocation', input.refundId);
    }
    const confirmed = await tx.refundAllocation.updateMany({
      where: { refundId: input.refundId, releasedAt: null, confirmedAt: null },
      data: { confirmedAt: at },
    });
    if (confirmed.count === 0) {
      const current = await tx.refundAllocation.findUnique({ where: { refundId: input.refundId } });
      if (current?.releasedAt || !current?.confirmedAt) throw new ApiError('invalid_state_transition', `Refund ${input.refundId} was released and cannot be confirmed.`);
      const payment = await findPayment(tx, input.merchantId, input.paymentId);
      if (!payment) throw notFound('payment', input.paymentId);
      return payment;
    }
    const rows = await tx.$queryRaw<{ status: string }[]>`
      UPDATE "payment"."payments"
         SET amount_held_minor = amount_held_minor - ${allocation.amountMinor},
             amount_refunded_minor = amount_refunded_minor + ${allocation.amountMinor},
             status = CASE WHEN amount_refunded_minor + ${allocation.amountMinor} = amount_minor THEN 'refunded' ELSE status END
       WHERE id = ${input.paymentId} AND merchant_id = ${input.merchantId}
      RETURNING status`;
    changed = true;
    return recordChange(tx, ctx.subjectPrefix, {
      merchantId: input.merchantId,
      paymentId: input.paymentId,
      at,
      ...(rows[0]?.status === 'refunded' ? { entered: 'refunded' as const } : {}),
      event: 'payment.refunded',
    });
  });
  if (changed) ctx.eventsWritten();
  return record;
}
