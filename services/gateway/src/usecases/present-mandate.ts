import type { mandate, payment } from '@vrp/contracts';
import { ApiError } from '@vrp/errors';
import { presentMandate, type MandateJson } from '@vrp/public-api';
import type { GatewayClients } from '../clients.js';

/**
 * A mandate as an answer about that one mandate: with `usage`, what its periodic limits have
 * used in their current periods (asked of the payment service, which counts payments). A
 * mandate without periodic limits has no `usage`; nor has one while the payment service is
 * unavailable (the mandate itself is still answered).
 */
export async function presentOneMandate(
  clients: Pick<GatewayClients, 'payment'>,
  m: mandate.Mandate,
  merchantId: string,
): Promise<MandateJson> {
  if (!m.controls?.periodicLimits.length) return presentMandate(m);
  let usage: payment.PeriodUsage[];
  try {
    usage = (await clients.payment.getMandateUsage({ merchantId, mandateId: m.id })).usage;
  } catch (err) {
    if (err instanceof ApiError && err.code === 'service_unavailable') return presentMandate(m);
    throw err;
  }
  return presentMandate(m, usage);
}
