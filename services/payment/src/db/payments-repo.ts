import type { Payment, TimelineEntry } from '../generated/prisma/client.js';
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
