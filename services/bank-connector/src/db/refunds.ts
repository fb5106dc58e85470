import type { Queryable } from '@vrp/sql';
import type { ObCashAccount } from '@vrp/open-banking';
import type { Stage } from '../domain/payment-stage.js';
import {
  checkRefundNow as checkRefundNowQuery,
  claimDueRefunds as claimDueRefundsQuery,
  claimRefundSubmission as claimRefundSubmissionQuery,
  claimUnreportedRefunds as claimUnreportedRefundsQuery,
  clearRefundSettlement as clearRefundSettlementQuery,
  findDueRefundSettlements as findDueRefundSettlementsQuery,
  findRefund as findRefundQuery,
  findRefundByPayout as findRefundByPayoutQuery,
  insertRefund as insertRefundQuery,
  markRefundReported as markRefundReportedQuery,
  postponeRefund as postponeRefundQuery,
  postponeRefundReport as postponeRefundReportQuery,
  recordRefund as recordRefundQuery,
  type IFindRefundResult,
} from '../generated/sql/refunds.queries.js';

/**
 * A refund as the connector handed it to the bank's payout extension: the row every refund query of
 * sql/refunds.sql returns, with the amount (int8, read as its digits) a bigint and the stage and
 * creditor typed as the connector writes them.
 */
export type RefundRow = Omit<IFindRefundResult, 'amountMinor' | 'stage' | 'creditor'> & {
  amountMinor: bigint;
  stage: Stage;
  /** Where the money goes back to: the customer's account. */
  creditor: ObCashAccount;
};

const refundOf = (r: IFindRefundResult): RefundRow => ({
  ...r,
  amountMinor: BigInt(r.amountMinor),
  stage: r.stage as Stage,
  creditor: r.creditor as unknown as ObCashAccount,
});

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
  const inserted = await insertRefundQuery.run(
    {
      refundId: r.refundId,
      paymentId: r.paymentId,
      merchantId: r.merchantId,
      amountMinor: String(r.amountMinor),
      currency: r.currency,
      idempotencyKey: r.idempotencyKey,
      // Bound as its JSON text, as written.
      creditor: JSON.stringify(r.creditor),
      leaseMs,
    },
    db,
  );
  return inserted.length === 1;
}

/** A merchant's refund. */
export async function findRefund(db: Queryable, merchantId: string, refundId: string): Promise<RefundRow | undefined> {
  const [row] = await findRefundQuery.run({ merchantId, refundId }, db);
  return row && refundOf(row);
}

/** The refund the bank knows as `payoutId`. */
export async function findRefundByPayout(db: Queryable, payoutId: string): Promise<RefundRow | undefined> {
  const [row] = await findRefundByPayoutQuery.run({ payoutId }, db);
  return row && refundOf(row);
}

/** Claims a refund not yet taken by the bank for `leaseMs` unless someone holds it. */
export async function claimRefundSubmission(db: Queryable, refundId: string, leaseMs: number): Promise<boolean> {
  const claimed = await claimRefundSubmissionQuery.run({ refundId, leaseMs }, db);
  return claimed.length === 1;
}

/** Claims up to `limit` refunds due at the bank (to submit again, or to read back), each for `leaseMs`. */
export async function claimDueRefunds(db: Queryable, limit: number, leaseMs: number): Promise<RefundRow[]> {
  return (await claimDueRefundsQuery.run({ limit, leaseMs }, db)).map(refundOf);
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
  const [row] = await recordRefundQuery.run(
    {
      refundId,
      stage: u.stage,
      bankPayoutId: u.bankPayoutId,
      bankStatus: u.bankStatus,
      nextCheckAt: u.nextCheckAt,
      settleDueAt: u.settleDueAt,
      counted: u.counted,
    },
    db,
  );
  return row && refundOf(row);
}

/** No usable answer: try again at `nextCheckAt`; answers the run of 5xx answers so far. */
export async function postponeRefund(db: Queryable, refundId: string, nextCheckAt: Date, serverError: boolean): Promise<number> {
  const [row] = await postponeRefundQuery.run({ refundId, nextCheckAt, serverError }, db);
  return row?.server_errors ?? 0;
}

/** Asks for a read of the refund at once. */
export async function checkRefundNow(db: Queryable, refundId: string): Promise<void> {
  await checkRefundNowQuery.run({ refundId }, db);
}

/** Claims up to `limit` refund outcomes the refund service has not acknowledged, each for `leaseMs`. */
export async function claimUnreportedRefunds(db: Queryable, limit: number, leaseMs: number): Promise<RefundRow[]> {
  return (await claimUnreportedRefundsQuery.run({ limit, leaseMs }, db)).map(refundOf);
}

/** The refund service took this outcome (or refused it for good). */
export async function markRefundReported(db: Queryable, refundId: string): Promise<void> {
  await markRefundReportedQuery.run({ refundId }, db);
}

/** The refund service could not be reached: this outcome is reported again after `delayMs`. */
export async function postponeRefundReport(db: Queryable, refundId: string, delayMs: number): Promise<void> {
  await postponeRefundReportQuery.run({ refundId, delayMs }, db);
}

/** Sandbox: refunds whose settlement may be due (`horizonMs` ahead of the wall clock covers every merchant's clock). */
export async function findDueRefundSettlements(db: Queryable, horizonMs: number, limit: number): Promise<RefundRow[]> {
  return (await findDueRefundSettlementsQuery.run({ horizonMs, limit }, db)).map(refundOf);
}

/** Sandbox: the model bank was told to settle it (or its outcome came first). */
export async function clearRefundSettlement(db: Queryable, refundId: string): Promise<void> {
  await clearRefundSettlementQuery.run({ refundId }, db);
}
