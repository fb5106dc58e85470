import { rows, type Queryable } from '@vrp/sql';
import type { ObCashAccount } from '@vrp/open-banking';
import type { Stage } from '../domain/payment-stage.js';

/** A refund as the connector handed it to the bank's payout extension. */
export interface RefundRow {
  refundId: string;
  paymentId: string;
  merchantId: string;
  amountMinor: bigint;
  currency: string;
  idempotencyKey: string;
  /** Where the money goes back to: the customer's account. */
  creditor: ObCashAccount;
  bankPayoutId: string | null;
  bankStatus: string | null;
  stage: Stage;
  checks: number;
  serverErrors: number;
  settleDueAt: Date | null;
}

interface Row {
  refund_id: string;
  payment_id: string;
  merchant_id: string;
  amount_minor: string;
  currency: string;
  idempotency_key: string;
  creditor: ObCashAccount;
  bank_payout_id: string | null;
  bank_status: string | null;
  stage: Stage;
  checks: number;
  server_errors: number;
  settle_due_at: Date | null;
}

const COLUMNS = `refund_id, payment_id, merchant_id, amount_minor::text AS amount_minor, currency, idempotency_key, creditor,
  bank_payout_id, bank_status, stage, checks, server_errors, settle_due_at`;

const refundOf = (r: Row): RefundRow => ({
  refundId: r.refund_id,
  paymentId: r.payment_id,
  merchantId: r.merchant_id,
  amountMinor: BigInt(r.amount_minor),
  currency: r.currency,
  idempotencyKey: r.idempotency_key,
  creditor: r.creditor,
  bankPayoutId: r.bank_payout_id,
  bankStatus: r.bank_status,
  stage: r.stage,
  checks: r.checks,
  serverErrors: r.server_errors,
  settleDueAt: r.settle_due_at,
});

const many = async (db: Queryable, sql: string, values: unknown[]) => (await rows<Row>(db, sql, values)).map(refundOf);
const seconds = (ms: number) => `make_interval(secs => ${Number(ms) / 1000})`;

/** What a new refund is recorded with. */
export type NewRefund = Pick<
  RefundRow,
  'refundId' | 'paymentId' | 'merchantId' | 'amountMinor' | 'currency' | 'idempotencyKey' | 'creditor'
>;

/**
 * Records a refund, claimed by its caller for `leaseMs`; false when it was recorded before (one per
 * refund id). The conflict has no target: the idempotency key derives from the refund id too, and a
 * racing twin's insert can meet that unique index first (a target of refund_id alone lets it raise
 * unique_violation in the race).
 */
export async function insertRefund(db: Queryable, r: NewRefund, leaseMs: number): Promise<boolean> {
  const inserted = await rows(
    db,
    `INSERT INTO connector.refunds (refund_id, payment_id, merchant_id, amount_minor, currency, idempotency_key, creditor, stage, next_check_at)
     VALUES ($1, $2, $3, $4::bigint, $5, $6, $7, 'submitting', now() + ${seconds(leaseMs)})
     ON CONFLICT DO NOTHING RETURNING refund_id`,
    [r.refundId, r.paymentId, r.merchantId, String(r.amountMinor), r.currency, r.idempotencyKey, JSON.stringify(r.creditor)],
  );
  return inserted.length === 1;
}

/** A merchant's refund. */
export async function findRefund(db: Queryable, merchantId: string, refundId: string): Promise<RefundRow | undefined> {
  return (await many(db, `SELECT ${COLUMNS} FROM connector.refunds WHERE merchant_id = $1 AND refund_id = $2`, [merchantId, refundId]))[0];
}

/** The refund the bank knows as `payoutId`. */
export async function findRefundByPayout(db: Queryable, payoutId: string): Promise<RefundRow | undefined> {
  return (await many(db, `SELECT ${COLUMNS} FROM connector.refunds WHERE bank_payout_id = $1`, [payoutId]))[0];
}

/** Claims a refund not yet taken by the bank for `leaseMs` unless someone holds it. */
export async function claimRefundSubmission(db: Queryable, refundId: string, leaseMs: number): Promise<boolean> {
  const claimed = await rows(
    db,
    `UPDATE connector.refunds SET next_check_at = now() + ${seconds(leaseMs)}
     WHERE refund_id = $1 AND stage = 'submitting' AND next_check_at <= now() RETURNING refund_id`,
    [refundId],
  );
  return claimed.length === 1;
}

