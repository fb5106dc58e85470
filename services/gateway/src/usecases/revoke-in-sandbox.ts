import { mandate } from '@vrp/contracts';
import { ApiError, isApiError } from '@vrp/errors';
import type { GatewayClients } from '../clients.js';
import { revokeMandate } from './revoke-mandate.js';

const { MandateStatus, RevokedBy } = mandate;

/** How long the simulator waits, step by step, for the platform to record a revocation made at the bank (about 12 s in all). */
const WAITS_MS = [10, 20, 50, 100, 200, 400, 800, 1600, 3200, 6000];

/**
 * Sandbox: the customer (in their banking app) or the bank revokes a mandate. A mandate whose
 * consent the model bank holds authorised is revoked there, through the bank's back office, and
 * the platform learns of it the way it learns of any revocation at the bank: the connector reads
 * the consent back (the bank's event notification and the consent watcher would find it too,
 * and whichever comes first counts), reports it, and the mandate service revokes the mandate once,
 * with its one mandate.revoked. The answer waits until the mandate is recorded revoked (then its
 * payments are closed as for any revocation). A mandate with no authorised consent at a bank
 * (awaiting authorisation, or created directly without one) is revoked directly, as before.
 */
export async function revokeInSandbox(
  clients: Pick<GatewayClients, 'mandate' | 'payment' | 'sandboxBank'>,
  merchantId: string,
  mandateId: string,
  by: 'customer' | 'bank',
): Promise<{ mandate?: mandate.Mandate }> {
  const { mandate: current } = await clients.mandate.getMandate({ merchantId, id: mandateId });
  if (current?.status === MandateStatus.ACTIVE || current?.status === MandateStatus.SUSPENDED) {
    let revoked = false;
    try {
      ({ revoked } = await clients.sandboxBank.revokeConsent({ merchantId, mandateId, byBank: by === 'bank' }));
    } catch (err) {
      if (!isApiError(err) || err.code !== 'not_found') throw err;
    }
    if (revoked) return revokeMandate(clients, merchantId, mandateId, () => recordedRevoked(clients, merchantId, mandateId));
  }
  return revokeMandate(clients, merchantId, mandateId, () =>
    clients.mandate.revokeMandate({ merchantId, id: mandateId, by: by === 'customer' ? RevokedBy.CUSTOMER : RevokedBy.BANK }),
  );
}

/** The mandate once the platform has recorded the bank's revocation; service_unavailable if that takes too long. */
async function recordedRevoked(
  clients: Pick<GatewayClients, 'mandate'>,
  merchantId: string,
  mandateId: string,
): Promise<{ mandate?: mandate.Mandate }> {
  for (const wait of [0, ...WAITS_MS]) {
    if (wait) await new Promise((resolve) => setTimeout(resolve, wait));
    const out = await clients.mandate.getMandate({ merchantId, id: mandateId });
    if (out.mandate?.status === MandateStatus.REVOKED) return out;
  }
  throw new ApiError(
    'service_unavailable',
    'The bank revoked the consent; the platform has not recorded the revocation yet. It will shortly: read the mandate again.',
    { retryAfter: 1 },
  );
}
