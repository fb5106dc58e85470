import type { RequestState } from '../domain/refund-status.js';
import type { Db } from './client.js';

/** Frees the Idempotency-Keys bound to a request that ended without a refund, so a retry can refund. */
export async function freeKeysOf(db: Db, merchantId: string, requestId: string): Promise<void> {
  await db.idempotencyKey.deleteMany({ where: { merchantId, resourceId: requestId } });
}

/**
 * Moves a request from one of `from` to `to`; returns false when it was no longer in one of
 * them (another actor got there first). Conditional, so concurrent actors never both win.
 */
export async function moveRequest(db: Db, merchantId: string, id: string, from: RequestState[], to: RequestState): Promise<boolean> {
  const { count } = await db.refundRequest.updateMany({ where: { id, merchantId, state: { in: from } }, data: { state: to } });
  // A request that ends without a refund frees its Idempotency-Key: a retry may refund after all.
  if (count === 1 && to === 'released') await freeKeysOf(db, merchantId, id);
  return count === 1;
}

/** Requests with work left for the recovery sweeper: open since before `openBefore`, or abandoned. */
export async function unfinishedRequests(db: Db, openBefore: Date, limit: number) {
  return db.refundRequest.findMany({
    where: { OR: [{ state: 'open', createdAt: { lt: openBefore } }, { state: 'abandoned' }] },
    orderBy: { createdAt: 'asc' },
    take: limit,
  });
}

/** A refund request by id, whatever its state, or null. */
export function findRequest(db: Db, id: string) {
  return db.refundRequest.findUnique({ where: { id } });
}
