import type { Queryable } from '@vrp/sql';
import type { RefundRow } from './refund-row.js';
import { selectRefunds } from './refund-sql.js';

export type { RefundRow };

/**
 * Pending refunds the bank acknowledged but has not decided since before `submittedBefore`
 * (e.g. the bank restarted and forgot them), oldest first.
 */
export function undecidedRefunds(db: Queryable, submittedBefore: Date, limit: number): Promise<RefundRow[]> {
  return selectRefunds(
    db,
    `r.status = 'pending_settlement' AND r.bank_reference IS NOT NULL AND r.bank_submitted_at < $1`,
    [submittedBefore],
    'r.bank_submitted_at',
    limit,
  );
}

/** Refunds recorded before `createdBefore` whose booking is not confirmed yet, oldest first. */
export function unconfirmedRefunds(db: Queryable, createdBefore: Date, limit: number): Promise<RefundRow[]> {
  return selectRefunds(db, 'r.allocation_confirmed_at IS NULL AND r.created_at < $1', [createdBefore], 'r.created_at', limit);
}

/**
 * Confirmed pending refunds the bank has not acknowledged since before `createdBefore`, oldest
 * first. A refund goes to the bank only once confirmed, so the bank never pays out a refund
 * whose payment.refunded has not been written.
 */
export function unacknowledgedRefunds(db: Queryable, createdBefore: Date, limit: number): Promise<RefundRow[]> {
  return selectRefunds(
    db,
    `r.status = 'pending_settlement' AND r.bank_reference IS NULL AND r.allocation_confirmed_at IS NOT NULL AND r.created_at < $1`,
    [createdBefore],
    'r.created_at',
    limit,
  );
}

/** Failed refunds whose booking has not been given back yet, oldest failure first. */
export function unreleasedFailedRefunds(db: Queryable, limit: number): Promise<RefundRow[]> {
  return selectRefunds(db, `r.status = 'failed' AND r.allocation_released_at IS NULL`, [], 'r.failed_at', limit);
}
