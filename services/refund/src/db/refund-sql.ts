/**
 * The refund service's hot path in SQL on its pool, each statement a query of sql/refunds.sql
 * typed by pgtyped (but the list page's, built at run time): reading a refund with its timeline,
 * a list page, opening a request, recording a refund (request, row, timeline entry and
 * refund.created in one statement), the notes of a confirmed booking and of the bank's
 * acknowledgement and the bank's outcomes.
 */
import type { JsonObject } from '@bufbuild/protobuf';
import type { common } from '@vrp/contracts';
import { ApiError } from '@vrp/errors';
import { bindKey, type IdempotencyClaim } from '@vrp/idempotency';
import { SqlFilter, keysetPageSql, keysetQuery, pageOf } from '@vrp/pagination';
import { rawSql, retryingUniqueRace, rows, transaction, type Queryable, type SqlPool } from '@vrp/sql';
import {
  insertRefund as insertRefundQuery,
  insertRequest as insertRequestQuery,
  noteAllocationConfirmed as noteAllocationConfirmedQuery,
  noteAllocationReleased as noteAllocationReleasedQuery,
  noteBankAcknowledged as noteBankAcknowledgedQuery,
  readRefund as readRefundQuery,
  readRefundById as readRefundByIdQuery,
  transitionRefund as transitionRefundQuery,
  type IReadRefundResult,
} from '../generated/sql/refunds.queries.js';
import { refundEventRow } from './events.js';
import { toRefundRow, type RefundRow } from './refund-row.js';

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

/**
 * The columns of a refund for a row aliased `r`, its timeline aggregated (oldest first): the
 * select list of every refund query in sql/refunds.sql, word for word (test/refund-columns.test.ts
 * keeps them equal), so a page's rows have the typed queries' row type. Only the page query uses it.
 */
export const REFUND_COLUMNS = `r.id, r.merchant_id AS "merchantId", r.payment_id AS "paymentId", r.amount_minor AS "amountMinor", r.currency, r.status, r.reason,
       r.metadata, r.created_at AS "createdAt", to_char(r.expected_settlement_date, 'YYYY-MM-DD') AS "expectedSettlementDate!",
       r.settled_at AS "settledAt", r.failed_at AS "failedAt", r.bank_reference AS "bankReference", r.bank_submitted_at AS "bankSubmittedAt",
       r.allocation_released_at AS "allocationReleasedAt", r.allocation_confirmed_at AS "allocationConfirmedAt",
       COALESCE((SELECT json_agg(json_build_object('seq', t.seq::text, 'status', t.status, 'at', t.at) ORDER BY t.seq)
                   FROM refund.refund_timeline t WHERE t.refund_id = r.id), '[]') AS "timeline!"`;

/** REFUND_COLUMNS without pgtyped's not-null marks (`"name!"`), which its runtime strips from the typed queries' rows. */
const PAGE_COLUMNS = REFUND_COLUMNS.replaceAll('!"', '"');

/**
 * One refund by id alone. Only for the bank's callbacks and the sweepers, which act for the
 * platform rather than for a merchant; every merchant-facing read goes through readRefund.
 */
export async function readRefundById(db: Queryable, id: string): Promise<RefundRow | null> {
  const [row] = await readRefundByIdQuery.run({ id }, db);
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
  const [moved] = await transitionRefundQuery.run(
    {
      id: read.id,
      to,
      at,
      eventId: outbox.eventId,
      subject: outbox.subject,
      payload: Buffer.from(outbox.payload),
      traceparent: outbox.traceparent ?? null,
    },
    db,
  );
  if (!moved) return null;
  // The timeline was read as the statement began: the entry it added comes last.
  const row = toRefundRow(moved);
  row.timeline.push({ seq: BigInt(moved.entrySeq!), refundId: read.id, status: to, at });
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
  await noteAllocationReleasedQuery.run({ id, merchantId, at: new Date() }, db);
}

/** One refund of `merchantId` with its timeline, or null (also when it belongs to another merchant). */
export async function readRefund(db: Queryable, merchantId: string, id: string): Promise<RefundRow | null> {
  const [row] = await readRefundQuery.run({ id, merchantId }, db);
  return row ? toRefundRow(row) : null;
}

/**
 * One keyset page of a merchant's refunds in the requested order (ties broken by id), in one
 * statement. Raw SQL, not a pgtyped query: its conditions, order and limit are put together per
 * request (one condition per given filter, so the planner picks the index that answers it), which
 * a fixed statement cannot do without losing those plans. Its columns are REFUND_COLUMNS, so its
 * rows are the typed queries' rows.
 */
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
  const found = await rows<IReadRefundResult>(
    db,
    keysetPageSql(`SELECT ${PAGE_COLUMNS} FROM refund.refunds r`, filter, query),
    filter.values,
  );
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
    insertRequestQuery.run({ id: request.id, merchantId, paymentId: request.paymentId, amountMinor: request.amountMinor.toString() }, db);
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
    metadata: refund.metadata,
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
    insertRefundQuery.run(
      {
        id: refund.id,
        merchantId: refund.merchantId,
        paymentId: refund.paymentId,
        amountMinor: refund.amountMinor.toString(),
        currency: refund.currency,
        reason: refund.reason,
        // Bound as its JSON text (cast to jsonb in the statement), as written.
        metadata: JSON.stringify(refund.metadata),
        at,
        expectedSettlementDate: refund.expectedSettlementDate,
        eventId: outbox.eventId,
        subject: outbox.subject,
        payload: Buffer.from(outbox.payload),
        traceparent: outbox.traceparent,
      },
      db,
    ),
  );
  if (!result?.seq) throw new ApiError('service_unavailable', 'The refund took too long to record and was cancelled; retry.');
  row.timeline[0]!.seq = BigInt(result.seq);
  return row;
}

/** Records that the payment service confirmed the refund's booking (payment.refunded is written). */
export async function noteAllocationConfirmed(db: Queryable, merchantId: string, id: string): Promise<void> {
  await noteAllocationConfirmedQuery.run({ id, merchantId }, db);
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
  await noteBankAcknowledgedQuery.run({ id, merchantId, bankReference, at, bookingConfirmed }, db);
}
