import { ApiError } from '@vrp/errors';
import { payment } from '@vrp/contracts';
import type { PaymentFacts } from '../domain/refund-amount.js';

const STATUSES: Partial<Record<payment.PaymentStatus, PaymentFacts['status']>> = {
  [payment.PaymentStatus.SUBMITTED]: 'submitted',
  [payment.PaymentStatus.SETTLED]: 'settled',
  [payment.PaymentStatus.FAILED]: 'failed',
  [payment.PaymentStatus.REFUNDED]: 'refunded',
};

/** The facts of a payment message the refund rules need. */
export function paymentFacts(message: payment.Payment | undefined): PaymentFacts {
  const status = message && STATUSES[message.status];
  if (!message || !status) throw new ApiError('internal_error', 'The payment service returned no usable payment.');
  return {
    status,
    amountMinor: message.amountMinor,
    amountRefundedMinor: message.amountRefundedMinor,
    currency: message.currency,
  };
}
