import type { JsonValue } from '@bufbuild/protobuf';
import type { Queryable } from '@vrp/sql';
import {
  dropHeldAmount as dropHeldAmountQuery,
  giveBackRefunded as giveBackRefundedQuery,
  resubmitFailed as resubmitFailedQuery,
} from '../generated/sql/payments.queries.js';

/**
 * A stored payment (payment.payments), as payment-sql.ts reads it: amounts as bigint, the
 * settlement date as midnight UTC, metadata parsed.
 */
export interface Payment {
  id: string;
  merchantId: string;
  mandateId: string;
  amountMinor: bigint;
  currency: string;
  status: string;
  clearingStatus: string;
  settlementDate: Date | null;
  failureCode: string | null;
  failureOrigin: string | null;
  retryCount: number;
  amountRefundedMinor: bigint;
  amountHeldMinor: bigint;
  metadata: JsonValue;
  reference: string;
  endToEndId: string;
  periodKey: string | null;
  createdAt: Date;
  submittedAt: Date;
  bankAckedAt: Date | null;
  scheduleId: string | null;
  autoRetries: number;
  nextRetryAt: Date | null;
}

/** An entry of a payment's timeline (payment.payment_timeline). */
export interface TimelineEntry {
  seq: bigint;
  paymentId: string;
  status: string;
  at: Date;
}

/** A stored payment with its timeline, oldest entry first. */
export type PaymentRecord = Payment & { timeline: TimelineEntry[] };

/** A new payment's row, as the create use case decided it. */
export interface NewPayment {
  id: string;
  merchantId: string;
  mandateId: string;
  amountMinor: bigint;
  currency: string;
  metadata: JsonValue;
  /** The remittance reference the payer's statement shows. */
  reference: string;
  /** The end-to-end identification sent with every attempt. */
  endToEndId: string;
  /** The frequency period it counts against (null for ad hoc mandates). */
  periodKey: string | null;
  at: Date;
  /** The schedule whose cycle it collects, if a schedule creates it. */
  scheduleId?: string | null;
  /** Automatic retries of a retryable failure the platform may make (0..3). */
  autoRetries?: number;
}

/** The attempt a bank report is about: the payment, its attempt number and the status it must still have. */
export interface OpenAttempt {
  id: string;
  retryCount: number;
  status: string;
}

/** The bank's decision on an attempt: settled on a date, or failed with a code. */
export type Decision =
  { status: 'settled'; settlementDate: Date } | { status: 'failed'; failureCode: string; failureOrigin: FailureOrigin };

/** Who failed a payment: the customer's bank, or the platform itself without the bank's answer. */
export type FailureOrigin = 'bank' | 'platform';

/** Moves a failed payment back to submitted as its next attempt, if it is still failed at `retryCount`; true when it did. */
export async function resubmitFailed(db: Queryable, merchantId: string, id: string, retryCount: number, at: Date): Promise<boolean> {
  const { rowCount } = await resubmitFailedQuery.runWithCounts({ id, merchantId, retryCount, nextRetryCount: retryCount + 1, at }, db);
  return (rowCount ?? 0) > 0;
}

/** Drops a hold that was never confirmed. */
export async function dropHeldAmount(db: Queryable, merchantId: string, paymentId: string, amount: bigint): Promise<void> {
  await dropHeldAmountQuery.run({ id: paymentId, merchantId, amountMinor: amount.toString() }, db);
}

/** Gives a confirmed refund back: amount_refunded goes down and the payment is settled again. Whether it had been fully refunded. */
export async function giveBackRefunded(
  db: Queryable,
  merchantId: string,
  paymentId: string,
  amount: bigint,
): Promise<{ wasFullyRefunded: boolean }> {
  const [row] = await giveBackRefundedQuery.run({ id: paymentId, merchantId, amountMinor: amount.toString() }, db);
  return { wasFullyRefunded: row?.wasFull === true };
}
