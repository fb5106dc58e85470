import type { Queryable } from '@vrp/sql';
import {
  unacknowledgedRefunds as unacknowledgedRefundsQuery,
  unconfirmedRefunds as unconfirmedRefundsQuery,
  undecidedRefunds as undecidedRefundsQuery,
  unreleasedFailedRefunds as unreleasedFailedRefundsQuery,
} from '../generated/sql/refunds.queries.js';
import { toRefundRow, type RefundRow } from './refund-row.js';

export type { RefundRow };

/**
 * Pending refunds the bank acknowledged but has not decided since before `submittedBefore`
 * (e.g. the bank restarted and forgot them), oldest first.
 */
export async function undecidedRefunds(db: Queryable, submittedBefore: Date, limit: number): Promise<RefundRow[]> {
  return (await undecidedRefundsQuery.run({ submittedBefore, limit: Math.floor(limit) }, db)).map(toRefundRow);
}

/** Refunds recorded before `createdBefore` whose booking is not confirmed yet, oldest first. */
export async function unconfirmedRefunds(db: Queryable, createdBefore: Date, limit: number): Promise<RefundRow[]> {
  return (await unconfirmedRefundsQuery.run({ createdBefore, limit: Math.floor(limit) }, db)).map(toRefundRow);
}

/**
 * Confirmed pending refunds the bank has not acknowledged since before `createdBefore`, oldest
 * first. A refund goes to the bank only once confirmed, so the bank never pays out a refund
 * whose payment.refunded has not been written.
 */
export async function unacknowledgedRefunds(db: Queryable, createdBefore: Date, limit: number): Promise<RefundRow[]> {
  return (await unacknowledgedRefundsQuery.run({ createdBefore, limit: Math.floor(limit) }, db)).map(toRefundRow);
}

/** Failed refunds whose booking has not been given back yet, oldest failure first. */
export async function unreleasedFailedRefunds(db: Queryable, limit: number): Promise<RefundRow[]> {
  return (await unreleasedFailedRefundsQuery.run({ limit: Math.floor(limit) }, db)).map(toRefundRow);
}
