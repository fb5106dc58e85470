import { payoutById } from '../db/payouts.js';
import { forbidden, notFound } from '../domain/errors.js';
import type { Payout } from '../domain/payment.js';
import type { Deps } from '../deps.js';

/** GET /model-bank/v1/payouts/{PayoutId}: 400 U011 when unknown, 403 when another client's. */
export async function getPayout(deps: Deps, input: { clientId: string; payoutId: string }): Promise<Payout> {
  const payout = await payoutById(deps.db, input.payoutId);
  if (!payout) throw notFound(`Payout ${input.payoutId}`, 'PayoutId');
  if (payout.clientId !== input.clientId) throw forbidden(`Payout ${input.payoutId} belongs to another client`);
  return payout;
}
