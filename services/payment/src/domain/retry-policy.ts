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

/**
 * Whether a failure may go away by itself, so retrying later can succeed: the customer's funds
 * (insufficient_funds) or the bank's technical trouble (technical_error). Every other failure
 * (closed or blocked account, revoked consent, stopped payment...) would fail again.
 */
export function isRetryableFailure(failureCode: string): boolean {
  return failureCode === 'insufficient_funds' || failureCode === 'technical_error';
}

/** Waits before each automatic retry (1st, 2nd, 3rd), spread so all three fit the 7-day window. */
export const AUTO_RETRY_DELAYS_MS = [1, 2, 3].map((days) => days * 24 * 3600 * 1000);

/**
 * When the platform retries a payment that failed at `at` with `failureCode` by itself: only a
 * payment a schedule allowed automatic retries (autoRetries), with a retryable failure, retries
 * left within that allowance and the 3-retry budget, and the retry still inside the 7-day window.
 * Null when no automatic retry will be made.
 */
export function nextAutomaticRetry(
  payment: { retryCount: number; autoRetries: number; createdAt: Date },
  failureCode: string,
  at: Date,
): Date | null {
  if (!isRetryableFailure(failureCode)) return null;
  if (payment.retryCount >= Math.min(payment.autoRetries, MAX_RETRIES)) return null;
  const due = new Date(at.getTime() + AUTO_RETRY_DELAYS_MS[payment.retryCount]!);
  return due.getTime() - payment.createdAt.getTime() <= RETRY_WINDOW_MS ? due : null;
}
