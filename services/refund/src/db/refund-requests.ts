import { retryingUniqueRace, rows, type Queryable } from '@vrp/sql';
import type { RequestState } from '../domain/refund-status.js';

/** A refund request as the sweepers and the create path read it. */
export interface RefundRequestRow {
  id: string;
  merchantId: string;
  paymentId: string;
  state: RequestState;
  createdAt: Date;
}

const COLUMNS = `id, merchant_id AS "merchantId", payment_id AS "paymentId", state, created_at AS "createdAt"`;

/** Frees the Idempotency-Keys bound to a request that ended without a refund, so a retry can refund. */
export async function freeKeysOf(db: Queryable, merchantId: string, requestId: string): Promise<void> {
  await db.query('DELETE FROM refund.idempotency_keys WHERE merchant_id = $1 AND resource_id = $2', [merchantId, requestId]);
}

/**
 * Moves a request from one of `from` to `to`; returns false when it was no longer in one of
 * them (another actor got there first). Conditional, so concurrent actors never both win.
 */
export async function moveRequest(db: Queryable, merchantId: string, id: string, from: RequestState[], to: RequestState): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE refund.refund_requests SET state = $4, updated_at = now() WHERE id = $1 AND merchant_id = $2 AND state = ANY($3::text[])',
    [id, merchantId, from, to],
  );
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
  await retryingUniqueRace(() =>
    db.query(
      `INSERT INTO refund.refund_requests AS r (id, merchant_id, payment_id, amount_minor, state) VALUES ($1, $2, $3, 0, 'abandoned')
       ON CONFLICT (id) DO UPDATE SET state = 'abandoned', updated_at = now() WHERE r.merchant_id = $2 AND r.state = 'open'`,
      [ref.id, ref.merchantId, ref.paymentId],
    ),
  );
  return (await findRequest(db, ref.id))?.state;
}

/**
 * Deletes a request that is still open, with the Idempotency-Keys bound to it, in one statement:
 * for a create the payment service refused (nothing was booked), so a refused request leaves no
 * trace and a retry with the same key may refund (freeKeysOf's delete, in the same statement).
 * Conditional on `open`, as every move is.
 */
export async function forgetRequest(db: Queryable, merchantId: string, id: string): Promise<void> {
  await db.query(
    `WITH gone AS (DELETE FROM refund.refund_requests WHERE id = $1 AND merchant_id = $2 AND state = 'open' RETURNING id)
     DELETE FROM refund.idempotency_keys k USING gone WHERE k.merchant_id = $2 AND k.resource_id = gone.id`,
    [id, merchantId],
  );
}

/** Requests with work left for the recovery sweeper: open since before `openBefore`, or abandoned (oldest first). */
export async function unfinishedRequests(db: Queryable, openBefore: Date, limit: number): Promise<RefundRequestRow[]> {
  return rows<RefundRequestRow>(
    db,
    `SELECT ${COLUMNS} FROM refund.refund_requests
      WHERE (state = 'open' AND created_at < $1) OR state = 'abandoned'
      ORDER BY created_at LIMIT $2`,
    [openBefore, limit],
  );
}

/** A refund request by id, whatever its state, or null. */
export async function findRequest(db: Queryable, id: string): Promise<RefundRequestRow | null> {
  const [row] = await rows<RefundRequestRow>(db, `SELECT ${COLUMNS} FROM refund.refund_requests WHERE id = $1`, [id]);
  return row ?? null;
}
