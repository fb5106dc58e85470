import { ApiError, notFound } from '@vrp/errors';
import type { PaymentRecord } from '../db/payments.js';
import { confirmAsHeld } from '../db/refund-allocations.js';
import { confirmRefundBooking } from '../db/refund-bookings.js';
import { paymentEvent } from '../db/events.js';
import type { Deps } from '../deps.js';

/**
 * The second phase of a refund booking: the refund service committed the refund, so its held
 * amount becomes part of amount_refunded (the payment becomes `refunded` when nothing is left)
 * and payment.refunded is written in the same transaction (two statements: the booking, which
 * returns the payment as booked, and the outbox row). Idempotent per refund id: a repeat
 * returns the payment and writes nothing. A released allocation cannot be confirmed.
 *
 * When this process made the hold and the payment stays settled, the payment as booked is known
 * beforehand (the payment the hold read, with the amount moved from held to refunded): one
 * statement then confirms, books and writes payment.refunded, provided the payment is still
 * exactly as the hold left it; if anything moved meanwhile (another refund, a release) it
 * changes nothing and the transaction runs instead.
 */
export async function confirmRefund(
  deps: Deps,
  input: { merchantId: string; paymentId: string; refundId: string },
): Promise<PaymentRecord> {
  const at = deps.clocks.now(input.merchantId);
  const hold = deps.holds.take(input.refundId);
  if (hold && hold.merchantId === input.merchantId && hold.paymentId === input.paymentId) {
    const { before, amountMinor } = hold;
    const booked: PaymentRecord = { ...before, amountRefundedMinor: before.amountRefundedMinor + amountMinor };
    if (before.status === 'settled' && booked.amountRefundedMinor < before.amountMinor) {
      const expected = {
        refundedMinor: before.amountRefundedMinor,
        heldMinor: before.amountHeldMinor + amountMinor,
        amountMinor,
        timelineLength: before.timeline.length,
      };
      if (await confirmAsHeld(deps.sql, { ...input, at }, expected, booked, paymentEvent(deps.subjectPrefix, 'payment.refunded', at))) {
        deps.afterCommit();
        return booked;
      }
    }
  }
  const { payment, changed } = await confirmRefundBooking(deps.sql, deps.subjectPrefix, { ...input, at }, (why) => {
    // Nothing confirmed and no payment to answer a repeat with: say why.
    if (why === 'released')
      return new ApiError('invalid_state_transition', `Refund ${input.refundId} was released and cannot be confirmed.`);
    return why === 'no_payment' ? notFound('payment', input.paymentId) : notFound('refund allocation', input.refundId);
  });
  if (changed) deps.afterCommit();
  return payment;
}
