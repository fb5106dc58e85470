import { isApiError } from '@vrp/errors';
import { markAbandoned, moveRequest } from '../db/refund-requests.js';
import type { Deps } from '../deps.js';

/** Identifies a refund request and the payment it booked against. */
export interface RequestRef {
  merchantId: string;
  paymentId: string;
  id: string;
}

/**
 * Gives an abandoned request's booking back to the payment, then marks the request released.
 * ReleaseRefund is idempotent per refund id, so repeating this after a crash is harmless; a
 * not_found answer means nothing was ever booked. Returns false (and leaves the request
 * abandoned, for the sweeper) when the payment service could not be reached.
 */
export async function giveBackBooking(deps: Deps, ref: RequestRef): Promise<boolean> {
  try {
    await deps.payments.releaseRefund({ merchantId: ref.merchantId, paymentId: ref.paymentId, refundId: ref.id });
  } catch (err) {
    if (!(isApiError(err) && err.code === 'not_found')) {
      deps.logger.warn('could not give a refund booking back; will retry', { refund_id: ref.id, err });
      return false;
    }
  }
  await moveRequest(deps.sql, ref.merchantId, ref.id, ['abandoned'], 'released');
  return true;
}

/**
 * Tells the payment service that the create of `ref` failed midway and its hold (if any) waits
 * to be given back: meanwhile a refund it alone refuses is told to retry, not that the payment is
 * refunded. Best effort (logged): unmarked, the hold counts as uncertain once it is old anyway.
 */
async function markUncertain(deps: Deps, ref: RequestRef): Promise<void> {
  try {
    await deps.payments.markRefundHoldUncertain({ merchantId: ref.merchantId, paymentId: ref.paymentId, refundId: ref.id });
  } catch (err) {
    deps.logger.warn("could not mark a failed create's refund hold uncertain", { refund_id: ref.id, err });
  }
}

/**
 * Abandons a create's request (its open row, or a new abandoned row when it recorded nothing
 * before its hold) and gives its booking back. Does nothing when the request already completed
 * (its refund exists, e.g. a commit whose answer was lost) or was already released. Returns
 * whether a booking was given back now. Never throws: whatever is left undone the recovery
 * sweeper finishes (an abandoned request; a request that could not even be marked abandoned is
 * remembered in `failedCreates` for the next sweep, and found by the stale sweep after a crash,
 * its hold marked uncertain at the payment service meanwhile).
 */
export async function abandonRequest(deps: Deps, ref: RequestRef): Promise<boolean> {
  let state: string | undefined;
  try {
    state = await markAbandoned(deps.sql, ref);
  } catch (err) {
    deps.logger.warn('could not abandon a refund request; the next sweep will', { refund_id: ref.id, err });
    // Marked once, when the failure is first seen (a sweep that fails again has nothing new to say).
    if (deps.failedCreates.add(ref)) await markUncertain(deps, ref);
    return false;
  }
  deps.failedCreates.settled(ref.id);
  try {
    return state === 'abandoned' && (await giveBackBooking(deps, ref));
  } catch (err) {
    deps.logger.warn('could not give a refund booking back; the sweeper will', { refund_id: ref.id, err });
    return false;
  }
}
