import { notFound } from '@vrp/errors';
import { findPayment, type PaymentRecord } from '../db/payments-repo.js';
import { recordChange } from '../events/record-change.js';
import type { PaymentContext } from './context.js';

/**
 * Gives back a refund's allocation (the refund was rejected or never created). Idempotent: the
 * allocation is marked released conditionally, so only the first release returns the amount. A
 * fully refunded payment becomes settled again. No public event: nothing the merchant asked for
 * happened.
 */
export async function releaseRefund(
  ctx: PaymentContext,
  input: { merchantId: string; paymentId: string; refundId: string },
): Promise<PaymentRecord> {
  const at = ctx.clock.now();
  return ctx.db.$transaction(async (tx) => {
    const allocation = await tx.refundAllocation.findUnique({ where: { refundId: input.refundId } });
    if (!allocation || allocation.merchantId !== input.merchantId || allocation.paymentId !== input.paymentId) {
      throw notFound('refund allocation', input.refundId);
    }
    const released = await tx.refundAllocation.updateMany({ where: { refundId: input.refundId, releasedAt: null }, data: { releasedAt: at } });
    if (released.count === 0) {
      const payment = await findPayment(tx, input.merchantId, input.paymentId);
      if (!payment) throw notFound('payment', input.paymentId);
      return payment;
    }
    // A payment with allocations is settled or refunded; giving one back always leaves it settled.
    const rows = await tx.$queryRaw<{ was_full: boolean }[]>`
      UPDATE "payment"."payments"
         SET amount_refunded_minor = amount_refunded_minor - ${allocation.amountMinor}, status = 'settled'
       WHERE id = ${input.paymentId} AND merchant_id = ${input.merchantId}
      RETURNING amount_refunded_minor + ${allocation.amountMinor} = amount_minor AS was_full`;
    const enteredSettled = rows[0]?.was_full === true;
    return recordChange(tx, ctx.subjectPrefix, {
      merchantId: input.merchantId,
      paymentId: input.paymentId,
      at,
      ...(enteredSettled ? { entered: 'settled' as const } : {}),
    });
  });
}
