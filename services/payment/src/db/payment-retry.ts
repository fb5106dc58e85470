/** A failed payment's retry, in one transaction: back to submitted, counted again in its periods, with its event. */
import { transaction, type SqlPool } from '@vrp/sql';
import { recordChange } from './events.js';
import { resubmitFailed, type PaymentRecord } from './payments.js';
import { reclaimUsage } from './period-usage.js';

/**
 * Moves a failed payment back to submitted as its next attempt, if it is still failed at
 * `retryCount` (undefined when it is not: another retry was made), counts it again in the periods
 * it was counted in before it failed and writes payment.submitted. When one of those periods is
 * full now it throws `full(usageKey)`, and nothing of the retry is kept.
 */
export async function resubmitPayment(
  pool: SqlPool,
  subjectPrefix: string,
  retry: { merchantId: string; id: string; retryCount: number; amountMinor: bigint; at: Date },
  full: (usageKey: string) => Error,
): Promise<PaymentRecord | undefined> {
  const { merchantId, id, at } = retry;
  return transaction(pool, async (tx) => {
    if (!(await resubmitFailed(tx, merchantId, id, retry.retryCount, at))) return undefined;
    const fullKey = await reclaimUsage(tx, id, retry.amountMinor);
    if (fullKey) throw full(fullKey);
    return recordChange(tx, subjectPrefix, { merchantId, paymentId: id, at, entered: 'submitted', event: 'payment.submitted' });
  });
}
