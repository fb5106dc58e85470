import { markHoldUncertain } from '../db/refund-allocations.js';
import type { Deps } from '../deps.js';

/**
 * Records that the create which made a refund's hold failed midway (the refund service could not
 * record the refund, nor give the hold back yet): until the hold is confirmed or released, a
 * refund it alone stands in the way of is answered 503, not refund_exceeds_payment (see
 * allocateRefund). Returns whether an unresolved hold was found.
 */
export function markRefundHoldUncertain(deps: Deps, input: { merchantId: string; paymentId: string; refundId: string }): Promise<boolean> {
  return markHoldUncertain(deps.sql, { ...input, at: deps.clocks.now(input.merchantId) });
}
