import { ApiError } from '@vrp/errors';
import { rows } from '@vrp/sql';
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
  const due = await rows<{ id: string; merchant_id: string; retry_count: number }>(
    deps.sql,
    `SELECT p.id, p.merchant_id, p.retry_count FROM payment.payments p
       LEFT JOIN payment.merchant_clocks k ON k.merchant_id = p.merchant_id
      WHERE p.next_retry_at IS NOT NULL AND p.next_retry_at <= $1::timestamptz + ($2::bigint * interval '1 millisecond')
        AND p.next_retry_at <= $1::timestamptz + (COALESCE(k.offset_ms, 0) * interval '1 millisecond')
      ORDER BY p.next_retry_at LIMIT $3`,
    [wall, String(ahead), BATCH],
  );
  for (const payment of due) {
    try {
      await retryPayment(deps, payment.merchant_id, payment.id);
    } catch (err) {
      if (!(err instanceof ApiError) || err.code === 'service_unavailable' || err.code === 'internal_error') throw err;
      if (err.code === 'payment_not_failed') continue; // another replica made it
      deps.logger.info('automatic retry refused; no further automatic retry', { payment_id: payment.id, reason: err.code });
      await deps.sql.query(`UPDATE payment.payments SET next_retry_at = NULL WHERE id = $1 AND retry_count = $2 AND status = 'failed'`, [
        payment.id,
        payment.retry_count,
      ]);
    }
  }
  return due.length;
}
