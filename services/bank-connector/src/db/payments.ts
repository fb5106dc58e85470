import { rows, type Queryable } from '@vrp/sql';
import type { ObCashAccount } from '@vrp/open-banking';
import type { Stage } from '../domain/payment-stage.js';

/** One payment attempt as the connector handed it to the bank. */
export interface PaymentRow {
  paymentId: string;
  attempt: number;
  merchantId: string;
  mandateId: string;
  consentId: string | null;
  amountMinor: bigint;
  currency: string;
  reference: string;
  endToEndId: string;
  idempotencyKey: string;
  instructionId: string;
  bankPaymentId: string | null;
  bankStatus: string | null;
  stage: Stage;
  failureCode: string | null;
  /** bank (its answer failed it) or platform (failed without the bank's answer); null unless failed. */
  failureOrigin: 'bank' | 'platform' | null;
  /** YYYY-MM-DD on the merchant's clock. */
  settlementDate: string | null;
  refundAccount: ObCashAccount | null;
  checks: number;
  serverErrors: number;
  settleDueAt: Date | null;
}

interface Row {
  payment_id: string;
  attempt: number;
  merchant_id: string;
  mandate_id: string;
  consent_id: string | null;
  amount_minor: string;
  currency: string;
  reference: string;
  end_to_end_id: string;
  idempotency_key: string;
  instruction_id: string;
  bank_payment_id: string | null;
  bank_status: string | null;
  stage: Stage;
  failure_code: string | null;
  failure_origin: 'bank' | 'platform' | null;
  settlement_date: string | null;
  refund_account: ObCashAccount | null;
  checks: number;
  server_errors: number;
  settle_due_at: Date | null;
}

const COLUMNS = `payment_id, attempt, merchant_id, mandate_id, consent_id, amount_minor::text AS amount_minor, currency, reference,
  end_to_end_id, idempotency_key, instruction_id, bank_payment_id, bank_status, stage, failure_code, failure_origin,
  to_char(settlement_date, 'YYYY-MM-DD') AS settlement_date, refund_account, checks, server_errors, settle_due_at`;

const paymentOf = (r: Row): PaymentRow => ({
  paymentId: r.payment_id,
  attempt: r.attempt,
  merchantId: r.merchant_id,
  mandateId: r.mandate_id,
  consentId: r.consent_id,
  amountMinor: BigInt(r.amount_minor),
  currency: r.currency,
  reference: r.reference,
  endToEndId: r.end_to_end_id,
  idempotencyKey: r.idempotency_key,
  instructionId: r.instruction_id,
  bankPaymentId: r.bank_payment_id,
  bankStatus: r.bank_status,
  stage: r.stage,
  failureCode: r.failure_code,
  failureOrigin: r.failure_origin,
  settlementDate: r.settlement_date,
  refundAccount: r.refund_account,
  checks: r.checks,
  serverErrors: r.server_errors,
  settleDueAt: r.settle_due_at,
});

const many = async (db: Queryable, sql: string, values: unknown[]) => (await rows<Row>(db, sql, values)).map(paymentOf);
const seconds = (ms: number) => `make_interval(secs => ${Number(ms) / 1000})`;

/** What a new attempt is recorded with. */
export type NewPayment = Pick<
  PaymentRow,
  | 'paymentId'
  | 'attempt'
  | 'merchantId'
  | 'mandateId'
  | 'consentId'
  | 'amountMinor'
  | 'currency'
  | 'reference'
  | 'endToEndId'
  | 'idempotencyKey'
  | 'instructionId'
>;

/**
 * Records a new attempt, claimed by its caller for `leaseMs` (the tracker leaves it alone while the
 * caller submits it), answered as recorded; undefined when the attempt was recorded before: (payment_id, attempt), its
 * idempotency key and its InstructionIdentification are each unique. The conflict has no target:
 * all three derive from the attempt, and a racing twin's insert can meet any of the three first
 * (a target of the key alone lets the others raise unique_violation in the race).
 */
