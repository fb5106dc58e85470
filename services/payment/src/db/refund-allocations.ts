/**
 * Refund allocations (the holds and bookings of refunds against payments) in typed raw SQL on
 * the service's pool: every statement runs on the pool or on the connection of a transaction
 * made with @vrp/sql's transaction().
 */
import { currencyCodes, minorDigits, minorInDigits, oneMajorUnit } from '@vrp/money';
import { rows, type Queryable } from '@vrp/sql';
import { RECORD, toRecord, type OutboxRowOf, type PaymentRow } from './payment-sql.js';
import type { PaymentRecord } from './payments.js';

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
  return row ? toAllocation(row) : null;
}

function toAllocation(row: Row): AllocationRow {
  return {
    refundId: row.refund_id,
    merchantId: row.merchant_id,
    paymentId: row.payment_id,
    amountMinor: BigInt(row.amount_minor),
    createdAt: row.created_at,
    releasedAt: row.released_at,
    confirmedAt: row.confirmed_at,
  };
}

/**
 * Holds neither confirmed nor released, made before `createdBefore`, oldest first (the partial
 * index `refund_allocations_unresolved_idx`). Release tombstones are released, so never listed.
 */
export async function unresolvedAllocations(db: Queryable, createdBefore: Date, limit: number): Promise<AllocationRow[]> {
  const found = await rows<Row>(
    db,
    `SELECT refund_id, merchant_id, payment_id, amount_minor::text AS amount_minor, created_at, released_at, confirmed_at
       FROM payment.refund_allocations
      WHERE released_at IS NULL AND confirmed_at IS NULL AND created_at < $1
      ORDER BY created_at LIMIT $2`,
    [createdBefore, limit],
  );
  return found.map(toAllocation);
}

/**
 * The amount the payment's uncertain holds take: holds neither confirmed nor released whose
 * create failed midway (marked by markHoldUncertain) or that were made before `madeBefore`
 * (no create takes that long: it is over, and the hold awaits the refund service's give-back).
 */
export async function uncertainHeldAmount(db: Queryable, merchantId: string, paymentId: string, madeBefore: Date): Promise<bigint> {
  const [row] = await rows<{ held: string }>(
    db,
    `SELECT coalesce(sum(amount_minor), 0)::text AS held FROM payment.refund_allocations
      WHERE payment_id = $1 AND merchant_id = $2 AND released_at IS NULL AND confirmed_at IS NULL
        AND (uncertain_since IS NOT NULL OR created_at < $3)`,
    [paymentId, merchantId, madeBefore],
  );
  return BigInt(row?.held ?? '0');
}