/** Claims up to `limit` refunds due at the bank (to submit again, or to read back), each for `leaseMs`. */
export function claimDueRefunds(db: Queryable, limit: number, leaseMs: number): Promise<RefundRow[]> {
  return many(
    db,
    `UPDATE connector.refunds SET next_check_at = now() + ${seconds(leaseMs)}
     WHERE refund_id IN (SELECT refund_id FROM connector.refunds WHERE stage IN ('submitting', 'pending') AND next_check_at <= now()
                         ORDER BY next_check_at LIMIT $1 FOR UPDATE SKIP LOCKED)
     RETURNING ${COLUMNS}`,
    [limit],
  );
}

/** What the bank says of a refund now. */
export interface RefundUpdate {
  stage: Stage;
  bankPayoutId: string | null;
  bankStatus: string | null;
  nextCheckAt: Date | null;
  settleDueAt: Date | null;
  counted: boolean;
}

/** Records what the bank says unless the outcome was recorded already; answers the refund when it moved. */
export async function recordRefund(db: Queryable, refundId: string, u: RefundUpdate): Promise<RefundRow | undefined> {
  return (
    await many(
      db,
      `UPDATE connector.refunds SET stage = $2, bank_payout_id = COALESCE($3, bank_payout_id), bank_status = COALESCE($4, bank_status),
         next_check_at = $5, settle_due_at = CASE WHEN settle_due_at IS NULL AND bank_payout_id IS NULL THEN $6 ELSE settle_due_at END,
         checks = CASE WHEN $7 THEN checks + 1 ELSE 0 END, server_errors = 0, updated_at = now()
       WHERE refund_id = $1 AND stage IN ('submitting', 'pending') RETURNING ${COLUMNS}`,
      [refundId, u.stage, u.bankPayoutId, u.bankStatus, u.nextCheckAt, u.settleDueAt, u.counted],
    )
  )[0];
}

/** No usable answer: try again at `nextCheckAt`; answers the run of 5xx answers so far. */
export async function postponeRefund(db: Queryable, refundId: string, nextCheckAt: Date, serverError: boolean): Promise<number> {
  const [row] = await rows<{ server_errors: number }>(
    db,
    `UPDATE connector.refunds SET next_check_at = $2, checks = checks + 1,
       server_errors = CASE WHEN $3 THEN server_errors + 1 ELSE server_errors END, updated_at = now()
     WHERE refund_id = $1 AND stage IN ('submitting', 'pending') RETURNING server_errors`,
    [refundId, nextCheckAt, serverError],
  );
  return row?.server_errors ?? 0;
}

/** Asks for a read of the refund at once. */
export async function checkRefundNow(db: Queryable, refundId: string): Promise<void> {
  await db.query(
    `UPDATE connector.refunds SET next_check_at = now(), checks = 0 WHERE refund_id = $1 AND stage IN ('submitting', 'pending')`,
    [refundId],
  );
}

/** Claims up to `limit` refund outcomes the refund service has not acknowledged, each for `leaseMs`. */
export function claimUnreportedRefunds(db: Queryable, limit: number, leaseMs: number): Promise<RefundRow[]> {
  return many(
    db,
    `UPDATE connector.refunds SET next_check_at = now() + ${seconds(leaseMs)}
     WHERE refund_id IN (SELECT refund_id FROM connector.refunds
                         WHERE stage IN ('settled', 'failed') AND reported_at IS NULL AND (next_check_at IS NULL OR next_check_at <= now())
                         ORDER BY updated_at LIMIT $1 FOR UPDATE SKIP LOCKED)
     RETURNING ${COLUMNS}`,
    [limit],
  );
}

/** The refund service took this outcome (or refused it for good). */
export async function markRefundReported(db: Queryable, refundId: string): Promise<void> {
  await db.query(`UPDATE connector.refunds SET reported_at = now(), next_check_at = NULL WHERE refund_id = $1`, [refundId]);
}

/** The refund service could not be reached: this outcome is reported again after `delayMs`. */
export async function postponeRefundReport(db: Queryable, refundId: string, delayMs: number): Promise<void> {
  await db.query(`UPDATE connector.refunds SET next_check_at = now() + ${seconds(delayMs)} WHERE refund_id = $1`, [refundId]);
}

/** Sandbox: refunds whose settlement may be due (`horizonMs` ahead of the wall clock covers every merchant's clock). */
export function findDueRefundSettlements(db: Queryable, horizonMs: number, limit: number): Promise<RefundRow[]> {
  return many(
    db,
    `SELECT ${COLUMNS} FROM connector.refunds WHERE settle_due_at IS NOT NULL AND settle_due_at <= now() + ${seconds(horizonMs)}
     ORDER BY settle_due_at LIMIT $1`,
    [limit],
  );
}

/** Sandbox: the model bank was told to settle it (or its outcome came first). */
export async function clearRefundSettlement(db: Queryable, refundId: string): Promise<void> {
  await db.query(`UPDATE connector.refunds SET settle_due_at = NULL WHERE refund_id = $1`, [refundId]);
}
