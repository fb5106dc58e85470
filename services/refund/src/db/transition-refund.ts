import { writeRefundEvent } from './events.js';
import { withTimeline, type RefundRow } from './refunds.js';
import type { Db } from './client.js';

/**
 * Moves a pending refund to `to` at `at`, appending to its timeline, and writes refund.settled
 * for a settlement in the same transaction. Conditional on the refund still being pending, so
 * of two concurrent reports exactly one changes it; returns null for the loser.
 */
export async function transitionRefund(
  db: Db,
  subjectPrefix: string,
  row: RefundRow,
  to: 'settled' | 'failed',
  at: Date,
): Promise<RefundRow | null> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.refund.updateMany({
      where: { id: row.id, status: 'pending_settlement' },
      data: to === 'settled' ? { status: to, settledAt: at } : { status: to, failedAt: at },
    });
    if (count !== 1) return null;
    await tx.refundTimelineEntry.create({ data: { refundId: row.id, status: to, at } });
    const updated = await tx.refund.findUniqueOrThrow({ where: { id: row.id }, include: withTimeline });
    if (to === 'settled') await writeRefundEvent(tx, subjectPrefix, 'refund.settled', updated, at);
    return updated;
  });
}
