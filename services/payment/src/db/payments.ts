import type { Payment, Prisma, TimelineEntry } from '../generated/prisma/client.js';
import type { Db, Tx } from './client.js';

/** A stored payment with its timeline, oldest entry first. */
export type PaymentRecord = Payment & { timeline: TimelineEntry[] };

const withTimeline = { timeline: { orderBy: { seq: 'asc' } } } as const;

/** One payment of `merchantId`, or null (another merchant's payment is not found either). */
export function findPayment(db: Db | Tx, merchantId: string, id: string): Promise<PaymentRecord | null> {
  return db.payment.findFirst({ where: { merchantId, id }, include: withTimeline });
}

/**
 * One payment by id alone. Only the bank's callbacks use it: the bank knows payments, not
 * merchants, and reaches this service over the internal network only.
 */
export function findPaymentForBank(db: Db | Tx, id: string): Promise<PaymentRecord | null> {
  return db.payment.findUnique({ where: { id }, include: withTimeline });
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
  /** The frequency period it counts against (null for ad hoc mandates). */
  periodKey: string | null;
  at: Date;
}

/** Inserts a submitted payment; the partial unique indexes refuse a second open or in-period one. */
export async function insertSubmittedPayment(tx: Tx, p: NewPayment): Promise<void> {
  await tx.payment.create({
    data: {
      id: p.id,
      merchantId: p.merchantId,
      mandateId: p.mandateId,
      amountMinor: p.amountMinor,
      currency: p.currency,
      status: 'submitted',
      clearingStatus: 'pending',
      metadata: p.metadata,
      periodKey: p.periodKey,
      createdAt: p.at,
      submittedAt: p.at,
    },
  });
}

/** One keyset page query of payments: the filter, the order and how many rows to read. */
export function queryPayments(
  db: Db,
  where: Prisma.PaymentWhereInput,
  orderBy: Prisma.PaymentOrderByWithRelationInput[],
  take: number,
): Promise<PaymentRecord[]> {
  return db.payment.findMany({ where, orderBy, take, include: withTimeline });
}

/** The attempt a bank report is about: the payment, its attempt number and the status it must still have. */
export interface OpenAttempt {
  id: string;
  retryCount: number;
  status: string;
}

/** Marks the attempt as acknowledged by the bank (clearing), if it still is pending; true when it changed. */
export async function markClearing(db: Db, attempt: OpenAttempt, at: Date): Promise<boolean> {
  const { count } = await db.payment.updateMany({
    where: { ...attempt, clearingStatus: 'pending' },
    data: { clearingStatus: 'clearing', bankAckedAt: at },
  });
  return count > 0;
}

/** The bank's decision on an attempt: settled on a date, or failed with a code. */
export type Decision = { status: 'settled'; settlementDate: Date } | { status: 'failed'; failureCode: string };

/** Applies the bank's decision to the attempt if it is still the open one; true when it changed. */
export async function decideAttempt(tx: Tx, attempt: OpenAttempt, decision: Decision, bankAckedAt: Date): Promise<boolean> {
  const data =
    decision.status === 'settled'
      ? { status: 'settled', clearingStatus: 'cleared', settlementDate: decision.settlementDate }
      : { status: 'failed', clearingStatus: 'rejected', failureCode: decision.failureCode };
  const { count } = await tx.payment.updateMany({ where: attempt, data: { ...data, bankAckedAt } });
  return count > 0;
}

/** Moves a failed payment back to submitted as its next attempt, if it is still failed at `retryCount`; true when it did. */
export async function resubmitFailed(tx: Tx, merchantId: string, id: string, retryCount: number, at: Date): Promise<boolean> {
  const { count } = await tx.payment.updateMany({
    where: { id, merchantId, status: 'failed', retryCount },
    data: {
      status: 'submitted',
      clearingStatus: 'pending',
      failureCode: null,
      retryCount: retryCount + 1,
      submittedAt: at,
      bankAckedAt: null,
    },
  });
  return count > 0;
}

/** Adds `amount` to the payment's holds unless refunds and holds would pass its amount; what remains refundable, or null. */
export async function holdAmount(tx: Tx, merchantId: string, paymentId: string, amount: bigint): Promise<bigint | null> {
  const rows = await tx.$queryRaw<{ remaining: bigint }[]>`
    UPDATE "payment"."payments"
       SET amount_held_minor = amount_held_minor + ${amount}
     WHERE id = ${paymentId} AND merchant_id = ${merchantId} AND status = 'settled'
       AND amount_refunded_minor + amount_held_minor + ${amount} <= amount_minor
    RETURNING amount_minor - amount_refunded_minor - amount_held_minor AS remaining`;
  return rows[0] ? BigInt(rows[0].remaining) : null;
}

/** Moves a confirmed hold into amount_refunded; the payment becomes refunded when nothing is left. True when it did. */
export async function bookHeldAmount(tx: Tx, merchantId: string, paymentId: string, amount: bigint): Promise<{ fullyRefunded: boolean }> {
  const rows = await tx.$queryRaw<{ status: string }[]>`
    UPDATE "payment"."payments"
       SET amount_held_minor = amount_held_minor - ${amount},
           amount_refunded_minor = amount_refunded_minor + ${amount},
           status = CASE WHEN amount_refunded_minor + ${amount} = amount_minor THEN 'refunded' ELSE status END
     WHERE id = ${paymentId} AND merchant_id = ${merchantId}
    RETURNING status`;
  return { fullyRefunded: rows[0]?.status === 'refunded' };
}

/** Drops a hold that was never confirmed. */
export async function dropHeldAmount(tx: Tx, merchantId: string, paymentId: string, amount: bigint): Promise<void> {
  await tx.$executeRaw`
    UPDATE "payment"."payments" SET amount_held_minor = amount_held_minor - ${amount}
     WHERE id = ${paymentId} AND merchant_id = ${merchantId}`;
}

/** Gives a confirmed refund back: amount_refunded goes down and the payment is settled again. Whether it had been fully refunded. */
export async function giveBackRefunded(
  tx: Tx,
  merchantId: string,
  paymentId: string,
  amount: bigint,
): Promise<{ wasFullyRefunded: boolean }> {
  const rows = await tx.$queryRaw<{ was_full: boolean }[]>`
    UPDATE "payment"."payments"
       SET amount_refunded_minor = amount_refunded_minor - ${amount}, status = 'settled'
     WHERE id = ${paymentId} AND merchant_id = ${merchantId}
    RETURNING amount_refunded_minor + ${amount} = amount_minor AS was_full`;
  return { wasFullyRefunded: rows[0]?.was_full === true };
}

/** Records the bank's acknowledgement of an attempt, unless the payment moved on meanwhile. */
export async function markAcknowledged(db: Db, attempt: { id: string; retryCount: number }, at: Date): Promise<void> {
  await db.payment.updateMany({
    where: { id: attempt.id, retryCount: attempt.retryCount, status: 'submitted', bankAckedAt: null },
    data: { bankAckedAt: at },
  });
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
