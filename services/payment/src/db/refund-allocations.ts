/**
 * Refund allocations (the holds and bookings of refunds against payments) in typed raw SQL on
 * the service's pool: every statement runs on the pool or on the connection of a transaction
 * made with @vrp/sql's transaction().
 */
import { rows, type Queryable } from '@vrp/sql';

/** A refund's allocation against a payment. */
export interface AllocationRow {
  refundId: string;
  merchantId: string;
  paymentId: string;
  amountMinor: bigint;
  createdAt: Date;
  releasedAt: Date | null;
  /** Set when the refund committed and the amount moved from held into amount_refunded. */
  confirmedAt: Date | null;
}

interface Row {
  refund_id: string;
  merchant_id: string;
  payment_id: string;
  amount_minor: string;
  created_at: Date;
  released_at: Date | null;
  confirmed_at: Date | null;
}

/** The allocation of a refund id, whichever payment and merchant it belongs to, or null. */
export async function findAllocation(db: Queryable, refundId: string): Promise<AllocationRow | null> {
  const [row] = await rows<Row>(
    db,
    `SELECT refund_id, merchant_id, payment_id, amount_minor::text AS amount_minor, created_at, released_at, confirmed_at
       FROM payment.refund_allocations WHERE refund_id = $1`,
    [refundId],
  );
  return row
    ? {
        refundId: row.refund_id,
        merchantId: row.merchant_id,
        paymentId: row.payment_id,
        amountMinor: BigInt(row.amount_minor),
        createdAt: row.created_at,
        releasedAt: row.released_at,
        confirmedAt: row.confirmed_at,
      }
    : null;
}

/** Inserts a refund's hold record; the primary key refuses a second one for the same refund id. */
export async function insertAllocation(
  db: Queryable,
  a: { refundId: string; merchantId: string; paymentId: string; amountMinor: bigint; at: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO payment.refund_allocations (refund_id, merchant_id, payment_id, amount_minor, created_at) VALUES ($1, $2, $3, $4, $5)`,
    [a.refundId, a.merchantId, a.paymentId, a.amountMinor.toString(), a.at],
  );
}

/** Marks an allocation confirmed unless it was released or confirmed already; true when it did. */
export async function markConfirmed(db: Queryable, refundId: string, at: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE payment.refund_allocations SET confirmed_at = $2 WHERE refund_id = $1 AND released_at IS NULL AND confirmed_at IS NULL`,
    [refundId, at],
  );
  return (rowCount ?? 0) > 0;
}

/**
 * Leaves a tombstone for a release that came before its allocation: a released allocation of 0,
 * so the late allocation is refused. Waits for an uncommitted allocation of the same refund id.
 */
export async function insertReleaseTombstone(
  db: Queryable,
  a: { refundId: string; merchantId: string; paymentId: string; at: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO payment.refund_allocations (refund_id, merchant_id, payment_id, amount_minor, created_at, released_at)
     VALUES ($1, $2, $3, 0, $4, $4)
     ON CONFLICT (refund_id) DO NOTHING`,
    [a.refundId, a.merchantId, a.paymentId, a.at],
  );
}

/**
 * Marks an allocation released if it was not already. Null when it had been; otherwise whether
 * it had been confirmed, read as this UPDATE locked the row (a confirm committed meanwhile is seen).
 */
export async function markReleased(db: Queryable, refundId: string, at: Date): Promise<{ confirmed: boolean } | null> {
  const [row] = await rows<{ confirmed: boolean }>(
    db,
    `UPDATE payment.refund_allocations SET released_at = $2
      WHERE refund_id = $1 AND released_at IS NULL
     RETURNING confirmed_at IS NOT NULL AS confirmed`,
    [refundId, at],
  );
  return row ?? null;
}
