import { notFound } from '@vrp/errors';
import { readPayment } from '../db/payment-sql.js';
import type { PaymentRecord } from '../db/payments.js';
import type { Deps } from '../deps.js';

/** One payment of the merchant; another merchant's payment is not_found (no existence leak). */
export async function getPayment(deps: Deps, merchantId: string, id: string): Promise<PaymentRecord> {
  const payment = await readPayment(deps.sql, merchantId, id);
  if (!payment) throw notFound('payment', id);
  return payment;
}
