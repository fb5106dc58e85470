import type { RefundAllocation } from '../generated/prisma/client.js';
import type { Db, Tx } from './client.js';

export type AllocationRow = RefundAllocation;

/** The allocation of a refund id, whichever payment and merchant it belongs to, or null. */
export function findAllocation(db: Db | Tx, refundId: string): Promise<AllocationRow | null> {
  return db.refundAllocation.findUnique({ where: { refundId } });
}

/** Inserts a refund's hold record; the primary key refuses a second one for the same refund id. */
export async function insertAllocation(
  tx: Tx,
  a: { refundId: string; merchantId: string; paymentId: string; amountMinor: bigint; at: Date },
): Promise<void> {
  await tx.refundAllocation.create({
    data: { refundId: a.refundId, merchantId: a.merchantId, paymentId: a.paymentId, amountMinor: a.amountMinor, createdAt: a.at },
  });
}

/** Marks an allocation confirmed unless it was released or confirmed already; true when it did. */
export async function markConfirmed(tx: Tx, refundId: string, at: Date): Promise<boolean> {
  const { count } = await tx.refundAllocation.updateMany({
    where: { refundId, releasedAt: null, confirmedAt: null },
    data: { confirmedAt: at },
  });
  return count > 0;
}

/**
 * Leaves a tombstone for a release that came before its allocation: a released allocation of 0,
 * so the late allocation is refused. Waits for an uncommitted allocation of the same refund id.
 */
export async function insertReleaseTombstone(
  tx: Tx,
  a: { refundId: string; merchantId: string; paymentId: string; at: Date },
): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO "payment"."refund_allocations" (refund_id, merchant_id, payment_id, amount_minor, created_at, released_at)
    VALUES (${a.refundId}, ${a.merchantId}, ${a.paymentId}, 0, ${a.at}, ${a.at})
    ON CONFLICT (refund_id) DO NOTHING`;
}

/**
 * Marks an allocation released if it was not already. Null when it had been; otherwise whether
 * it had been confirmed, read as this UPDATE locked the row (a confirm committed meanwhile is seen).
 */
export async function markReleased(tx: Tx, refundId: string, at: Date): Promise<{ confirmed: boolean } | null> {
  const rows = await tx.$queryRaw<{ confirmed: boolean }[]>`
    UPDATE "payment"."refund_allocations" SET released_at = ${at}
     WHERE refund_id = ${refundId} AND released_at IS NULL
    RETURNING confirmed_at IS NOT NULL AS confirmed`;
  return rows[0] ?? null;
}
