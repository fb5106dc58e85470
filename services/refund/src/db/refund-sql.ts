/**
 * The refund service's hot path in typed raw SQL on its pool (Prisma runs on the same pool for
 * the sweepers): reading a refund with its timeline, a list page, opening a request, recording
 * a refund (request, row, timeline entry and refund.created in one statement), the notes of
 * a confirmed booking and of the bank's acknowledgement, the bank's outcomes and the sweepers'
 * searches. Rows come back in Prisma's shapes.
 */
import type { JsonObject } from '@bufbuild/protobuf';
import type { common } from '@vrp/contracts';
import { ApiError } from '@vrp/errors';
import { bindKey, type IdempotencyClaim } from '@vrp/idempotency';
import { SqlFilter, keysetPageSql, keysetQuery, pageOf } from '@vrp/pagination';
import { rawSql, retryingUniqueRace, rows, transaction, type Queryable, type SqlPool } from '@vrp/sql';
import type { Prisma } from '../generated/prisma/client.js';
import { refundEventRow } from './events.js';
import type { RefundRow } from './refund-row.js';

/** A booked refund about to be recorded. */
export interface NewRefund {
  id: string;
  merchantId: string;
  paymentId: string;
  amountMinor: bigint;
  currency: string;
  reason: string;
  metadata: JsonObject;
  /** YYYY-MM-DD */
  expectedSettlementDate: string;
}

/** Filters of a refund list; every bound is inclusive and optional. */
export interface RefundFilters {
  paymentId?: string;
  statuses?: string[];
  createdAt?: { gte?: Date; lte?: Date };
  amountMinor?: { gte?: bigint; lte?: bigint };
  /** Pairs the metadata must hold (answered by its GIN index). */
  metadata?: Record<string, string>;
}

interface Row {
  id: string;
  merchant_id: string;
  payment_id: string;
  amount_minor: string;
  currency: string;
  status: string;
  reason: string;
  metadata: Prisma.JsonValue;
  created_at: Date;
  expected_settlement_date: string;
  settled_at: Date | null;
  failed_at: Date | null;
  bank_reference: string | null;
  bank_submitted_at: Date | null;
  allocation_released_at: Date | null;
  allocation_confirmed_at: Date | null;
  timeline: { seq: string; status: string; at: string }[];
}

/** The columns of a refund row, its timeline aggregated (oldest first), for a row aliased `r`. */
const RECORD = `r.id, r.merchant_id, r.payment_id, r.amount_minor::text AS amount_minor, r.currency, r.status, r.reason, r.metadata,
  r.created_at, to_char(r.expected_settlement_date, 'YYYY-MM-DD') AS expected_settlement_date, r.settled_at, r.failed_at,
  r.bank_reference, r.bank_submitted_at, r.allocation_released_at, r.allocation_confirmed_at,
  COALESCE((SELECT json_agg(json_build_object('seq', t.seq::text, 'status', t.status, 'at', t.at) ORDER BY t.seq)
              FROM refund.refund_timeline t WHERE t.refund_id = r.id), '[]') AS timeline`;

function toRefundRow(row: Row): RefundRow {
  return {
    id: row.id,
    merchantId: row.merchant_id,
    paymentId: row.payment_id,
    amountMinor: BigInt(row.amount_minor),
    currency: row.currency,
    status: row.status,
    reason: row.reason,
    metadata: row.metadata,
    createdAt: row.created_at,
    expectedSettlementDate: new Date(`${row.expected_settlement_date}T00:00:00Z`),
    settledAt: row.settled_at,
    failedAt: row.failed_at,
    bankReference: row.bank_reference,
    bankSubmittedAt: row.bank_submitted_at,
    allocationReleasedAt: row.allocation_released_at,
    allocationConfirmedAt: row.allocation_confirmed_at,
    timeline: row.timeline.map((t) => ({ seq: BigInt(t.seq), refundId: row.id, status: t.status, at: new Date(t.at) })),
  };
}

