/**
 * The payment hot path, the typed queries of sql/payments.sql on the service's pool: reading a payment with its
 * timeline in one statement, creating one (gate, row, timeline entry and outbox row in one
 * statement), and applying the bank's reports (lists: payment-list.ts; refund bookings:
 * refund-allocations.ts). Rows come back as PaymentRecord (payments.ts), so callers see one type.
 */
import type { JsonValue } from '@bufbuild/protobuf';
import type { Queryable } from '@vrp/sql';
import {
  acknowledgeAll as acknowledgeAllQuery,
  decideAll as decideAllQuery,
  insertSubmitted as insertSubmittedQuery,
  markAttemptClearing as markAttemptClearingQuery,
  readPayment as readPaymentQuery,
  readPaymentsForBank as readPaymentsForBankQuery,
  type IFindUnansweredAttemptsResult,
  type IReadPaymentResult,
} from '../generated/sql/payments.queries.js';
import type { Decision, NewPayment, OpenAttempt, Payment, PaymentRecord } from './payments.js';
import { nextAutomaticRetry } from '../domain/retry-policy.js';

/** A payment's columns as the typed queries of sql/payments.sql read them (amounts as text, the settlement date as YYYY-MM-DD). */
export type PaymentColumns = IFindUnansweredAttemptsResult;

/** A payment's columns with its timeline (json_agg of seq as text, status, at), as every payment record query reads them. */
export type PaymentRow = IReadPaymentResult;

/**
 * The select list of every payment record query in sql/payments.sql and sql/refund-allocations.sql, for a
 * row aliased `p`, for the list page, which is built per request (a test keeps the two equal). pgtyped's
 * not-null marks (`"name!"`) are left out: its runtime strips them from the typed queries' rows.
 */
export const RECORD = `p.id, p.merchant_id, p.mandate_id, p.amount_minor::text AS "amount_minor", p.currency, p.status, p.clearing_status,
       to_char(p.settlement_date, 'YYYY-MM-DD') AS settlement_date, p.failure_code, p.failure_origin, p.retry_count,
       p.amount_refunded_minor::text AS "amount_refunded_minor", p.amount_held_minor::text AS "amount_held_minor", p.metadata, p.reference,
       p.end_to_end_id, p.period_key, p.created_at, p.submitted_at, p.bank_acked_at, p.schedule_id, p.auto_retries, p.next_retry_at,
       COALESCE((SELECT json_agg(json_build_object('seq', t.seq::text, 'status', t.status, 'at', t.at) ORDER BY t.seq)
                   FROM payment.payment_timeline t WHERE t.payment_id = p.id), '[]') AS "timeline"`;

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
    metadata: row.metadata as JsonValue,
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

/** The timeline as the record queries aggregate it. */
type TimelineJson = { seq: string; status: string; at: string }[];

export function toRecord(row: PaymentRow): PaymentRecord {
  return {
    ...toPayment(row),
    timeline: (row.timeline as TimelineJson).map((t) => ({ seq: BigInt(t.seq), paymentId: row.id, status: t.status, at: new Date(t.at) })),
  };
}

/** One payment of `merchantId` with its timeline, or null (another merchant's payment is not found either). */
export async function readPayment(db: Queryable, merchantId: string, id: string): Promise<PaymentRecord | null> {
  const [row] = await readPaymentQuery.run({ id, merchantId }, db);
  return row ? toRecord(row) : null;
}

/** One payment by id alone, for the bank's callbacks (the bank knows payments, not merchants). */
export async function readPaymentForBank(db: Queryable, id: string): Promise<PaymentRecord | null> {
  return (await readPaymentsForBank(db, [id])).get(id) ?? null;
}

/** Payments by id alone, for a batch of the bank's callbacks; an unknown id is missing from the map. */
export async function readPaymentsForBank(db: Queryable, ids: string[]): Promise<Map<string, PaymentRecord>> {
  const found = await readPaymentsForBankQuery.run({ ids }, db);
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
  const [result] = await insertSubmittedQuery.run(
    {
      id: p.id,
      merchantId: p.merchantId,
      mandateId: p.mandateId,
      amountMinor: p.amountMinor.toString(),
      currency: p.currency,
      metadata: JSON.stringify(p.metadata),
      periodKey: p.periodKey,
      at: p.at,
      eventId: outbox.eventId,
      subject: outbox.subject,
      payload: Buffer.from(outbox.payload),
      traceparent: outbox.traceparent,
      termsVersion: basis.version.toString(),
      replica: basis.replica,
      reference: p.reference,
      endToEndId: p.endToEndId,
      scheduleId: p.scheduleId ?? null,
      autoRetries: p.autoRetries ?? 0,
    },
    db,
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
  await acknowledgeAllQuery.run(
    { ids: sorted.map((a) => a.id), retryCounts: sorted.map((a) => a.retryCount), clearing: sorted.map((a) => a.clearing), at },
    db,
  );
}

/** Marks the attempt as clearing if it still is pending; the payment as it now is, or null when nothing changed. */
export async function markAttemptClearing(db: Queryable, attempt: OpenAttempt, at: Date): Promise<PaymentRecord | null> {
  const [row] = await markAttemptClearingQuery.run({ id: attempt.id, retryCount: attempt.retryCount, status: attempt.status, at }, db);
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
  const entries = await decideAllQuery.run(
    {
      ids: sorted.map((d) => d.current.id),
      retryCounts: sorted.map((d) => d.current.retryCount),
      fromStatuses: sorted.map((d) => d.current.status),
      statuses: next.map((n) => n.status),
      clearingStatuses: next.map((n) => n.clearingStatus),
      // pgtyped types an array parameter's elements as not null; Postgres takes NULL elements, which
      // these columns hold for the decisions that have no such value (the casts below say so).
      settlementDates: next.map((n) => n.settlementDate?.toISOString().slice(0, 10) ?? null) as string[],
      failureCodes: next.map((n) => n.failureCode) as string[],
      ats: sorted.map((d) => d.at),
      eventIds: outbox.map((o) => o.eventId),
      subjects: outbox.map((o) => o.subject),
      payloads: outbox.map((o) => Buffer.from(o.payload)),
      traceparents: outbox.map((o) => o.traceparent) as string[],
      nextRetryAts: next.map((n) => n.nextRetryAt) as Date[],
      failureOrigins: next.map((n) => n.failureOrigin) as string[],
    },
    db,
  );
  const moved = new Map<string, PaymentRecord>();
  for (const { id, seq } of entries) {
    const record = next[sorted.findIndex((d) => d.current.id === id)]!;
    record.timeline.at(-1)!.seq = BigInt(seq);
    moved.set(id, record);
  }
  return moved;
}
