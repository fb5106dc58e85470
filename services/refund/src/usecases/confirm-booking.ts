import { noteAllocationConfirmed } from '../db/refund-sql.js';
import type { RefundRow } from '../db/refunds.js';
import type { Deps } from '../deps.js';

/**
 * Asks the payment service to confirm a recorded refund's booking (ConfirmRefund moves the held
 * amount into amount_refunded and writes payment.refunded; it is idempotent per refund id), then
 * notes it. Never throws: false means the payment service could not be reached, and the
 * recovery sweeper confirms it later. Only a confirmed refund is sent to the bank.
 */
export async function confirmBooking(deps: Deps, row: RefundRow): Promise<boolean> {
  if (!(await askPaymentToConfirm(deps, row))) return false;
  await noteAllocationConfirmed(deps.sql, row.merchantId, row.id);
  return true;
}

/** ConfirmRefund at the payment service alone; false (logged) when it could not be reached. */
export async function askPaymentToConfirm(deps: Deps, row: RefundRow): Promise<boolean> {
  try {
    await deps.payments.confirmRefund({ merchantId: row.merchantId, paymentId: row.paymentId, refundId: row.id });
    return true;
  } catch (err) {
    deps.logger.warn('could not confirm a refund booking; will retry', { refund_id: row.id, err });
    return false;
  }
}