/** Refunds matching `where` (over `r`, with `values`), with their timelines, in `orderBy`, at most `limit`. */
export async function selectRefunds(db: Queryable, where: string, values: unknown[], orderBy: string, limit: number): Promise<RefundRow[]> {
  const found = await rows<Row>(
    db,
    `SELECT ${RECORD} FROM refund.refunds r WHERE ${where} ORDER BY ${orderBy} LIMIT ${Math.floor(limit)}`,
    values,
  );
  return found.map(toRefundRow);
}

/**
 * One refund by id alone. Only for the bank's callbacks and the sweepers, which act for the
 * platform rather than for a merchant; every merchant-facing read goes through readRefund.
 */
export async function readRefundById(db: Queryable, id: string): Promise<RefundRow | null> {
  const [row] = await rows<Row>(db, `SELECT ${RECORD} FROM refund.refunds r WHERE r.id = $1`, [id]);
  return row ? toRefundRow(row) : null;
}

/**
 * Moves a pending refund to `to` at `at`, appending to its timeline, and writes refund.settled or
 * refund.failed, in one statement. The event is built beforehand from `read`, the refund as read
 * before the move: while a refund is pending nothing the event carries changes except by a move
 * (its status, settled_at and timeline), and the statement only moves a refund that is still
 * pending, so the event is exactly the refund as moved. Of two concurrent reports exactly one
 * moves it; returns null for the other.
 */
export async function transitionRefund(
  db: Queryable,
  subjectPrefix: string,
  read: RefundRow,
  to: 'settled' | 'failed',
  at: Date,
): Promise<RefundRow | null> {
  const outbox = refundEventRow(subjectPrefix, `refund.${to}`, asMoved(read, to, at), at);
  const [moved] = await rows<Row & { entry_seq: string }>(
    db,
    `WITH moved AS (
       UPDATE refund.refunds r SET status = $2,
         settled_at = CASE WHEN $2 = 'settled' THEN $3::timestamptz ELSE r.settled_at END,
         failed_at = CASE WHEN $2 = 'failed' THEN $3::timestamptz ELSE r.failed_at END
        WHERE r.id = $1 AND r.status = 'pending_settlement'
       RETURNING ${RECORD}),
     entry AS (INSERT INTO refund.refund_timeline (refund_id, status, at) SELECT id, $2, $3 FROM moved RETURNING seq),
     outbox AS (
       INSERT INTO refund.outbox_events (event_id, subject, payload, traceparent)
       SELECT $4, $5, $6, $7 FROM moved)
     SELECT moved.*, (SELECT seq::text FROM entry) AS entry_seq FROM moved`,
    [read.id, to, at, outbox.eventId, outbox.subject, Buffer.from(outbox.payload), outbox.traceparent ?? null],
  );
  if (!moved) return null;
  // The timeline was read as the statement began: the entry it added comes last.
  const row = toRefundRow(moved);
  row.timeline.push({ seq: BigInt(moved.entry_seq), refundId: read.id, status: to, at });
  return row;
}

/** A pending refund as a move to `to` at `at` leaves it (the new timeline entry's seq is not known yet, nor carried by events). */
function asMoved(read: RefundRow, to: 'settled' | 'failed', at: Date): RefundRow {
  return {
    ...read,
    status: to,
    settledAt: to === 'settled' ? at : read.settledAt,
    failedAt: to === 'failed' ? at : read.failedAt,
    timeline: [...read.timeline, { seq: 0n, refundId: read.id, status: to, at }],
  };
}

/** Records that a failed refund's booking was given back to the payment. */
export async function noteAllocationReleased(db: Queryable, merchantId: string, id: string): Promise<void> {
  await db.query(
    `UPDATE refund.refunds SET allocation_released_at = $3
      WHERE id = $1 AND merchant_id = $2 AND status = 'failed' AND allocation_released_at IS NULL`,
    [id, merchantId, new Date()],
  );
}

