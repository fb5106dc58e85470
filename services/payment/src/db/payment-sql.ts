/**
 * The payment hot path in typed raw SQL on the service's pool: reading a payment with its
 * timeline in one statement, creating one (gate, row, timeline entry and outbox row in one
 * statement), and applying the bank's reports (lists: payment-list.ts; refund bookings:
 * refund-allocations.ts). Rows come back as PaymentRecord (payments.ts), so callers see one type.
 */
import type { JsonValue } from '@bufbuild/protobuf';
import { releaseOnFailureCte } from './period-usage.js';
import { rows, type Queryable } from '@vrp/sql';
import type { Decision, NewPayment, OpenAttempt, Payment, PaymentRecord } from './payments.js';
import { nextAutomaticRetry } from '../domain/retry-policy.js';

/** A payment's columns as COLUMNS reads them (bigint amounts as text, the settlement date as YYYY-MM-DD). */
export interface PaymentColumns {
  id: string;
  merchant_id: string;
  mandate_id: string;
  amount_minor: string;
  currency: string;
  status: string;
  clearing_status: string;
  settlement_date: string | null;
  failure_code: string | null;
  failure_origin: string | null;
  retry_count: number;
  amount_refunded_minor: string;
  amount_held_minor: string;
  metadata: JsonValue;
  reference: string;
  end_to_end_id: string;
  period_key: string | null;
  created_at: Date;
  submitted_at: Date;
  bank_acked_at: Date | null;
  schedule_id: string | null;
  auto_retries: number;
  next_retry_at: Date | null;
}

/** A payment's columns with its timeline, as RECORD reads them. */
export interface PaymentRow extends PaymentColumns {
  timeline: { seq: string; status: string; at: string }[];
}

/** The columns of a payment, for a row aliased `p`. */
export const COLUMNS = `p.id, p.merchant_id, p.mandate_id, p.amount_minor::text AS amount_minor, p.currency, p.status, p.clearing_status,
  to_char(p.settlement_date, 'YYYY-MM-DD') AS settlement_date, p.failure_code, p.failure_origin, p.retry_count,
  p.amount_refunded_minor::text AS amount_refunded_minor, p.amount_held_minor::text AS amount_held_minor, p.metadata, p.reference, p.end_to_end_id,
  p.period_key, p.created_at, p.submitted_at, p.bank_acked_at, p.schedule_id, p.auto_retries, p.next_retry_at`;

/** The columns of a payment record, its timeline aggregated (oldest first), for a row aliased `p`. */
export const RECORD = `${COLUMNS},
  COALESCE((SELECT json_agg(json_build_object('seq', t.seq::text, 'status', t.status, 'at', t.at) ORDER BY t.seq)
              FROM payment.payment_timeline t WHERE t.payment_id = p.id), '[]') AS timeline`;

export function toPayment(row: PaymentColumns): Payment {
  return {
    id: row.id,
    merchantId: row.merchant_id,
    mandateId: row.mandate_id,
    amountMinor: BigInt(row.amount_minor),
    currency: row.currency,
    status: row.status,
    clearingStatus: row.clearing_status,
    settlementDate: row.settlement_date ? new Date(`${row.settlement_date}T00:00:00Z`) : null,
    failureCode: row.failure_code,
    failureOrigin: row.failure_origin,
    retryCount: row.retry_count,
    amountRefundedMinor: BigInt(row.amount_refunded_minor),
    amountHeldMinor: BigInt(row.amount_held_minor),
    metadata: row.metadata,
    reference: row.reference,
    endToEndId: row.end_to_end_id,
    periodKey: row.period_key,
    createdAt: row.created_at,
    submittedAt: row.submitted_at,
    bankAckedAt: row.bank_acked_at,
    scheduleId: row.schedule_id,
    autoRetries: row.auto_retries,
    nextRetryAt: row.next_retry_at,
  };
}

export function toRecord(row: PaymentRow): PaymentRecord {
  return {
    ...toPayment(row),
    timeline: row.timeline.map((t) => ({ seq: BigInt(t.seq), paymentId: row.id, status: t.status, at: new Date(t.at) })),
  };
}

