import { timestampDate, timestampFromDate } from '@bufbuild/protobuf/wkt';
import { unfinishedRequests } from '../db/refund-requests.js';
import { unacknowledgedRefunds, unconfirmedRefunds, undecidedRefunds, unreleasedFailedRefunds } from '../db/refunds.js';
import { confirmBooking } from './confirm-booking.js';
import type { Deps } from '../deps.js';
import { abandonRequest, type RequestRef } from './give-back-booking.js';
import { releaseFailedRefund } from './report-refund-outcome.js';
import { submitRefundToBank } from './submit-refund-to-bank.js';

export interface SweepSettings {
  /** Confirm bookings of refunds recorded at least this long ago and still unconfirmed. */
  confirmAfterMs?: number;
  /** Resubmit refunds the bank has not acknowledged for this long. */
  bankResubmitAfterMs: number;
  /** Resubmit refunds the bank acknowledged but has not decided for this long (it may have forgotten them). */
  bankDecisionTimeoutMs?: number;
  /** Abandon requests still open after this long (their creating call has long timed out). */
  requestStaleAfterMs: number;
  /** Rows handled per job per pass. */
  batchSize?: number;
}

/** What one pass did, for logs and tests. */
export interface SweepResult {
  confirmed: number;
  resubmitted: number;
  requestsReleased: number;
  /** Holds nobody recorded (their create died after the hold) given back. */
  holdsReleased: number;
  failedReleased: number;
}

/**
 * One pass of the refund sweepers, finishing work a crash or an outage left behind:
 * - recorded refunds whose booking the payment service has not confirmed are confirmed
 *   (ConfirmRefund is idempotent; it writes payment.refunded once);
 * - refunds the bank never acknowledged are submitted again (the bank is idempotent per id), and
 *   so are refunds it acknowledged but has not decided for REFUND_BANK_DECISION_TIMEOUT;
 * - creates of this process that failed after their hold without marking their request abandoned
 *   (the database did not answer) are abandoned now and their holds given back;
 * - refund requests left open (the process died between booking and recording) are abandoned
 *   and their bookings given back, as are abandoned ones whose give-back failed before;
 * - holds the payment service still has unresolved after as long are given back unless their
 *   refund was recorded (a create without an Idempotency-Key records its request only with its
 *   refund, so one that died after its hold left nothing here but the hold);
 * - failed refunds whose booking was not yet given back are released.
 * Every step is conditional or idempotent, so concurrent passes in several replicas are safe.
 */
export async function sweepRefunds(deps: Deps, settings: SweepSettings, now = new Date()): Promise<SweepResult> {
  const limit = settings.batchSize ?? 50;
  const result: SweepResult = { confirmed: 0, resubmitted: 0, requestsReleased: 0, holdsReleased: 0, failedReleased: 0 };

  // Refunds are dated on their merchant's clock, which may run ahead (sandbox): each query looks
  // as far ahead as the furthest clock, and a row is due once `waitMs` passed on its own clock.
  const ahead = deps.clocks.maxOffsetMs();
  const createdBefore = (waitMs: number) => new Date(now.getTime() + ahead - waitMs);
  const due = (waitMs: number) => (row: { merchantId: string; createdAt: Date }) =>
    row.createdAt.getTime() < now.getTime() + deps.clocks.offsetMs(row.merchantId) - waitMs;

  // A short grace period, so the sweeper does not race the create call that is confirming now.
  const confirmAfterMs = settings.confirmAfterMs ?? 2_000;
  for (const row of (await unconfirmedRefunds(deps.sql, createdBefore(confirmAfterMs), limit)).filter(due(confirmAfterMs))) {
    if (await confirmBooking(deps, row)) result.confirmed++;
  }

  const resubmitAfterMs = settings.bankResubmitAfterMs;
  for (const row of (await unacknowledgedRefunds(deps.sql, createdBefore(resubmitAfterMs), limit)).filter(due(resubmitAfterMs))) {
    if (await submitRefundToBank(deps, row)) result.resubmitted++;
  }
  const decisionTimeoutMs = settings.bankDecisionTimeoutMs ?? 15 * 60_000;
  for (const row of await undecidedRefunds(deps.sql, new Date(now.getTime() - decisionTimeoutMs), limit)) {
    if (await submitRefundToBank(deps, row)) result.resubmitted++;
  }

  // Creates of this process that failed after their hold and could not say so: their holds
  // refuse the merchant's retries (503) until given back, so they go first, stale or not.
  for (const failed of deps.failedCreates.take(limit)) {
    if (await abandonRequest(deps, failed)) result.holdsReleased++;
  }

  const staleBefore = new Date(now.getTime() - settings.requestStaleAfterMs);
  for (const request of await unfinishedRequests(deps.sql, staleBefore, limit)) {
    if (await abandonRequest(deps, request)) result.requestsReleased++;
  }

  for (const hold of (await unresolvedHolds(deps, createdBefore(settings.requestStaleAfterMs), limit)).filter(
    due(settings.requestStaleAfterMs),
  )) {
    if (await abandonRequest(deps, hold)) result.holdsReleased++;
  }

  for (const row of await unreleasedFailedRefunds(deps.sql, limit)) {
    const after = await releaseFailedRefund(deps, row);
    if (after.allocationReleasedAt) result.failedReleased++;
  }
  return result;
}

/**
 * The payment service's holds neither confirmed nor released, made before `createdBefore` (on
 * their merchants' clocks); none (logged) while the payment service cannot be reached.
 */
async function unresolvedHolds(deps: Deps, createdBefore: Date, limit: number): Promise<(RequestRef & { createdAt: Date })[]> {
  try {
    const { holds } = await deps.payments.listUnresolvedRefundHolds({ createdBefore: timestampFromDate(createdBefore), limit });
    return holds.map((h) => ({
      merchantId: h.merchantId,
      paymentId: h.paymentId,
      id: h.refundId,
      createdAt: h.createdAt ? timestampDate(h.createdAt) : createdBefore,
    }));
  } catch (err) {
    deps.logger.warn('could not list unresolved refund holds; will retry', { err });
    return [];
  }
}