/** One refund of `merchantId` with its timeline, or null (also when it belongs to another merchant). */
export async function readRefund(db: Queryable, merchantId: string, id: string): Promise<RefundRow | null> {
  const [row] = await rows<Row>(db, `SELECT ${RECORD} FROM refund.refunds r WHERE r.id = $1 AND r.merchant_id = $2`, [id, merchantId]);
  return row ? toRefundRow(row) : null;
}

/** One keyset page of a merchant's refunds in the requested order (ties broken by id), in one statement. */
export async function selectRefundPage(
  db: Queryable,
  merchantId: string,
  filters: RefundFilters,
  page: common.PageRequest | undefined,
): Promise<{ items: RefundRow[]; hasMore: boolean }> {
  const query = keysetQuery(page, { createdAt: 'r.created_at', id: 'r.id', amount: 'r.amount_minor' });
  const filter = new SqlFilter().add((v) => `r.merchant_id = ${v}`, merchantId);
  if (filters.paymentId) filter.add((v) => `r.payment_id = ${v}`, filters.paymentId);
  if (filters.statuses?.length) filter.oneOf('r.status', filters.statuses);
  if (filters.createdAt?.gte) filter.add((v) => `r.created_at >= ${v}`, filters.createdAt.gte);
  if (filters.createdAt?.lte) filter.add((v) => `r.created_at <= ${v}`, filters.createdAt.lte);
  if (filters.amountMinor?.gte !== undefined) filter.add((v) => `r.amount_minor >= ${v}::bigint`, filters.amountMinor.gte);
  if (filters.amountMinor?.lte !== undefined) filter.add((v) => `r.amount_minor <= ${v}::bigint`, filters.amountMinor.lte);
  filter.metadataContains('r.metadata', filters.metadata);
  const found = await rows<Row>(db, keysetPageSql(`SELECT ${RECORD} FROM refund.refunds r`, filter, query), filter.values);
  return pageOf(found.map(toRefundRow), query);
}

/**
 * Writes the durable intent to refund before anything is booked against the payment, binding
 * the Idempotency-Key (when given) to the refund id in the same transaction: KeyTaken when a
 * create with the same key got there first.
 */
export async function insertRequest(
  pool: SqlPool,
  merchantId: string,
  request: { id: string; paymentId: string; amountMinor: bigint },
  idempotency?: IdempotencyClaim,
): Promise<void> {
  const insert = (db: Queryable) =>
    db.query(`INSERT INTO refund.refund_requests (id, merchant_id, payment_id, amount_minor, state) VALUES ($1, $2, $3, $4, 'open')`, [
      request.id,
      merchantId,
      request.paymentId,
      request.amountMinor.toString(),
    ]);
  if (!idempotency) {
    await insert(pool);
    return;
  }
  await transaction(pool, async (tx) => {
    await bindKey(rawSql(tx), 'refund', merchantId, idempotency, request.id, new Date());
    await insert(tx);
  });
}

/**
 * In one statement: records the request as completed (with the amount booked), inserts the
 * refund (pending settlement), its first timeline entry and refund.created in the outbox (built
 * beforehand from the row as it will be). A create without an Idempotency-Key made no request
 * before its hold, so the request row is inserted here; one with a key completes the open row it
 * made. The request's primary key decides between this and the sweeper: when the sweeper got
 * there first (the row is abandoned or released, and it is giving the hold back) nothing is
 * inserted and this fails with service_unavailable.
 */
