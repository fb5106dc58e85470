/**
 * Refund allocations (the holds and bookings of refunds against payments), the typed queries of
 * sql/refund-allocations.sql on the service's pool: every statement runs on the pool or on the connection of a transaction
 * made with @vrp/sql's transaction().
 */
import { currencyCodes, minorDigits, minorInDigits, oneMajorUnit } from '@vrp/money';
import type { Queryable } from '@vrp/sql';
import {
  confirmAllocation as confirmAllocationQuery,
  confirmAsHeld as confirmAsHeldQuery,
  findAllocation as findAllocationQuery,
  holdAsAsked as holdAsAskedQuery,
  insertReleaseTombstone as insertReleaseTombstoneQuery,
  markHoldUncertain as markHoldUncertainQuery,
  markReleased as markReleasedQuery,
  uncertainHeldAmount as uncertainHeldAmountQuery,
  unresolvedAllocations as unresolvedAllocationsQuery,
  type IFindAllocationResult,
} from '../generated/sql/refund-allocations.queries.js';
import { toRecord, type OutboxRowOf } from './payment-sql.js';
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

/** The allocation of a refund id, whichever payment and merchant it belongs to, or null. */
export async function findAllocation(db: Queryable, refundId: string): Promise<AllocationRow | null> {
  const [row] = await findAllocationQuery.run({ refundId }, db);
  return row ? toAllocation(row) : null;
}

function toAllocation(row: IFindAllocationResult): AllocationRow {
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
  const found = await unresolvedAllocationsQuery.run({ createdBefore, limit }, db);
  return found.map(toAllocation);
}

/**
 * The amount the payment's uncertain holds take: holds neither confirmed nor released whose
 * create failed midway (marked by markHoldUncertain) or that were made before `madeBefore`
 * (no create takes that long: it is over, and the hold awaits the refund service's give-back).
 */
export async function uncertainHeldAmount(db: Queryable, merchantId: string, paymentId: string, madeBefore: Date): Promise<bigint> {
  const [row] = await uncertainHeldAmountQuery.run({ paymentId, merchantId, madeBefore }, db);
  return BigInt(row?.held ?? '0');
}

/** Marks a refund's unresolved hold as one whose create failed midway; false when it has none. */
export async function markHoldUncertain(
  db: Queryable,
  a: { refundId: string; merchantId: string; paymentId: string; at: Date },
): Promise<boolean> {
  const { rowCount } = await markHoldUncertainQuery.runWithCounts(a, db);
  return rowCount === 1;
}

/**
 * The accepted currencies, with their minor digits and one major unit (the smallest partial
 * refund) in the same order, for the one-statement hold.
 */
const CURRENCIES = currencyCodes();
const DIGITS = CURRENCIES.map(minorDigits);
const MINIMUMS = CURRENCIES.map((c) => oneMajorUnit(c).toString());
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
    const [row] = await holdAsAskedQuery.run(
      {
        refundId: a.refundId,
        merchantId: a.merchantId,
        paymentId: a.paymentId,
        at: a.at,
        // A decimal amount with more digits than a currency has is null there, which refuses it.
        askedByDigits: byDigits.map((m) => (m === null ? null : m.toString())) as string[],
        minimums: MINIMUMS,
        currencies: CURRENCIES,
        digits: DIGITS,
      },
      db,
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
  const [row] = await confirmAllocationQuery.run(a, db);
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
    const [row] = await confirmAsHeldQuery.run(
      {
        ...a,
        refundedMinor: expected.refundedMinor.toString(),
        heldMinor: expected.heldMinor.toString(),
        amountMinor: expected.amountMinor.toString(),
        timelineLength: expected.timelineLength,
        eventId: outbox.eventId,
        subject: outbox.subject,
        payload: Buffer.from(outbox.payload),
        traceparent: outbox.traceparent,
      },
      db,
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
  await insertReleaseTombstoneQuery.run(a, db);
}

/**
 * Marks an allocation released if it was not already. Null when it had been; otherwise whether
 * it had been confirmed, read as this UPDATE locked the row (a confirm committed meanwhile is seen).
 */
export async function markReleased(db: Queryable, refundId: string, at: Date): Promise<{ confirmed: boolean } | null> {
  const [row] = await markReleasedQuery.run({ refundId, at }, db);
  return row ?? null;
}
