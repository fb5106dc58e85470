import type { JsonObject } from '@bufbuild/protobuf';
import { appendTimeline } from '../domain/timeline.js';
import { writeRefundEvent } from './events.js';
import type { Refund as RefundRow } from '../generated/prisma/client.js';
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
    // The timeline only grows when a refund leaves pending_settlement, so the one read while
    // pending is still current whenever this conditional update matches.
    const timeline = appendTimeline(row.timeline, to, at) as unknown as JsonObject[];
    const { count } = await tx.refund.updateMany({
      where: { id: row.id, status: 'pending_settlement' },
      data: to === 'settled' ? { status: to, settledAt: at, timeline } : { status: to, failedAt: at, timeline },
    });
    if (count !== 1) return null;
    const updated = await tx.refund.findUniqueOrThrow({ where: { id: row.id } });
    if (to === 'settled') await writeRefundEvent(tx, subjectPrefix, 'refund.settled', updated, at);
    return updated;
  });
}
