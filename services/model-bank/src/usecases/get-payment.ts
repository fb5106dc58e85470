import { paymentById } from '../db/payments.js';
import { forbidden, notFound } from '../domain/errors.js';
import type { Deps } from '../deps.js';
import { paymentView, type PaymentView } from './payment-view.js';

/** GET /domestic-vrps/{DomesticVRPId} (and its payment-details): 400 U011 when unknown, 403 when another client's. */
export async function getPayment(deps: Deps, input: { clientId: string; paymentId: string }): Promise<PaymentView> {
  const payment = await paymentById(deps.db, input.paymentId);
  if (!payment) throw notFound(`Domestic VRP ${input.paymentId}`, 'DomesticVRPId');
  if (payment.clientId !== input.clientId) throw forbidden(`Domestic VRP ${input.paymentId} belongs to another client`);
  return paymentView(deps.db, payment);
}
