import { rows, type Queryable } from '@vrp/sql';

/** One hour (the statement's `interval '1 hour'`), the window of a merchant's manual-retry budget. */
const WINDOW_MS = 3_600_000;

/**
 * Spends one manual retry of the merchant's budget, in one statement: `perHour` a window, a
 * window being the hour from the first retry spent in it. The merchant's budget row is locked by
 * the statement, so concurrent retries are counted one after the other and never pass the budget.
 * Returns null when spent, or when the window that refused it ends.
 */
export async function spendManualRetry(db: Queryable, merchantId: string, perHour: number): Promise<Date | null> {
  const [row] = await rows<{ spent: boolean; window_ends_at: Date }>(
    db,
    `WITH spent AS (
       INSERT INTO webhook.manual_retry_budgets AS b (merchant_id, window_started_at, used) VALUES ($1, now(), 1)
       ON CONFLICT (merchant_id) DO UPDATE
          SET window_started_at = CASE WHEN b.window_started_at <= now() - interval '1 hour' THEN now() ELSE b.window_started_at END,
              used = CASE WHEN b.window_started_at <= now() - interval '1 hour' THEN 1 ELSE b.used + 1 END
        WHERE b.window_started_at <= now() - interval '1 hour' OR b.used < $2::int
       RETURNING merchant_id)
     SELECT EXISTS (SELECT 1 FROM spent) AS spent,
            coalesce((SELECT window_started_at FROM webhook.manual_retry_budgets WHERE merchant_id = $1), now())
              + interval '1 hour' AS window_ends_at`,
    [merchantId, perHour],
  );
  return row?.spent ? null : (row?.window_ends_at ?? new Date(Date.now() + WINDOW_MS));
}