/** One payment of `merchantId` with its timeline, or null (another merchant's payment is not found either). */
export async function readPayment(db: Queryable, merchantId: string, id: string): Promise<PaymentRecord | null> {
  const [row] = await rows<PaymentRow>(db, `SELECT ${RECORD} FROM payment.payments p WHERE p.id = $1 AND p.merchant_id = $2`, [
    id,
    merchantId,
  ]);
  return row ? toRecord(row) : null;
}

/** One payment by id alone, for the bank's callbacks (the bank knows payments, not merchants). */
export async function readPaymentForBank(db: Queryable, id: string): Promise<PaymentRecord | null> {
  return (await readPaymentsForBank(db, [id])).get(id) ?? null;
}

/** Payments by id alone, for a batch of the bank's callbacks; an unknown id is missing from the map. */
export async function readPaymentsForBank(db: Queryable, ids: string[]): Promise<Map<string, PaymentRecord>> {
  const found = await rows<PaymentRow>(db, `SELECT ${RECORD} FROM payment.payments p WHERE p.id = ANY($1::text[])`, [ids]);
  return new Map(found.map((row) => [row.id, toRecord(row)]));
}

/** An outbox row for a change, built from the record as it is after the change. */
export type OutboxRowOf = (record: PaymentRecord) => { eventId: string; subject: string; payload: Uint8Array; traceparent: string | null };

/**
 * What a create relied on for the mandate's terms: the replica at `version` (still there, at that
 * version, when the insert runs), or the mandate service's answer at `version` (not below the
 * gate's fence: no move out of active has begun since it was read).
 */
export interface TermsBasis {
  replica: boolean;
  version: bigint;
}

/** Why a create was refused at the gate: the mandate was revoked, or the terms it relied on are stale. */
export type GateRefusal = 'closed' | 'stale';

/**
 * Creates a submitted payment in one statement: passes the mandate's gate (the upsert locks the
 * gate row until the statement's transaction ends, so a concurrent CloseMandate or FenceMandate
 * waits), inserts the payment, its first timeline entry and the outbox row built by `event`.
 * Returns 'closed' when the gate is closed (the mandate was revoked) and 'stale' when the terms
 * `basis` names are no longer current (see TermsBasis); the partial unique indexes refuse a
 * second open or in-period payment with their constraint's name.
 */
export async function insertSubmitted(
  db: Queryable,
  p: NewPayment,
  event: OutboxRowOf,
  basis: TermsBasis,
): Promise<PaymentRecord | GateRefusal> {
  const record: PaymentRecord = {
    id: p.id,
    merchantId: p.merchantId,
    mandateId: p.mandateId,
    amountMinor: p.amountMinor,
    currency: p.currency,
    status: 'submitted',
    clearingStatus: 'pending',
    settlementDate: null,
    failureCode: null,
    failureOrigin: null,
    retryCount: 0,
    amountRefundedMinor: 0n,
    amountHeldMinor: 0n,
    metadata: p.metadata,
    reference: p.reference,
    endToEndId: p.endToEndId,
    periodKey: p.periodKey,
    createdAt: p.at,
    submittedAt: p.at,
    bankAckedAt: null,
    scheduleId: p.scheduleId ?? null,
    autoRetries: p.autoRetries ?? 0,
    nextRetryAt: null,
    timeline: [{ seq: 0n, paymentId: p.id, status: 'submitted', at: p.at }],
  };
  const outbox = event(record);
  const [result] = await rows<{ closed: boolean; stale: boolean; seq: string | null }>(
    db,
    `WITH gate AS (
       INSERT INTO payment.mandate_gates (mandate_id, merchant_id) VALUES ($3, $2)
       ON CONFLICT (mandate_id) DO UPDATE SET merchant_id = payment.mandate_gates.merchant_id
       RETURNING closed_at IS NOT NULL AS closed,
         CASE WHEN $14::boolean THEN terms IS NULL OR terms_version IS DISTINCT FROM $13::bigint ELSE fence > $13::bigint END AS stale),
     created AS (
       INSERT INTO payment.payments (id, merchant_id, mandate_id, amount_minor, currency, status, clearing_status, metadata, period_key, created_at, submitted_at,
                                     reference, end_to_end_id, schedule_id, auto_retries)
       SELECT $1, $2, $3, $4, $5, 'submitted', 'pending', $6::jsonb, $7, $8, $8, $15, $16, $17, $18 FROM gate WHERE NOT closed AND NOT stale
       RETURNING id),
     entry AS (
       INSERT INTO payment.payment_timeline (payment_id, status, at) SELECT id, 'submitted', $8 FROM created RETURNING seq),
     outbox AS (
       INSERT INTO payment.outbox_events (event_id, subject, payload, created_at, traceparent) SELECT $9, $10, $11, $8, $12 FROM created)
     SELECT (SELECT closed FROM gate) AS closed, (SELECT stale FROM gate) AS stale, (SELECT seq::text FROM entry) AS seq`,
    [
      p.id,
      p.merchantId,
      p.mandateId,
      p.amountMinor.toString(),
      p.currency,
      JSON.stringify(p.metadata),
      p.periodKey,
      p.at,
      outbox.eventId,
      outbox.subject,
      Buffer.from(outbox.payload),
      outbox.traceparent,
      basis.version.toString(),
      basis.replica,
      p.reference,
      p.endToEndId,
      p.scheduleId ?? null,
      p.autoRetries ?? 0,
    ],
  );
  if (!result || result.closed) return 'closed';
  if (result.stale) return 'stale';
  record.timeline[0]!.seq = BigInt(result.seq!);
  return record;
}

