import { retryingUniqueRace, type Queryable } from '@vrp/sql';
import type { RequestState } from '../domain/refund-status.js';
import {
  findRequest as findRequestQuery,
  forgetRequest as forgetRequestQuery,
  freeKeysOf as freeKeysOfQuery,
  markAbandoned as markAbandonedQuery,
  moveRequest as moveRequestQuery,
  unfinishedRequests as unfinishedRequestsQuery,
  type IFindRequestResult,
} from '../generated/sql/refund-requests.queries.js';

/** A refund request as the sweepers and the create path read it (its state is only ever written here, one of RequestState). */
export type RefundRequestRow = Omit<IFindRequestResult, 'state'> & { state: RequestState };

const toRequestRow = (row: IFindRequestResult): RefundRequestRow => ({ ...row, state: row.state as RequestState });

/** Frees the Idempotency-Keys bound to a request that ended without a refund, so a retry can refund. */
export async function freeKeysOf(db: Queryable, merchantId: string, requestId: string): Promise<void> {
  await freeKeysOfQuery.run({ merchantId, requestId }, db);
}

/**
 * Moves a request from one of `from` to `to`; returns false when it was no longer in one of
 * them (another actor got there first). Conditional, so concurrent actors never both win.
 */
export async function moveRequest(db: Queryable, merchantId: string, id: string, from: RequestState[], to: RequestState): Promise<boolean> {
  const { rowCount } = await moveRequestQuery.runWithCounts({ id, merchantId, from, to }, db);
  // A request that ends without a refund frees its Idempotency-Key: a retry may refund after all.
  if (rowCount === 1 && to === 'released') await freeKeysOf(db, merchantId, id);
  return rowCount === 1;
}

/**
 * Marks a create's request abandoned, so its hold is given back: the open request of a create
 * with an Idempotency-Key, or, for a create that recorded nothing before its hold, a new row
 * (the tombstone that keeps its refund from being recorded later). Returns the request's state
 * afterwards: `abandoned` when the hold is to be given back, `completed` when its refund was
 * recorded first (nothing to give back), `released` when that was done already.
 */
export async function markAbandoned(
  db: Queryable,
  ref: { merchantId: string; paymentId: string; id: string },
): Promise<RequestState | undefined> {
  // Racing the create's insertRefund on a new row: see retryingUniqueRace.
  await retryingUniqueRace(() => markAbandonedQuery.run({ id: ref.id, merchantId: ref.merchantId, paymentId: ref.paymentId }, db));
  return (await findRequest(db, ref.id))?.state;
}

/**
 * Deletes a request that is still open, with the Idempotency-Keys bound to it, in one statement:
 * for a create the payment service refused (nothing was booked), so a refused request leaves no
 * trace and a retry with the same key may refund (freeKeysOf's delete, in the same statement).
 * Conditional on `open`, as every move is.
 */
export async function forgetRequest(db: Queryable, merchantId: string, id: string): Promise<void> {
  await forgetRequestQuery.run({ id, merchantId }, db);
}

/** Requests with work left for the recovery sweeper: open since before `openBefore`, or abandoned (oldest first). */
export async function unfinishedRequests(db: Queryable, openBefore: Date, limit: number): Promise<RefundRequestRow[]> {
  return (await unfinishedRequestsQuery.run({ openBefore, limit }, db)).map(toRequestRow);
}

/** A refund request by id, whatever its state, or null. */
export async function findRequest(db: Queryable, id: string): Promise<RefundRequestRow | null> {
  const [row] = await findRequestQuery.run({ id }, db);
  return row ? toRequestRow(row) : null;
}
