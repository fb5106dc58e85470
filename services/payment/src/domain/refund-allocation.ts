import { ApiError } from '@vrp/errors';
import { formatAmount, oneMajorUnit } from '@vrp/money';
import type { PaymentStatus } from './payment-status.js';

/**
 * The amount a refund may book against a payment: `requestedMinor`, or everything still
 * refundable (neither refunded nor held by a refund being recorded) when it is 0. Only settled
 * payments can be refunded; a fully refunded one has nothing left. A partial refund (one that
 * leaves something refundable) must be at least one major unit of the payment's currency; one
 * that takes all that remains may be any size. The database re-checks the sum under
 * concurrency (conditional update + CHECK).
 */
export function refundableAmount(
  payment: { status: PaymentStatus; amountMinor: bigint; amountRefundedMinor: bigint; amountHeldMinor: bigint; currency: string },
  requestedMinor: bigint,
): bigint {
  if (payment.status === 'refunded') {
    throw new ApiError('refund_exceeds_payment', 'The payment has already been refunded in full.');
  }
  if (payment.status !== 'settled') {
    throw new ApiError('payment_not_settled', `The payment is ${payment.status}; only settled payments can be refunded.`);
  }
  if (requestedMinor < 0n) throw new ApiError('validation_error', 'amount must be positive', { param: 'amount' });
  // Holds of refunds still being recorded count too: they may yet become refunds.
  const remaining = payment.amountMinor - payment.amountRefundedMinor - payment.amountHeldMinor;
  if (remaining <= 0n) throw new ApiError('refund_exceeds_payment', 'Nothing of the payment is left to refund.');
  if (requestedMinor === 0n) return remaining;
  if (requestedMinor > remaining) {
    throw new ApiError(
      'refund_exceeds_payment',
      `Only ${formatAmount(remaining, payment.currency)} ${payment.currency} of the payment is still refundable.`,
      { param: 'amount' },
    );
  }
  assertPartialMinimum(requestedMinor, remaining - requestedMinor, payment.currency);
  return requestedMinor;
}

/**
 * The minimum rule on an amount, with what remains refundable after it: a refund that leaves
 * something is partial and must be at least one major unit; one that takes all may be any size.
 */
export function assertPartialMinimum(amountMinor: bigint, remainingAfterMinor: bigint, currency: string): void {
  const minimum = oneMajorUnit(currency);
  if (remainingAfterMinor > 0n && amountMinor < minimum) {
    throw new ApiError('refund_amount_too_small', `A partial refund must be at least ${formatAmount(minimum, currency)} ${currency}.`, {
      param: 'amount',
    });
  }
}