export async function insertRefund(db: Queryable, subjectPrefix: string, refund: NewRefund, at: Date): Promise<RefundRow> {
  const row: RefundRow = {
    id: refund.id,
    merchantId: refund.merchantId,
    paymentId: refund.paymentId,
    amountMinor: refund.amountMinor,
    currency: refund.currency,
    status: 'pending_settlement',
    reason: refund.reason,
    metadata: refund.metadata as JsonObject as Prisma.JsonValue,
    createdAt: at,
    expectedSettlementDate: new Date(`${refund.expectedSettlementDate}T00:00:00Z`),
    settledAt: null,
    failedAt: null,
    bankReference: null,
    bankSubmittedAt: null,
    allocationReleasedAt: null,
    allocationConfirmedAt: null,
    timeline: [{ seq: 0n, refundId: refund.id, status: 'pending_settlement', at }],
  };
  const outbox = refundEventRow(subjectPrefix, 'refund.created', row, at);
  // Racing the sweeper's markAbandoned on a new row (a create without a key): see retryingUniqueRace.
  const [result] = await retryingUniqueRace(() =>
    rows<{ seq: string | null }>(
      db,
      `WITH request AS (
       INSERT INTO refund.refund_requests AS r (id, merchant_id, payment_id, amount_minor, state) VALUES ($1, $2, $3, $4, 'completed')
       ON CONFLICT (id) DO UPDATE SET state = 'completed', amount_minor = $4, updated_at = now()
        WHERE r.merchant_id = $2 AND r.state = 'open' RETURNING id),
     created AS (
       INSERT INTO refund.refunds (id, merchant_id, payment_id, amount_minor, currency, status, reason, metadata, created_at, expected_settlement_date)
       SELECT $1, $2, $3, $4, $5, 'pending_settlement', $6, $7::jsonb, $8, $9::date FROM request RETURNING id),
     entry AS (
       INSERT INTO refund.refund_timeline (refund_id, status, at) SELECT id, 'pending_settlement', $8 FROM created RETURNING seq),
     outbox AS (
       INSERT INTO refund.outbox_events (event_id, subject, payload, traceparent) SELECT $10, $11, $12, $13 FROM created)
     SELECT (SELECT seq::text FROM entry) AS seq`,
      [
        refund.id,
        refund.merchantId,
        refund.paymentId,
        refund.amountMinor.toString(),
        refund.currency,
        refund.reason,
        JSON.stringify(refund.metadata),
        at,
        refund.expectedSettlementDate,
        outbox.eventId,
        outbox.subject,
        Buffer.from(outbox.payload),
        outbox.traceparent,
      ],
    ),
  );
  if (!result?.seq) throw new ApiError('service_unavailable', 'The refund took too long to record and was cancelled; retry.');
  row.timeline[0]!.seq = BigInt(result.seq);
  return row;
}

/** Records that the payment service confirmed the refund's booking (payment.refunded is written). */
export async function noteAllocationConfirmed(db: Queryable, merchantId: string, id: string): Promise<void> {
  await db.query(
    'UPDATE refund.refunds SET allocation_confirmed_at = now() WHERE id = $1 AND merchant_id = $2 AND allocation_confirmed_at IS NULL',
    [id, merchantId],
  );
}

/**
 * Records the bank's acknowledgement of a submission (the first reference wins) and when it was
 * made. `bookingConfirmed` notes in the same statement that the payment service confirmed the
 * booking (noteAllocationConfirmed), for a hand-over that had not noted it yet.
 */
export async function noteBankAcknowledged(
  db: Queryable,
  merchantId: string,
  id: string,
  bankReference: string,
  { at = new Date(), bookingConfirmed = false }: { at?: Date; bookingConfirmed?: boolean } = {},
): Promise<void> {
  await db.query(
    `UPDATE refund.refunds SET bank_reference = COALESCE(bank_reference, $3), bank_submitted_at = $4,
       allocation_confirmed_at = CASE WHEN $5::bool THEN COALESCE(allocation_confirmed_at, $4) ELSE allocation_confirmed_at END
      WHERE id = $1 AND merchant_id = $2`,
    [id, merchantId, bankReference, at, bookingConfirmed],
  );
}
