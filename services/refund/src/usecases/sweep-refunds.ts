import { unfinishedRequests, moveRequest } from '../db/refund-requests.js';
import { unacknowledgedRefunds, unreleasedFailedRefunds } from '../db/refunds.js';
import type { RefundDeps } from './deps.js';
import { giveBackBooking } from './give-back-booking.js';
import { releaseFailedRefund } from './report-refund-outcome.js';
import { submitRefundToBank } from './submit-refund-to-bank.js';

export interface SweepSettings {
  /** Resubmit refunds the bank has not acknowledged for this long. */
  bankResubmitAfterMs: number;
  /** Abandon requests still open after this long (their creating call has long timed out). */
  requestStaleAfterMs: number;
  /** Rows handled per job per pass. */
  batchSize?: number;
}

/** What one pass did, for logs and tests. */
export interface SweepResult {
  resubmitted: number;
  requestsReleased: number;
  failedReleased: number;
}

/**
 * One pass of the refund sweepers, finishing work a crash or an outage left behind:
 * - refunds the bank never acknowledged are submitted again (the bank is idempotent per id);
 * - refund requests left open (the process died between booking and recording) are abandoned
 *   and their bookings given back, as are abandoned ones whose give-back failed before;
 * - failed refunds whose booking was not yet given back are released.
 * Every step is conditional or idempotent, so concurrent passes in several replicas are safe.
 */
export async function sweepRefunds(deps: RefundDeps, settings: SweepSettings, now = new Date()): Promise<SweepResult> {
  const limit = settings.batchSize ?? 50;
  const result: SweepResult = { resubmitted: 0, requestsReleased: 0, failedReleased: 0 };

  for (const row of await unacknowledgedRefunds(deps.db, new Date(now.getTime() - settings.bankResubmitAfterMs), limit)) {
    if (await submitRefundToBank(deps, row)) result.resubmitted++;
  }

  const staleBefore = new Date(now.getTime() - settings.requestStaleAfterMs);
  for (const request of await unfinishedRequests(deps.db, staleBefore, limit)) {
    if (request.state === 'open') await moveRequest(deps.db, request.merchantId, request.id, ['open'], 'abandoned');
    const current = await deps.db.refundRequest.findUnique({ where: { id: request.id } });
    if (current?.state === 'abandoned' && (await giveBackBooking(deps, request))) result.requestsReleased++;
  }

  for (const row of await unreleasedFailedRefunds(deps.db, limit)) {
    const after = await releaseFailedRefund(deps, row);
    if (after.allocationReleasedAt) result.failedReleased++;
  }
  return result;
}
