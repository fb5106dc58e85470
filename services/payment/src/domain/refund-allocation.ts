import { ApiError } from '@vrp/errors';
import type { PaymentStatus } from './payment-status.js';

/**
 * The amount a refund may book against a payment: `requestedMinor`, or everything still
 * refundable (neither refunded nor held by a refund being recorded) when it is 0. Only settled
 * payments can be refunded; a fully refunded one has nothing left.
 * The database re-checks the sum under concurrency (conditional update + CHECK).
 */
export function refundableAmount(
  payment: { status: PaymentStatus; amountMinor: bigint; amountRefundedMinor: bigint; amountHeldMinor: bigint },
  requestedMinor: bigint,
): bigint {
  if (payment.status === 'refunded') {
    throw new ApiError('refund_exceeds_payment', 'The payment has already been fully refunded.');
  }
  if (payment.status !== 'settled') {
    throw new ApiError('payment_not_settled', `Only a settled payment can be refunded; this one is ${payment.status}.`);
  }
  // Holds of refunds still being recorded count too: they may yet become refunds.
  const remaining = payment.amountMinor - payment.amountRefundedMinor - payment.amountHeldMinor;
  if (requestedMinor < 0n) throw new ApiError('validation_error', 'amount must be positive', { param: 'amount' });
  const amount = requestedMinor === 0n ? remaining : requestedMinor;
  if (amount > remaining || amount <= 0n) {
    throw new ApiError('refund_exceeds_payment', 'The refunds would exceed the amount of the payment.', { param: 'amount' });
  }
  return amount;
}
