import type { Queryable } from '@vrp/sql';
import { spendManualRetry as spendManualRetryQuery } from '../generated/sql/retry-budget.queries.js';

/** One hour (the statement's `interval '1 hour'`), the window of a merchant's manual-retry budget. */
const WINDOW_MS = 3_600_000;

/**
 * Spends one manual retry of the merchant's budget, in one statement: `perHour` a window, a
 * window being the hour from the first retry spent in it. The merchant's budget row is locked by
 * the statement, so concurrent retries are counted one after the other and never pass the budget.
 * Returns null when spent, or when the window that refused it ends.
 */
export async function spendManualRetry(db: Queryable, merchantId: string, perHour: number): Promise<Date | null> {
  const [row] = await spendManualRetryQuery.run({ merchantId, perHour }, db);
  return row?.spent ? null : (row?.windowEndsAt ?? new Date(Date.now() + WINDOW_MS));
}
