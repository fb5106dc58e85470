import { notFound } from '@vrp/errors';
import { findPayment, type PaymentRecord } from '../db/payments-repo.js';
import type { PaymentContext } from './context.js';

/** One payment of the merchant; another merchant's payment is not_found (no existence leak). */
export async function getPayment(ctx: PaymentContext, merchantId: string, id: string): Promise<PaymentRecord> {
  const payment = await findPayment(ctx.db, merchantId, id);
  if (!payment) throw notFound('payment', id);
  return payment;
}
