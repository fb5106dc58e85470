import type { Queryable } from '@vrp/sql';
import type { ObCashAccount } from '@vrp/open-banking';
import type { Stage } from '../domain/payment-stage.js';
import {
  checkPaymentNow as checkPaymentNowQuery,
  claimDuePayments as claimDuePaymentsQuery,
  claimSubmission as claimSubmissionQuery,
  claimUnreportedPayments as claimUnreportedPaymentsQuery,
  clearSettlement as clearSettlementQuery,
  findDueSettlements as findDueSettlementsQuery,
  findPayment as findPaymentQuery,
  findPaymentByBankId as findPaymentByBankIdQuery,
  insertPayment as insertPaymentQuery,
  latestAttempt as latestAttemptQuery,
  markPaymentsReported as markPaymentsReportedQuery,
  postponePayment as postponePaymentQuery,
  postponePaymentReports as postponePaymentReportsQuery,
  recordPayment as recordPaymentQuery,
  type IFindPaymentResult,
} from '../generated/sql/payments.queries.js';

/**
 * One payment attempt as the connector handed it to the bank: the row every payment query of
 * sql/payments.sql returns, with the amount (int8, read as its digits) a bigint and the stage,
 * failure origin and refund account typed as the connector writes them.
 */
export type PaymentRow = Omit<IFindPaymentResult, 'amountMinor' | 'stage' | 'failureOrigin' | 'refundAccount'> & {
  amountMinor: bigint;
  stage: Stage;
  /** bank (its answer failed it) or platform (failed without the bank's answer); null unless failed. */
  failureOrigin: 'bank' | 'platform' | null;
  /** YYYY-MM-DD on the merchant's clock. */
  settlementDate: string | null;
  refundAccount: ObCashAccount | null;
};

const paymentOf = (r: IFindPaymentResult): PaymentRow => ({
  ...r,
  amountMinor: BigInt(r.amountMinor),
  stage: r.stage as Stage,
  failureOrigin: r.failureOrigin as PaymentRow['failureOrigin'],
  refundAccount: r.refundAccount as unknown as ObCashAccount | null,
});

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
  const [inserted] = await insertPaymentQuery.run(
    {
      paymentId: p.paymentId,
      attempt: p.attempt,
      merchantId: p.merchantId,
      mandateId: p.mandateId,
      consentId: p.consentId,
      amountMinor: String(p.amountMinor),
      currency: p.currency,
      reference: p.reference,
      endToEndId: p.endToEndId,
      idempotencyKey: p.idempotencyKey,
      instructionId: p.instructionId,
      leaseMs,
    },
    db,
  );
  return inserted && paymentOf(inserted);
}

/** One attempt. */
export async function findPayment(db: Queryable, paymentId: string, attempt: number): Promise<PaymentRow | undefined> {
  const [row] = await findPaymentQuery.run({ paymentId, attempt }, db);
  return row && paymentOf(row);
}

/** The attempt the bank knows as `bankPaymentId`. */
export async function findPaymentByBankId(db: Queryable, bankPaymentId: string): Promise<PaymentRow | undefined> {
  const [row] = await findPaymentByBankIdQuery.run({ bankPaymentId }, db);
  return row && paymentOf(row);
}

/** A merchant's payment's latest attempt. */
export async function latestAttempt(db: Queryable, merchantId: string, paymentId: string): Promise<PaymentRow | undefined> {
  const [row] = await latestAttemptQuery.run({ merchantId, paymentId }, db);
  return row && paymentOf(row);
}

/** Claims an attempt not yet taken by the bank for `leaseMs` unless someone holds it; true when claimed. */
export async function claimSubmission(db: Queryable, paymentId: string, attempt: number, leaseMs: number): Promise<boolean> {
  const claimed = await claimSubmissionQuery.run({ paymentId, attempt, leaseMs }, db);
  return claimed.length === 1;
}

/**
 * Claims up to `limit` attempts due at the bank (not yet taken: to submit again; taken: to read
 * back), moving each one's next check `leaseMs` on, so several replicas each take their own.
 */
export async function claimDuePayments(db: Queryable, limit: number, leaseMs: number): Promise<PaymentRow[]> {
  return (await claimDuePaymentsQuery.run({ limit, leaseMs }, db)).map(paymentOf);
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
  const [row] = await recordPaymentQuery.run(
    {
      paymentId,
      attempt,
      stage: u.stage,
      bankPaymentId: u.bankPaymentId,
      bankStatus: u.bankStatus,
      statusReason: u.statusReason,
      failureCode: u.failureCode,
      settlementDate: u.settlementDate,
      refundAccount: u.refundAccount ? JSON.stringify(u.refundAccount) : null,
      nextCheckAt: u.nextCheckAt,
      settleDueAt: u.settleDueAt,
      counted: u.counted,
      failureOrigin: u.failureCode === null ? null : (u.failureOrigin ?? 'bank'),
    },
    db,
  );
  return row && paymentOf(row);
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
  const [row] = await postponePaymentQuery.run({ paymentId, attempt, nextCheckAt, serverError }, db);
  return row?.server_errors ?? 0;
}

/** Asks for a read of the attempt at once (a notification or the sandbox's decision came). */
export async function checkPaymentNow(db: Queryable, paymentId: string, attempt: number): Promise<void> {
  await checkPaymentNowQuery.run({ paymentId, attempt }, db);
}

/** Claims up to `limit` outcomes the payment service has not acknowledged, each for `leaseMs`. */
export async function claimUnreportedPayments(db: Queryable, limit: number, leaseMs: number): Promise<PaymentRow[]> {
  return (await claimUnreportedPaymentsQuery.run({ limit, leaseMs }, db)).map(paymentOf);
}

/** The payment service took these outcomes (or refused them for good). */
export async function markPaymentsReported(db: Queryable, keys: { paymentId: string; attempt: number }[]): Promise<void> {
  if (keys.length === 0) return;
  await markPaymentsReportedQuery.run({ paymentIds: keys.map((k) => k.paymentId), attempts: keys.map((k) => k.attempt) }, db);
}

/** The payment service could not be reached: these outcomes are reported again after `delayMs`. */
export async function postponePaymentReports(
  db: Queryable,
  keys: { paymentId: string; attempt: number }[],
  delayMs: number,
): Promise<void> {
  await postponePaymentReportsQuery.run({ paymentIds: keys.map((k) => k.paymentId), attempts: keys.map((k) => k.attempt), delayMs }, db);
}

/** Sandbox: attempts whose settlement may be due (`horizonMs` ahead of the wall clock covers every merchant's clock). */
export async function findDueSettlements(db: Queryable, horizonMs: number, limit: number): Promise<PaymentRow[]> {
  return (await findDueSettlementsQuery.run({ horizonMs, limit }, db)).map(paymentOf);
}

/** Sandbox: the model bank was told to settle it (or its outcome came first); true for the caller that cleared it. */
export async function clearSettlement(db: Queryable, paymentId: string, attempt: number): Promise<boolean> {
  const cleared = await clearSettlementQuery.run({ paymentId, attempt }, db);
  return cleared.length === 1;
}