/**
 * Records the bank's acknowledgement of attempts in one statement, and that an attempt is
 * clearing when the receipt says so, except for payments that moved on meanwhile.
 */
export async function acknowledgeAll(
  db: Queryable,
  attempts: { id: string; retryCount: number; clearing: boolean }[],
  at: Date,
): Promise<void> {
  // In id order, as decideAll locks them: two batches touching the same payments lock them in one order.
  const sorted = [...attempts].sort((a, b) => (a.id < b.id ? -1 : 1));
  await db.query(
    `UPDATE payment.payments p
        SET bank_acked_at = coalesce(p.bank_acked_at, $4),
            clearing_status = CASE WHEN a.clearing AND p.clearing_status = 'pending' THEN 'clearing' ELSE p.clearing_status END
       FROM unnest($1::text[], $2::int[], $3::bool[]) AS a(id, retry_count, clearing)
      WHERE p.id = a.id AND p.retry_count = a.retry_count AND p.status = 'submitted'
        AND (p.bank_acked_at IS NULL OR (a.clearing AND p.clearing_status = 'pending'))`,
    [sorted.map((a) => a.id), sorted.map((a) => a.retryCount), sorted.map((a) => a.clearing), at],
  );
}

/** Marks the attempt as clearing if it still is pending; the payment as it now is, or null when nothing changed. */
export async function markAttemptClearing(db: Queryable, attempt: OpenAttempt, at: Date): Promise<PaymentRecord | null> {
  const [row] = await rows<PaymentRow>(
    db,
    `UPDATE payment.payments p SET clearing_status = 'clearing', bank_acked_at = $4
      WHERE p.id = $1 AND p.retry_count = $2 AND p.status = $3 AND p.clearing_status = 'pending'
     RETURNING ${RECORD}`,
    [attempt.id, attempt.retryCount, attempt.status, at],
  );
  return row ? toRecord(row) : null;
}

/** A decision of the bank about `current`'s open attempt, taken at `at`, announced with `event`. */
export interface Deciding {
  current: PaymentRecord;
  decision: Decision;
  at: Date;
  event: OutboxRowOf;
}

/**
 * Applies the bank's decision to `current`'s open attempt in one statement (see decideAll).
 * Returns the payment as it now is, or null when the update matched nothing (the report is
 * stale, repeated or late).
 */
export async function decide(db: Queryable, deciding: Deciding): Promise<PaymentRecord | null> {
  return (await decideAll(db, [deciding])).get(deciding.current.id) ?? null;
}

