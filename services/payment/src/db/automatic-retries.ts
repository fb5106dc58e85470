/** The automatic retries' statements: which are due on their merchant's clock, and dropping one the rules refuse. */
import type { Queryable } from '@vrp/sql';
import {
  dropAutomaticRetry as dropAutomaticRetryQuery,
  dueAutomaticRetries as dueAutomaticRetriesQuery,
} from '../generated/sql/automatic-retries.queries.js';

/** A failed payment whose automatic retry is due. */
export interface DueRetry {
  id: string;
  merchantId: string;
  retryCount: number;
}

/**
 * Failed payments whose next_retry_at has come on their merchant's clock (`wall` plus the
 * merchant's sandbox offset; `aheadMs`, the largest offset any merchant has, lets the index bound
 * the scan first), oldest first, at most `limit`.
 */
export async function dueAutomaticRetries(db: Queryable, wall: Date, aheadMs: number, limit: number): Promise<DueRetry[]> {
  const due = await dueAutomaticRetriesQuery.run({ wall, aheadMs: String(aheadMs), limit }, db);
  return due.map((r) => ({ id: r.id, merchantId: r.merchant_id, retryCount: r.retry_count }));
}

/** Drops a payment's automatic retry, if it is still failed at `retryCount`, so it is not tried again. */
export async function dropAutomaticRetry(db: Queryable, id: string, retryCount: number): Promise<void> {
  await dropAutomaticRetryQuery.run({ id, retryCount }, db);
}
