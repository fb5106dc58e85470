import { ApiError } from '@vrp/errors';
import { dropAutomaticRetry, dueAutomaticRetries } from '../db/automatic-retries.js';
import type { Deps } from '../deps.js';
import { retryPayment } from './retry-payment.js';

/** How many due automatic retries one pass takes on. */
const BATCH = 100;

/**
 * Makes the automatic retries that are due on their merchant's clock (next_retry_at, set when a
 * scheduled payment failed with a retryable failure). Each goes through retryPayment, which moves
 * the payment back to submitted only while it is still failed at the attempt read, and clears
 * next_retry_at in the same update: replicas racing over one retry make one attempt, the others
 * see payment_not_failed. A retry the rules refuse now (the mandate is no longer active, a period
 * filled up, the window passed) is dropped: next_retry_at is cleared so it is not tried again.
 * Returns how many retries were looked at.
 */
export async function runAutomaticRetries(deps: Deps): Promise<number> {
  const wall = deps.clocks.now();
  const ahead = deps.clocks.maxOffsetMs();
  const due = await dueAutomaticRetries(deps.sql, wall, ahead, BATCH);
  for (const payment of due) {
    try {
      await retryPayment(deps, payment.merchantId, payment.id);
    } catch (err) {
      if (!(err instanceof ApiError) || err.code === 'service_unavailable' || err.code === 'internal_error') throw err;
      if (err.code === 'payment_not_failed') continue; // another replica made it
      deps.logger.info('automatic retry refused; no further automatic retry', { payment_id: payment.id, reason: err.code });
      await dropAutomaticRetry(deps.sql, payment.id, payment.retryCount);
    }
  }
  return due.length;
}