/** Marks a refund's unresolved hold as one whose create failed midway; false when it has none. */
export async function markHoldUncertain(
  db: Queryable,
  a: { refundId: string; merchantId: string; paymentId: string; at: Date },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE payment.refund_allocations SET uncertain_since = coalesce(uncertain_since, $4)
      WHERE refund_id = $1 AND merchant_id = $2 AND payment_id = $3 AND released_at IS NULL AND confirmed_at IS NULL`,
    [a.refundId, a.merchantId, a.paymentId, a.at],
  );
  return rowCount === 1;
}

/**
 * The accepted currencies, with their minor digits and one major unit (the smallest partial
 * refund) in the same order, as array literals for the one-statement hold.
 */
const CURRENCIES = `{${currencyCodes().join(',')}}`;
const DIGITS = `{${currencyCodes().map(minorDigits).join(',')}}`;
const MINIMUMS = `{${currencyCodes().map(oneMajorUnit).join(',')}}`;
/** The most minor digits any accepted currency has. */
const MOST_DIGITS = Math.max(...currencyCodes().map(minorDigits));

/** What the merchant asked to refund, as the hold is about to read it. */
export type AskedAmount =
  | { minor: bigint }
  /** A decimal string, in the payment's currency (which only the payment row knows). */
  | { decimal: string };

/**
 * Holds a refund's amount against a settled payment in one statement, without reading the
 * payment first: the amount is decided in the statement, from the payment as it is (its currency
 * for a decimal amount and the partial minimum, what is refundable for "everything"). The decimal
 * string is scaled here for every number of minor digits a currency can have (`minorInDigits`,
 * the parser the edge uses) and the statement takes the scaling of the payment's currency.
 *
 * Only for the hold that goes through: it answers with the payment as the hold left it and the
 * amount held, or null when it held nothing for whatever reason (unknown payment, not settled,
 * the amount refused or too much, a concurrent hold that moved the payment), and then the
 * caller judges the payment as it reads it, which says why. It stands alone (no transaction) and
 * locks the allocation, then the payment, the order every writer of both takes; an allocation
 * without its hold cannot stand, so the statement then fails as a whole (its division by zero)
 * and leaves nothing behind. A repeated refund id fails on the allocation's primary key.
 */
export async function holdAsAsked(
  db: Queryable,
  a: { refundId: string; merchantId: string; paymentId: string; asked: AskedAmount; at: Date },
): Promise<{ payment: PaymentRecord; amountMinor: bigint } | null> {
  const byDigits = Array.from({ length: MOST_DIGITS + 1 }, (_, d) =>
    'minor' in a.asked ? a.asked.minor : minorInDigits(a.asked.decimal, d),
  );
  try {
    const [row] = await rows<PaymentRow & { held_minor: string }>(
      db,
      `WITH found AS (
         SELECT p.amount_minor - p.amount_refunded_minor - p.amount_held_minor AS remaining,
                ($5::bigint[])[($8::int[])[c.i] + 1] AS asked, ($6::bigint[])[c.i] AS minimum
           FROM payment.payments p
          CROSS JOIN LATERAL (SELECT array_position($7::text[], p.currency) AS i) c
          WHERE p.id = $3 AND p.merchant_id = $2 AND p.status = 'settled'),
       wanted AS (
         SELECT CASE WHEN f.asked = 0 THEN f.remaining ELSE f.asked END AS amount, f.minimum FROM found f WHERE f.asked >= 0),
       allocated AS (
         INSERT INTO payment.refund_allocations (refund_id, merchant_id, payment_id, amount_minor, created_at)
         SELECT $1, $2, $3, w.amount, $4 FROM wanted w WHERE w.amount > 0
         RETURNING amount_minor),
       held AS (
         UPDATE payment.payments p SET amount_held_minor = p.amount_held_minor + a.amount_minor
           FROM allocated a, wanted w
          WHERE p.id = $3 AND p.merchant_id = $2 AND p.status = 'settled'
            AND p.amount_refunded_minor + p.amount_held_minor + a.amount_minor <= p.amount_minor
            AND (a.amount_minor >= w.minimum OR p.amount_refunded_minor + p.amount_held_minor + a.amount_minor = p.amount_minor)
         RETURNING ${RECORD}, a.amount_minor::text AS held_minor)
       SELECT h.*, 1 / (SELECT count(*) FROM held) AS one FROM (SELECT 1) x LEFT JOIN held h ON true`,
      [
        a.refundId,
        a.merchantId,
        a.paymentId,
        a.at,
        `{${byDigits.map((m) => (m === null ? 'NULL' : m.toString())).join(',')}}`,
        MINIMUMS,
        CURRENCIES,
        DIGITS,
      ],
    );
    const held = toRecord(row!);
    const amountMinor = BigInt(row!.held_minor);
    return { payment: { ...held, amountHeldMinor: held.amountHeldMinor - amountMinor }, amountMinor };
  } catch (err) {
    if ((err as { code?: string }).code === DIVISION_BY_ZERO) return null;
    throw err;
  }
}

/**
 * The allocation confirmed ($1 refund, $2 merchant, $3 payment, $4 when), unless it was released
 * or confirmed before: `confirmed` holds its amount. Locks the allocation first.
 */
const CONFIRMED = `confirmed AS (
       UPDATE payment.refund_allocations SET confirmed_at = $4
        WHERE refund_id = $1 AND merchant_id = $2 AND payment_id = $3 AND released_at IS NULL AND confirmed_at IS NULL
       RETURNING amount_minor)`;

/**
 * Confirms a refund's allocation and books its amount, in one statement: the allocation of this
 * merchant's payment is marked confirmed unless it was released or confirmed already, its held
 * amount moves into amount_refunded, and a payment with nothing left becomes `refunded` with its
 * timeline entry. Locks the allocation, then the payment, the order every writer of both takes.
 * Returns the payment as booked (for payment.refunded, without reading it again), or null when
 * nothing was confirmed (unknown, another payment's, released, or confirmed before).
 */
export async function confirmAllocation(
  db: Queryable,
  a: { refundId: string; merchantId: string; paymentId: string; at: Date },
): Promise<PaymentRecord | null> {
  const [row] = await rows<PaymentRow & { refunded_seq: string | null }>(
    db,
    `WITH ${CONFIRMED},
     booked AS (
       UPDATE payment.payments p
          SET amount_held_minor = p.amount_held_minor - c.amount_minor,
              amount_refunded_minor = p.amount_refunded_minor + c.amount_minor,
              status = CASE WHEN p.amount_refunded_minor + c.amount_minor = p.amount_minor THEN 'refunded' ELSE p.status END
         FROM confirmed c
        WHERE p.id = $3 AND p.merchant_id = $2
       RETURNING ${RECORD}),
     entry AS (
       INSERT INTO payment.payment_timeline (payment_id, status, at) SELECT id, 'refunded', $4 FROM booked WHERE status = 'refunded'
       RETURNING seq)
     SELECT booked.*, (SELECT seq::text FROM entry) AS refunded_seq FROM booked`,
    [a.refundId, a.merchantId, a.paymentId, a.at],
  );
  if (!row) return null;
  const record = toRecord(row);
  // The statement's own timeline entry is not in the timeline it read (a statement sees the
  // table as it was when it started), so it goes on the end here.
  if (row.refunded_seq !== null)
    record.timeline.push({ seq: BigInt(row.refunded_seq), paymentId: record.id, status: 'refunded', at: a.at });
  return record;
}

/**
 * confirmAllocation when the payment is still as the hold left it, with payment.refunded built
 * beforehand (`booked`: the payment as the confirmation will leave it, still settled): one
 * statement confirms the allocation, books the amount and writes the outbox row, only while the
 * payment's amounts, its status and the length of its timeline are those `expected`. True when it
 * booked; otherwise it changed nothing (a statement that confirmed the allocation but could not
 * book it fails as a whole: its division by zero undoes it) and the caller confirms the longer way.
 */
export async function confirmAsHeld(
  db: Queryable,
  a: { refundId: string; merchantId: string; paymentId: string; at: Date },
  expected: { refundedMinor: bigint; heldMinor: bigint; amountMinor: bigint; timelineLength: number },
  booked: PaymentRecord,
  event: OutboxRowOf,
): Promise<boolean> {
  const outbox = event(booked);
  try {
    const [row] = await rows<{ booked: number }>(
      db,
      `WITH ${CONFIRMED},
       booked AS (
         UPDATE payment.payments p
            SET amount_held_minor = p.amount_held_minor - c.amount_minor,
                amount_refunded_minor = p.amount_refunded_minor + c.amount_minor
           FROM confirmed c
          WHERE p.id = $3 AND p.merchant_id = $2 AND p.status = 'settled' AND c.amount_minor = $7
            AND p.amount_refunded_minor = $5 AND p.amount_held_minor = $6
            AND p.amount_refunded_minor + c.amount_minor < p.amount_minor
            AND (SELECT count(*) FROM payment.payment_timeline t WHERE t.payment_id = $3) = $8
         RETURNING p.id),
       outbox AS (
         INSERT INTO payment.outbox_events (event_id, subject, payload, created_at, traceparent) SELECT $9, $10, $11, $4, $12 FROM booked)
       SELECT CASE WHEN (SELECT count(*) FROM confirmed) = (SELECT count(*) FROM booked) THEN (SELECT count(*) FROM booked)::int
                   ELSE 1 / (SELECT count(*) FROM booked)::int END AS booked`,
      [
        a.refundId,
        a.merchantId,
        a.paymentId,
        a.at,
        expected.refundedMinor.toString(),
        expected.heldMinor.toString(),
        expected.amountMinor.toString(),
        expected.timelineLength,
        outbox.eventId,
        outbox.subject,
        Buffer.from(outbox.payload),
        outbox.traceparent,
      ],
    );
    return row!.booked === 1;
  } catch (err) {
    if ((err as { code?: string }).code === DIVISION_BY_ZERO) return false;
    throw err;
  }
}

const DIVISION_BY_ZERO = '22012';

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
