import { ApiError } from '@vrp/errors';
import { formatAmount, oneMajorUnit } from '@vrp/money';

/** What the refund service knows about a payment when it decides on a refund. */
export interface PaymentFacts {
  status: 'submitted' | 'settled' | 'failed' | 'refunded';
  amountMinor: bigint;
  amountRefundedMinor: bigint;
  currency: string;
}

/**
 * Checks a refund request against the payment as last seen: the payment must have settled,
 * something must remain refundable, and a partial refund (less than what remains) must be at
 * least one major unit. `requestedMinor` 0 means everything that remains. Returns the amount
 * expected to be booked. The payment service's booking stays authoritative: this only turns
 * away requests that cannot succeed, before anything is booked.
 */
export function planRefund(payment: PaymentFacts, requestedMinor: bigint): bigint {
  if (payment.status === 'submitted' || payment.status === 'failed') {
    throw new ApiError('payment_not_settled', `The payment is ${payment.status}; only settled payments can be refunded.`);
  }
  const remaining = payment.amountMinor - payment.amountRefundedMinor;
  if (remaining <= 0n) throw new ApiError('refund_exceeds_payment', 'The payment has already been refunded in full.');
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
 * The minimum rule on a booked amount, with what remains after it: a refund that leaves
 * something refundable is partial and must be at least one major unit; one that takes all
 * that remains may be any size.
 */
export function assertPartialMinimum(amountMinor: bigint, remainingAfterMinor: bigint, currency: string): void {
  const minimum = oneMajorUnit(currency);
  if (remainingAfterMinor > 0n && amountMinor < minimum) {
    throw new ApiError('refund_amount_too_small', `A partial refund must be at least ${formatAmount(minimum, currency)} ${currency}.`, {
      param: 'amount',
    });
  }
}
