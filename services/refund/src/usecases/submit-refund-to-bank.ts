import { noteAllocationConfirmed, noteBankAcknowledged } from '../db/refund-sql.js';
import type { RefundRow } from '../db/refunds.js';
import type { Deps } from '../deps.js';

/**
 * For a refund whose booking the payment service just confirmed, in the background so it does
 * not hold up the merchant's answer: hands the refund to the bank and notes the confirmation
 * with the bank's acknowledgement, in one statement (the confirmation alone when the bank did
 * not take it: the resubmission sweeper only takes refunds so noted). Tracked in
 * `deps.bankSubmissions` so shutdown waits for it. What is not noted the recovery sweeper
 * confirms again (ConfirmRefund is idempotent), and what the bank does not acknowledge the
 * resubmission sweeper resubmits.
 */
export function handOverLater(deps: Deps, row: RefundRow): void {
  const p = submitRefundToBank(deps, row, { bookingConfirmed: true })
    .then(async (acknowledged) => {
      if (!acknowledged) await noteAllocationConfirmed(deps.sql, row.merchantId, row.id);
    })
    .catch((err: unknown) => {
      deps.logger.warn('background bank submission failed; it will be resubmitted', { refund_id: row.id, err });
    })
    .finally(() => deps.bankSubmissions.delete(p));
  deps.bankSubmissions.add(p);
}

/**
 * Hands a confirmed refund to the bank (idempotent per refund id on the bank's side) and notes
 * its acknowledgement, with the booking's confirmation when `bookingConfirmed` says it is not
 * noted yet. Never throws: an unacknowledged refund is resubmitted by the sweeper, so a bank
 * outage delays the refund without failing the merchant's request.
 */
export async function submitRefundToBank(deps: Deps, row: RefundRow, options: { bookingConfirmed?: boolean } = {}): Promise<boolean> {
  try {
    const { bankReference } = await deps.bank.submitRefund({
      refundId: row.id,
      paymentId: row.paymentId,
      amountMinor: row.amountMinor,
      currency: row.currency,
      merchantId: row.merchantId,
    });
    await noteBankAcknowledged(deps.sql, row.merchantId, row.id, bankReference || row.id, { bookingConfirmed: options.bookingConfirmed });
    return true;
  } catch (err) {
    deps.logger.warn('bank did not take the refund; it will be resubmitted', { refund_id: row.id, err });
    return false;
  }
}
