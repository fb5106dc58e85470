import { ApiError, notFound } from '@vrp/errors';
import { noteAllocationReleased, readRefundById, transitionRefund } from '../db/refund-sql.js';
import type { RefundOutcome } from '../domain/refund-status.js';
import type { RefundRow } from '../db/refunds.js';
import type { Deps } from '../deps.js';

/**
 * The bank's report on a refund. Settled: the refund settles and refund.settled is written.
 * Failed: the refund fails, refund.failed is written (once: only the report that moves it writes
 * it), and its booking is given back to the payment, so the amount is
 * refundable again. Repeating a report is harmless; contradicting an earlier one (settling a
 * failed refund or failing a settled one) is invalid_state_transition.
 */
export async function reportRefundOutcome(deps: Deps, refundId: string, outcome: RefundOutcome): Promise<RefundRow> {
  let row = await readRefundById(deps.sql, refundId);
  if (!row) throw notFound('refund', refundId);
  if (row.status === 'pending_settlement') {
    const moved = await transitionRefund(deps.sql, deps.subjectPrefix, row, outcome, deps.clocks.now(row.merchantId));
    if (moved) deps.afterCommit();
    // When a concurrent report got there first, this one is judged against what it did.
    row = moved ?? (await readRefundById(deps.sql, refundId))!;
  }
  if (row.status !== outcome) {
    throw new ApiError('invalid_state_transition', `Refund ${refundId} is already ${row.status}.`);
  }
  if (row.status === 'failed' && !row.allocationReleasedAt) return releaseFailedRefund(deps, row);
  return row;
}

/**
 * Gives a failed refund's booking back to the payment (ReleaseRefund is idempotent per refund
 * id) and records that it did. On failure the sweeper retries; the refund is returned either way.
 */
export async function releaseFailedRefund(deps: Deps, row: RefundRow): Promise<RefundRow> {
  try {
    await deps.payments.releaseRefund({ merchantId: row.merchantId, paymentId: row.paymentId, refundId: row.id });
    await noteAllocationReleased(deps.sql, row.merchantId, row.id);
    return (await readRefundById(deps.sql, row.id)) ?? row;
  } catch (err) {
    deps.logger.warn('could not give a failed refund back to its payment; will retry', { refund_id: row.id, err });
    return row;
  }
}