export async function insertPayment(db: Queryable, p: NewPayment, leaseMs: number): Promise<PaymentRow | undefined> {
  const inserted = await many(
    db,
    `INSERT INTO connector.payments (payment_id, attempt, merchant_id, mandate_id, consent_id, amount_minor, currency, reference,
       end_to_end_id, idempotency_key, instruction_id, stage, next_check_at)
     VALUES ($1, $2, $3, $4, $5, $6::bigint, $7, $8, $9, $10, $11, 'submitting', now() + ${seconds(leaseMs)})
     ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
    [
      p.paymentId,
      p.attempt,
      p.merchantId,
      p.mandateId,
      p.consentId,
      String(p.amountMinor),
      p.currency,
      p.reference,
      p.endToEndId,
      p.idempotencyKey,
      p.instructionId,
    ],
  );
  return inserted[0];
}

/** One attempt. */
export async function findPayment(db: Queryable, paymentId: string, attempt: number): Promise<PaymentRow | undefined> {
  return (await many(db, `SELECT ${COLUMNS} FROM connector.payments WHERE payment_id = $1 AND attempt = $2`, [paymentId, attempt]))[0];
}

/** The attempt the bank knows as `bankPaymentId`. */
export async function findPaymentByBankId(db: Queryable, bankPaymentId: string): Promise<PaymentRow | undefined> {
  return (await many(db, `SELECT ${COLUMNS} FROM connector.payments WHERE bank_payment_id = $1`, [bankPaymentId]))[0];
}

/** A merchant's payment's latest attempt. */
export async function latestAttempt(db: Queryable, merchantId: string, paymentId: string): Promise<PaymentRow | undefined> {
  return (
    await many(db, `SELECT ${COLUMNS} FROM connector.payments WHERE merchant_id = $1 AND payment_id = $2 ORDER BY attempt DESC LIMIT 1`, [
      merchantId,
      paymentId,
    ])
  )[0];
}

/** Claims an attempt not yet taken by the bank for `leaseMs` unless someone holds it; true when claimed. */
export async function claimSubmission(db: Queryable, paymentId: string, attempt: number, leaseMs: number): Promise<boolean> {
  const claimed = await rows(
    db,
    `UPDATE connector.payments SET next_check_at = now() + ${seconds(leaseMs)}
     WHERE payment_id = $1 AND attempt = $2 AND stage = 'submitting' AND next_check_at <= now() RETURNING payment_id`,
    [paymentId, attempt],
  );
  return claimed.length === 1;
}

/**
 * Claims up to `limit` attempts due at the bank (not yet taken: to submit again; taken: to read
 * back), moving each one's next check `leaseMs` on, so several replicas each take their own.
 */
export function claimDuePayments(db: Queryable, limit: number, leaseMs: number): Promise<PaymentRow[]> {
  return many(
    db,
    `UPDATE connector.payments SET next_check_at = now() + ${seconds(leaseMs)}
     WHERE (payment_id, attempt) IN (
       SELECT payment_id, attempt FROM connector.payments
       WHERE stage IN ('submitting', 'pending') AND next_check_at <= now()
       ORDER BY next_check_at LIMIT $1 FOR UPDATE SKIP LOCKED)
     RETURNING ${COLUMNS}`,
    [limit],
  );
}

/** What the bank says of an attempt now. */
export interface PaymentUpdate {
  stage: Stage;
  bankPaymentId: string | null;
  bankStatus: string | null;
  statusReason: string | null;
  failureCode: string | null;
  /** Who failed it, with a failure code: the bank, or the platform without the bank's answer. */
  failureOrigin?: 'bank' | 'platform';
  settlementDate: string | null;
  refundAccount: ObCashAccount | null;
  /** When to read it back next (while pending). */
  nextCheckAt: Date | null;
  /** Sandbox: when the model bank is to be told to settle it (set once, when the bank first took it). */
  settleDueAt: Date | null;
  /** Counts as one more check (the backoff grows). */
  counted: boolean;
}

/**
 * Records what the bank says, unless the attempt's outcome was recorded already (an outcome is
 * final; a read that crossed a notification changes nothing). Answers the attempt when it moved.
 */
export async function recordPayment(db: Queryable, paymentId: string, attempt: number, u: PaymentUpdate): Promise<PaymentRow | undefined> {
  return (
    await many(
      db,
      `UPDATE connector.payments SET stage = $3, bank_payment_id = COALESCE($4, bank_payment_id), bank_status = COALESCE($5, bank_status),
         status_reason = COALESCE($6, status_reason), failure_code = $7, failure_origin = $13, settlement_date = $8::date,
         refund_account = COALESCE($9, refund_account), next_check_at = $10,
         settle_due_at = CASE WHEN settle_due_at IS NULL AND bank_payment_id IS NULL THEN $11 ELSE settle_due_at END,
         checks = CASE WHEN $12 THEN checks + 1 ELSE 0 END, server_errors = 0, updated_at = now()
       WHERE payment_id = $1 AND attempt = $2 AND stage IN ('submitting', 'pending')
       RETURNING ${COLUMNS}`,
      [
        paymentId,
        attempt,
        u.stage,
        u.bankPaymentId,
        u.bankStatus,
        u.statusReason,
        u.failureCode,
        u.settlementDate,
        u.refundAccount ? JSON.stringify(u.refundAccount) : null,
        u.nextCheckAt,
        u.settleDueAt,
        u.counted,
        u.failureCode === null ? null : (u.failureOrigin ?? 'bank'),
      ],
    )
  )[0];
}

/**
 * The bank gave no usable answer to the submission or read: try again at `nextCheckAt`. A 5xx
 * answer adds to the run of server errors; answers that run's length.
 */
export async function postponePayment(
  db: Queryable,
  paymentId: string,
  attempt: number,
  nextCheckAt: Date,
  serverError: boolean,
): Promise<number> {
  const [row] = await rows<{ server_errors: number }>(
    db,
    `UPDATE connector.payments SET next_check_at = $3, checks = checks + 1,
       server_errors = CASE WHEN $4 THEN server_errors + 1 ELSE server_errors END, updated_at = now()
     WHERE payment_id = $1 AND attempt = $2 AND stage IN ('submitting', 'pending') RETURNING server_errors`,
    [paymentId, attempt, nextCheckAt, serverError],
  );
  return row?.server_errors ?? 0;
}

/** Asks for a read of the attempt at once (a notification or the sandbox's decision came). */
export async function checkPaymentNow(db: Queryable, paymentId: string, attempt: number): Promise<void> {
  await db.query(
    `UPDATE connector.payments SET next_check_at = now(), checks = 0 WHERE payment_id = $1 AND attempt = $2 AND stage IN ('submitting', 'pending')`,
    [paymentId, attempt],
  );
}

/** Claims up to `limit` outcomes the payment service has not acknowledged, each for `leaseMs`. */
export function claimUnreportedPayments(db: Queryable, limit: number, leaseMs: number): Promise<PaymentRow[]> {
  return many(
    db,
    `UPDATE connector.payments SET next_check_at = now() + ${seconds(leaseMs)}
     WHERE (payment_id, attempt) IN (
       SELECT payment_id, attempt FROM connector.payments
       WHERE stage IN ('settled', 'failed') AND reported_at IS NULL AND (next_check_at IS NULL OR next_check_at <= now())
       ORDER BY updated_at LIMIT $1 FOR UPDATE SKIP LOCKED)
     RETURNING ${COLUMNS}`,
    [limit],
  );
}

/** The payment service took these outcomes (or refused them for good). */
export async function markPaymentsReported(db: Queryable, keys: { paymentId: string; attempt: number }[]): Promise<void> {
  if (keys.length === 0) return;
  await db.query(
    `UPDATE connector.payments p SET reported_at = now(), next_check_at = NULL
     FROM unnest($1::text[], $2::int[]) AS k(payment_id, attempt) WHERE p.payment_id = k.payment_id AND p.attempt = k.attempt`,
    [keys.map((k) => k.paymentId), keys.map((k) => k.attempt)],
  );
}

/** The payment service could not be reached: these outcomes are reported again after `delayMs`. */
export async function postponePaymentReports(
  db: Queryable,
  keys: { paymentId: string; attempt: number }[],
  delayMs: number,
): Promise<void> {
  await db.query(
    `UPDATE connector.payments p SET next_check_at = now() + ${seconds(delayMs)}
     FROM unnest($1::text[], $2::int[]) AS k(payment_id, attempt) WHERE p.payment_id = k.payment_id AND p.attempt = k.attempt`,
    [keys.map((k) => k.paymentId), keys.map((k) => k.attempt)],
  );
}

/** Sandbox: attempts whose settlement may be due (`horizonMs` ahead of the wall clock covers every merchant's clock). */
export function findDueSettlements(db: Queryable, horizonMs: number, limit: number): Promise<PaymentRow[]> {
  return many(
    db,
    `SELECT ${COLUMNS} FROM connector.payments WHERE settle_due_at IS NOT NULL AND settle_due_at <= now() + ${seconds(horizonMs)}
     ORDER BY settle_due_at LIMIT $1`,
    [limit],
  );
}

/** Sandbox: the model bank was told to settle it (or its outcome came first); true for the caller that cleared it. */
export async function clearSettlement(db: Queryable, paymentId: string, attempt: number): Promise<boolean> {
  const cleared = await rows(
    db,
    `UPDATE connector.payments SET settle_due_at = NULL WHERE payment_id = $1 AND attempt = $2 AND settle_due_at IS NOT NULL RETURNING payment_id`,
    [paymentId, attempt],
  );
  return cleared.length === 1;
}
