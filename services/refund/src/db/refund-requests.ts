import type { RequestState } from '../domain/refund-status.js';
import type { RefundDb } from './client.js';

/** Writes the durable intent to refund before anything is booked against the payment. */
export async function openRequest(
  db: RefundDb,
  merchantId: string,
  request: { id: string; paymentId: string; amountMinor: bigint },
): Promise<void> {
  await db.refundRequest.create({ data: { ...request, merchantId, state: 'open' satisfies RequestState } });
}

/**
 * Moves a request from one of `from` to `to`; returns false when it was no longer in one of
 * them (another actor got there first). Conditional, so concurrent actors never both win.
 */
export async function moveRequest(
  db: RefundDb,
  merchantId: string,
  id: string,
  from: RequestState[],
  to: RequestState,
): Promise<boolean> {
  const { count } = await db.refundRequest.updateMany({ where: { id, merchantId, state: { in: from } }, data: { state: to } });
  return count === 1;
}

/** Requests with work left for the recovery sweeper: open since before `openBefore`, or abandoned. */
export async function unfinishedRequests(db: RefundDb, openBefore: Date, limit: number) {
  return db.refundRequest.findMany({
    where: { OR: [{ state: 'open', createdAt: { lt: openBefore } }, { state: 'abandoned' }] },
    orderBy: { createdAt: 'asc' },
    take: limit,
  });
}