/**
 * Applies the bank's decisions about several payments (one each) in one statement: every payment
 * moves to its decided status (the acknowledgement time is kept, or set to `at` if the bank never
 * acknowledged), a failed one gives its periods back, and each gets its timeline entry and outbox
 * row. An event is built beforehand from `current` as the decision leaves it, which is exact
 * because a payment's update only matches while it still has the status and attempt `current`
 * was read with, and nothing else the event shows changes while a payment is submitted. Returns
 * the payments that moved, as they now are; one missing from the map was stale, repeated or late.
 */
export async function decideAll(db: Queryable, decisions: Deciding[]): Promise<Map<string, PaymentRecord>> {
  if (new Set(decisions.map((d) => d.current.id)).size !== decisions.length) throw new Error('decideAll takes one decision per payment');
  // In id order, as acknowledgeAll locks them: two batches touching the same payments lock them in one order.
  const sorted = [...decisions].sort((a, b) => (a.current.id < b.current.id ? -1 : 1));
  const next = sorted.map(({ current, decision, at }): PaymentRecord => {
    const settled = decision.status === 'settled';
    return {
      ...current,
      status: decision.status,
      clearingStatus: settled ? 'cleared' : 'rejected',
      settlementDate: settled ? decision.settlementDate : null,
      failureCode: settled ? null : decision.failureCode,
      failureOrigin: settled ? null : decision.failureOrigin,
      nextRetryAt: settled ? null : nextAutomaticRetry(current, decision.failureCode, at),
      bankAckedAt: current.bankAckedAt ?? at,
      timeline: [...current.timeline, { seq: 0n, paymentId: current.id, status: decision.status, at }],
    };
  });
  const outbox = sorted.map((d, i) => d.event(next[i]!));
  const entries = await rows<{ id: string; seq: string }>(
    db,
    `WITH d AS (
       SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[], $6::date[], $7::text[], $8::timestamptz[],
                            $9::text[], $10::text[], $11::bytea[], $12::text[], $13::timestamptz[], $14::text[])
         AS d(id, retry_count, from_status, status, clearing_status, settlement_date, failure_code, at, event_id, subject, payload, traceparent,
              next_retry_at, failure_origin)),
     decided AS (
       UPDATE payment.payments p
          SET status = d.status, clearing_status = d.clearing_status, settlement_date = d.settlement_date, failure_code = d.failure_code,
              failure_origin = d.failure_origin,
              next_retry_at = d.next_retry_at, bank_acked_at = COALESCE(p.bank_acked_at, d.at)
         FROM d
        WHERE p.id = d.id AND p.retry_count = d.retry_count AND p.status = d.from_status
       RETURNING p.id, p.amount_minor, d.status, d.at, d.event_id, d.subject, d.payload, d.traceparent),
     ${releaseOnFailureCte()},
     entry AS (
       INSERT INTO payment.payment_timeline (payment_id, status, at) SELECT id, status, at FROM decided RETURNING payment_id, seq),
     outbox AS (
       INSERT INTO payment.outbox_events (event_id, subject, payload, created_at, traceparent)
       SELECT event_id, subject, payload, at, traceparent FROM decided)
     SELECT payment_id AS id, seq::text AS seq FROM entry`,
    [
      sorted.map((d) => d.current.id),
      sorted.map((d) => d.current.retryCount),
      sorted.map((d) => d.current.status),
      next.map((n) => n.status),
      next.map((n) => n.clearingStatus),
      next.map((n) => n.settlementDate?.toISOString().slice(0, 10) ?? null),
      next.map((n) => n.failureCode),
      sorted.map((d) => d.at),
      outbox.map((o) => o.eventId),
      outbox.map((o) => o.subject),
      outbox.map((o) => Buffer.from(o.payload)),
      outbox.map((o) => o.traceparent),
      next.map((n) => n.nextRetryAt),
      next.map((n) => n.failureOrigin),
    ],
  );
  const moved = new Map<string, PaymentRecord>();
  for (const { id, seq } of entries) {
    const record = next[sorted.findIndex((d) => d.current.id === id)]!;
    record.timeline.at(-1)!.seq = BigInt(seq);
    moved.set(id, record);
  }
  return moved;
}
