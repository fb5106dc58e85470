import { ApiError, notFound } from '@vrp/errors';
import type { Tx } from '../db/client.js';
import { findPayment, type PaymentRecord } from '../db/payments-repo.js';
import type { PaymentStatus } from '../domain/payment-status.js';
import { refundableAmount } from '../domain/refund-allocation.js';
import { recordChange } from '../events/record-change.js';
import type { PaymentContext } from './context.js';

export interface AllocateRefundInput {
  merchantId: string;
  paymentId: string;
  refundId: string;
  /** 0 means everything still refundable. */
  amountMinor: bigint;
}

/**
 * Books a refund against a settled payment, idempotently per refund id. The sum can never pass
 * the payment amount: the increment is a conditional UPDATE (`amount_refunded + a <= amount`),
 * backed by a CHECK, so concurrent allocations serialise on the row and the losers are refused.
 * The payment becomes `refunded` when nothing is left; `payment.refunded` is written alongside.
 */
export async function allocateRefund(ctx: PaymentContext, input: AllocateRefundInput): Promise<{ amountMinor: bigint; payment: PaymentRecord }> {
  const replay = await existingAllocation(ctx, input);
  if (replay) return replay;
  const at = ctx.clock.now();
  try {
    const result = await ctx.db.$transaction(async (tx) => {
      const payment = await findPayment(tx, input.merchantId, input.paymentId);
      if (!payment) throw notFound('payment', input.paymentId);
      const amount = refundableAmount({ ...payment, status: payment.status as PaymentStatus }, input.amountMinor);
      await tx.refundAllocation.create({
        data: { refundId: input.refundId, merchantId: input.merchantId, paymentId: input.paymentId, amountMinor: amount, createdAt: at },
      });
      const full = await bookRefund(tx, input.merchantId, input.paymentId, amount);
      const record = await recordChange(tx, ctx.subjectPrefix, {
        merchantId: input.merchantId,
        paymentId: input.paymentId,
        at,
        ...(full ? { entered: 'refunded' as const } : {}),
        event: 'payment.refunded',
      });
      return { amountMinor: amount, payment: record };
    });
    ctx.eventsWritten();
    return result;
  } catch (err) {
    // A concurrent call with the same refund id won the primary key: answer as it did.
    const raced = await existingAllocation(ctx, input);
    if (raced) return raced;
    throw err;
  }
}

/** Increments amount_refunded unless that would pass the amount; true when now fully refunded. */
async function bookRefund(tx: Tx, merchantId: string, paymentId: string, amount: bigint): Promise<boolean> {
  const rows = await tx.$queryRaw<{ status: string }[]>`
    UPDATE "payment"."payments"
       SET amount_refunded_minor = amount_refunded_minor + ${amount},
           status = CASE WHEN amount_refunded_minor + ${amount} = amount_minor THEN 'refunded' ELSE status END
     WHERE id = ${paymentId} AND merchant_id = ${merchantId} AND status = 'settled'
       AND amount_refunded_minor + ${amount} <= amount_minor
    RETURNING status`;
  const row = rows[0];
  if (!row) throw new ApiError('refund_exceeds_payment', 'The refunds would exceed the amount of the payment.', { param: 'amount' });
  return row.status === 'refunded';
}

async function existingAllocation(ctx: PaymentContext, input: AllocateRefundInput) {
  const existing = await ctx.db.refundAllocation.findUnique({ where: { refundId: input.refundId } });
  if (!existing) return undefined;
  if (existing.merchantId !== input.merchantId || existing.paymentId !== input.paymentId) {
    throw new ApiError('invalid_state_transition', `Refund ${input.refundId} is already booked against another payment.`);
  }
  if (existing.releasedAt) throw new ApiError('invalid_state_transition', `Refund ${input.refundId} was released and cannot be booked again.`);
  const payment = await findPayment(ctx.db, input.merchantId, input.paymentId);
  if (!payment) throw notFound('payment', input.paymentId);
  return { amountMinor: existing.amountMinor, payment };
}
