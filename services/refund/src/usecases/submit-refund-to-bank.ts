import { noteAllocationConfirmed, noteBankAcknowledged } from '../db/refund-sql.js';
import type { RefundRow } from '../db/refunds.js';
import type { Deps } from '../deps.js';

/**
 * For a refund whose booking the payment service just confirmed, in the background so neither
 * holds up the merchant's answer: notes the confirmation (the resubmission sweeper only takes
 * refunds so noted), then hands the refund to the bank. Tracked in `deps.bankSubmissions` so
 * shutdown waits for it; what is not noted the recovery sweeper confirms again, and what the
 * bank does not acknowledge the resubmission sweeper resubmits.
 */
export function handOverLater(deps: Deps, row: RefundRow): void {
  const p = noteAllocationConfirmed(deps.sql, row.merchantId, row.id)
    .then(() => submitRefundToBank(deps, row))
    .catch((err: unknown) => {
      deps.logger.warn('background bank submission failed; it will be resubmitted', { refund_id: row.id, err });
    })
    .finally(() => deps.bankSubmissions.delete(p));
  deps.bankSubmissions.add(p);
}

/**
 * Hands a recorded refund to the bank (idempotent per refund id on the bank's side) and notes
 * its acknowledgement. Never throws: an unacknowledged refund is resubmitted by the sweeper, so
 * a bank outage delays the refund without failing the merchant's request.
 */
export async function submitRefundToBank(deps: Deps, row: RefundRow): Promise<boolean> {
  try {
    const { bankReference } = await deps.bank.submitRefund({
      refundId: row.id,
      paymentId: row.paymentId,
      amountMinor: row.amountMinor,
      currency: row.currency,
      merchantId: row.merchantId,
      merchantClockOffsetMs: BigInt(deps.clocks.offsetMs(row.merchantId)),
    });
    await noteBankAcknowledged(deps.sql, row.merchantId, row.id, bankReference || row.id);
    return true;
  } catch (err) {
    deps.logger.warn('bank did not take the refund; it will be resubmitted', { refund_id: row.id, err });
    return false;
  }
}
