import type { mandate } from '@vrp/contracts';
import { isApiError } from '@vrp/errors';
import type { GatewayClients } from '../clients.js';

/**
 * Revokes a mandate (merchant cancel, or a customer/bank revocation in sandbox) and, before the
 * caller is answered, closes it at the payment service, which waits for any payment create
 * under it still in flight. So once a cancel has answered, no payment is ever created under the
 * mandate: the mandate check and the payment insert live in two services and two databases, and
 * this is the step that orders them. If the payment service cannot be reached the revocation
 * stands and the answer is 503; repeating the cancel closes the mandate for payments then
 * (answering mandate_not_cancellable, as for any revoked mandate).
 */
export async function revokeMandate(
  clients: Pick<GatewayClients, 'payment'>,
  merchantId: string,
  mandateId: string,
  revoke: () => Promise<{ mandate?: mandate.Mandate }>,
): Promise<{ mandate?: mandate.Mandate }> {
  const close = () => clients.payment.closeMandate({ merchantId, mandateId });
  let out: { mandate?: mandate.Mandate };
  try {
    out = await revoke();
  } catch (err) {
    if (isApiError(err) && err.code === 'mandate_not_cancellable') await close();
    throw err;
  }
  await close();
  return out;
}
