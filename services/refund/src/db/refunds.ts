import type { Refund, RefundTimelineEntry } from '../generated/prisma/client.js';
import type { Db } from './client.js';

/** A stored refund with its timeline, oldest entry first. */
export type RefundRow = Refund & { timeline: RefundTimelineEntry[] };

/** Every read of a refund brings its timeline along. */
export const withTimeline = { timeline: { orderBy: { seq: 'asc' } } } as const;

/**
 * One refund by id alone. Only for the bank's callbacks and the sweepers, which act for the
 * platform rather than for a merchant; every merchant-facing read goes through readRefund (refund-sql.ts).
 */
export async function findRefundById(db: Db, id: string) {
  return db.refund.findUnique({ where: { id }, include: withTimeline });
}

/**
 * Pending refunds the bank acknowledged but has not decided since before `submittedBefore`
 * (e.g. the bank restarted and forgot them), oldest first.
 */
export async function undecidedRefunds(db: Db, submittedBefore: Date, limit: number) {
  return db.refund.findMany({
    where: { status: 'pending_settlement', bankReference: { not: null }, bankSubmittedAt: { lt: submittedBefore } },
    orderBy: { bankSubmittedAt: 'asc' },
    take: limit,
    include: withTimeline,
  });
}

/** Records that a failed refund's booking was given back to the payment. */
export async function markAllocationReleased(db: Db, merchantId: string, id: string): Promise<void> {
  await db.refund.updateMany({
    where: { id, merchantId, status: 'failed', allocationReleasedAt: null },
    data: { allocationReleasedAt: new Date() },
  });
}

/** Refunds recorded before `createdBefore` whose booking is not confirmed yet, oldest first. */
export async function unconfirmedRefunds(db: Db, createdBefore: Date, limit: number) {
  return db.refund.findMany({
    where: { allocationConfirmedAt: null, createdAt: { lt: createdBefore } },
    orderBy: { createdAt: 'asc' },
    take: limit,
    include: withTimeline,
  });
}

/**
 * Confirmed pending refunds the bank has not acknowledged since before `createdBefore`, oldest
 * first. A refund goes to the bank only once confirmed, so the bank never pays out a refund
 * whose payment.refunded has not been written.
 */
export async function unacknowledgedRefunds(db: Db, createdBefore: Date, limit: number) {
  return db.refund.findMany({
    where: { status: 'pending_settlement', bankReference: null, allocationConfirmedAt: { not: null }, createdAt: { lt: createdBefore } },
    orderBy: { createdAt: 'asc' },
    take: limit,
    include: withTimeline,
  });
}

/** Failed refunds whose booking has not been given back yet, oldest failure first. */
export async function unreleasedFailedRefunds(db: Db, limit: number) {
  return db.refund.findMany({
    where: { status: 'failed', allocationReleasedAt: null },
    orderBy: { failedAt: 'asc' },
    take: limit,
    include: withTimeline,
  });
}
