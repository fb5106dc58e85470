import type { Payment, Prisma, TimelineEntry } from '../generated/prisma/client.js';
import { rows, type Queryable } from '@vrp/sql';
import type { Db, Tx } from './client.js';

/** A stored payment with its timeline, oldest entry first. */
export type PaymentRecord = Payment & { timeline: TimelineEntry[] };

const withTimeline = { timeline: { orderBy: { seq: 'asc' } } } as const;

/** One payment of `merchantId`, or null (another merchant's payment is not found either). */
export function findPayment(db: Db | Tx, merchantId: string, id: string): Promise<PaymentRecord | null> {
  return db.payment.findFirst({ where: { merchantId, id }, include: withTimeline });
}

/** Re-reads a payment known to exist (inside the transaction that just changed it). */
export async function reloadPayment(db: Db | Tx, merchantId: string, id: string): Promise<PaymentRecord> {
  const record = await findPayment(db, merchantId, id);
  if (!record) throw new Error(`payment ${id} vanished`);
  return record;
}

/** A new payment's row, as the create use case decided it. */
export interface NewPayment {
  id: string;
  merchantId: string;
  mandateId: string;
  amountMinor: bigint;
  currency: string;
  metadata: Prisma.InputJsonValue;
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
export async function resubmitFailed(tx: Tx, merchantId: string, id: string, retryCount: number, at: Date): Promise<boolean> {
  const { count } = await tx.payment.updateMany({
    where: { id, merchantId, status: 'failed', retryCount },
    data: {
      status: 'submitted',
      clearingStatus: 'pending',
      failureCode: null,
      failureOrigin: null,
      retryCount: retryCount + 1,
      submittedAt: at,
      bankAckedAt: null,
      nextRetryAt: null,
    },
  });
  return count > 0;
}

/** Drops a hold that was never confirmed. */
export async function dropHeldAmount(db: Queryable, merchantId: string, paymentId: string, amount: bigint): Promise<void> {
  await db.query(`UPDATE payment.payments SET amount_held_minor = amount_held_minor - $3 WHERE id = $1 AND merchant_id = $2`, [
    paymentId,
    merchantId,
    amount.toString(),
  ]);
}

/** Gives a confirmed refund back: amount_refunded goes down and the payment is settled again. Whether it had been fully refunded. */
export async function giveBackRefunded(
  db: Queryable,
  merchantId: string,
  paymentId: string,
  amount: bigint,
): Promise<{ wasFullyRefunded: boolean }> {
  const [row] = await rows<{ was_full: boolean }>(
    db,
    `UPDATE payment.payments
        SET amount_refunded_minor = amount_refunded_minor - $3, status = 'settled'
      WHERE id = $1 AND merchant_id = $2
     RETURNING amount_refunded_minor + $3 = amount_minor AS was_full`,
    [paymentId, merchantId, amount.toString()],
  );
  return { wasFullyRefunded: row?.was_full === true };
}

/** Open payments whose attempt the bank has not acknowledged since `unackedSince`, or not decided since `undecidedSince`. */
export function findUnansweredAttempts(db: Db, unackedSince: Date, undecidedSince: Date, limit: number): Promise<Payment[]> {
  return db.payment.findMany({
    where: {
      status: 'submitted',
      OR: [{ bankAckedAt: null, submittedAt: { lte: unackedSince } }, { bankAckedAt: { lte: undecidedSince } }],
    },
    orderBy: { submittedAt: 'asc' },
    take: limit,
  });
}

/** Claims an unanswered attempt for resubmission (its clocks restart at `at`); false when another replica or a change got there first. */
export async function claimForResubmission(db: Db, payment: Payment, at: Date): Promise<boolean> {
  const { count } = await db.payment.updateMany({
    where: { id: payment.id, retryCount: payment.retryCount, status: 'submitted', submittedAt: payment.submittedAt },
    // Cleared so the new acknowledgement restarts the decision clock.
    data: { submittedAt: at, bankAckedAt: null },
  });
  return count > 0;
}
