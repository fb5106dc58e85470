/**
 * The second phase of a refund's booking on its payment, each in one transaction on the pool:
 * confirming the held amount as refunded (with payment.refunded), or giving the allocation back.
 * The use cases decide what a refusal answers and what a given-back refund announces.
 */
import { transaction, type SqlPool } from '@vrp/sql';
import { recordChange, writePaymentEvent, type Change } from './events.js';
import { readPayment } from './payment-sql.js';
import { dropHeldAmount, giveBackRefunded, type PaymentRecord } from './payments.js';
import { confirmAllocation, findAllocation, insertReleaseTombstone, markReleased } from './refund-allocations.js';

/** A refund's booking on a payment, at the merchant's `at`. */
export interface RefundBooking {
  merchantId: string;
  paymentId: string;
  refundId: string;
  at: Date;
}

/**
 * Why a booking changed nothing and answers no payment: the refund has no allocation on this
 * merchant's payment, it was released (so cannot be confirmed), or the payment is gone.
 */
export type BookingRefusal = 'no_allocation' | 'released' | 'no_payment';

/**
 * Confirms the refund's allocation and writes payment.refunded in one transaction (two
 * statements). When nothing was confirmed, a repeat answers the payment as it is, unchanged;
 * otherwise it throws `refuse(why)`.
 */
export async function confirmRefundBooking(
  pool: SqlPool,
  subjectPrefix: string,
  booking: RefundBooking,
  refuse: (why: BookingRefusal) => Error,
): Promise<{ payment: PaymentRecord; changed: boolean }> {
  return transaction(pool, async (tx) => {
    const booked = await confirmAllocation(tx, booking);
    if (!booked) {
      const allocation = await findAllocation(tx, booking.refundId);
      if (!allocation || allocation.merchantId !== booking.merchantId || allocation.paymentId !== booking.paymentId) {
        throw refuse('no_allocation');
      }
      if (allocation.releasedAt || !allocation.confirmedAt) throw refuse('released');
      const payment = await readPayment(tx, booking.merchantId, booking.paymentId);
      if (!payment) throw refuse('no_payment');
      return { payment, changed: false };
    }
    await writePaymentEvent(tx, subjectPrefix, 'payment.refunded', booked, booking.at);
    return { payment: booked, changed: true };
  });
}

/**
 * Releases the refund's allocation in one transaction, once: a hold never confirmed is dropped
 * (no event), a confirmed refund is given back and recorded as `givenBack` says (whether the
 * payment had been fully refunded decides it). A release before its allocation leaves a
 * tombstone (a released allocation of 0) unless the allocation commits first and is found again.
 * A repeat answers the payment as it is; an unknown refund or payment throws `refuse(why)`.
 */
export async function releaseRefundBooking(
  pool: SqlPool,
  subjectPrefix: string,
  booking: RefundBooking,
  givenBack: (wasFullyRefunded: boolean) => Pick<Change, 'entered' | 'event'>,
  refuse: (why: Exclude<BookingRefusal, 'released'>) => Error,
): Promise<{ payment: PaymentRecord; changed: boolean }> {
  const { merchantId, paymentId, refundId, at } = booking;
  return transaction(pool, async (tx) => {
    let allocation = await findAllocation(tx, refundId);
    if (!allocation) {
      if (!(await readPayment(tx, merchantId, paymentId))) throw refuse('no_allocation');
      await insertReleaseTombstone(tx, booking);
      allocation = await findAllocation(tx, refundId);
    }
    if (!allocation || allocation.merchantId !== merchantId || allocation.paymentId !== paymentId) throw refuse('no_allocation');
    // A ConfirmRefund that committed meanwhile is seen: the release then gives back a refund, not a hold.
    const released = await markReleased(tx, refundId, at);
    if (!released) {
      const payment = await readPayment(tx, merchantId, paymentId);
      if (!payment) throw refuse('no_payment');
      return { payment, changed: false };
    }
    if (!released.confirmed) {
      // Only held: the refund never became public, so giving it back must leave no trace either.
      await dropHeldAmount(tx, merchantId, paymentId, allocation.amountMinor);
      const payment = await readPayment(tx, merchantId, paymentId);
      if (!payment) throw refuse('no_payment');
      return { payment, changed: false };
    }
    const { wasFullyRefunded } = await giveBackRefunded(tx, merchantId, paymentId, allocation.amountMinor);
    const payment = await recordChange(tx, subjectPrefix, { merchantId, paymentId, at, ...givenBack(wasFullyRefunded) });
    return { payment, changed: true };
  });
}
