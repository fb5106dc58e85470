import { ApiError } from '@vrp/errors';
import type { PaymentStatus } from './payment-status.js';

/** At most this many retries of one payment, within 7 days of its creation. */
export const MAX_RETRIES = 3;

/**
 * Retries are allowed up to and including exactly 7 days after the original creation: a retry
 * at created_at + 7 days is accepted, one millisecond later is `retry_window_expired`.
 */
export const RETRY_WINDOW_MS = 7 * 24 * 3600 * 1000;

/**
 * Throws the reason a payment may not be retried at `now`, checked in the order a merchant can
 * act on them: not failed, out of retries, out of time. The mandate and the open-payment rule
 * are checked by the caller (they need other services or the database).
 */
export function assertRetryable(payment: { status: PaymentStatus; retryCount: number; createdAt: Date }, now: Date): void {
  if (payment.status !== 'failed') {
    throw new ApiError('payment_not_failed', `Only a failed payment can be retried; this one is ${payment.status}.`);
  }
  if (payment.retryCount >= MAX_RETRIES) {
    throw new ApiError('retry_limit_reached', `A payment can be retried at most ${MAX_RETRIES} times.`);
  }
  if (now.getTime() - payment.createdAt.getTime() > RETRY_WINDOW_MS) {
    throw new ApiError('retry_window_expired', 'A payment can be retried only within 7 days of its creation.');
  }
}
