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
    if (revoked) {
      return revokeMandate(clients, merchantId, mandateId, () =>
        recorded(clients, merchantId, mandateId, MandateStatus.REVOKED, 'The bank revoked the consent'),
      );
    }
  }
  return revokeMandate(clients, merchantId, mandateId, () =>
    clients.mandate.revokeMandate({ merchantId, id: mandateId, by: by === 'customer' ? RevokedBy.CUSTOMER : RevokedBy.BANK }),
  );
}

/**
 * Sandbox: the customer's bank reports the account linked to the mandate's consent closed,
 * switched or blocked. The model bank changes the account and sends its linked-account-update
 * event notification, which suspends the mandate once with that suspension_reason; the answer waits
 * until that is recorded. Without an authorised consent at the bank there is no linked account to
 * change: 422 invalid_state_transition.
 */
export async function suspendAtBankInSandbox(
  clients: Pick<GatewayClients, 'mandate' | 'sandboxBank'>,
  merchantId: string,
  mandateId: string,
  reason: 'account_closed' | 'account_switched' | 'account_blocked',
): Promise<{ mandate?: mandate.Mandate }> {
  const { mandate: current } = await clients.mandate.getMandate({ merchantId, id: mandateId });
  let updated = false;
  if (current?.status === MandateStatus.ACTIVE) {
    try {
      ({ updated } = await clients.sandboxBank.updateLinkedAccount({ merchantId, mandateId, reason }));
    } catch (err) {
      if (!isApiError(err) || err.code !== 'not_found') throw err;
    }
  }
  if (!updated) {
    throw new ApiError(
      'invalid_state_transition',
      'Only an active mandate whose consent the bank holds authorised has a linked account the bank can change.',
    );
  }
  return recorded(clients, merchantId, mandateId, MandateStatus.SUSPENDED, 'The bank reported the linked account change');
}

/** The mandate once the platform has recorded what the bank did; service_unavailable if that takes too long. */
async function recorded(
  clients: Pick<GatewayClients, 'mandate'>,
  merchantId: string,
  mandateId: string,
  status: mandate.MandateStatus,
  what: string,
): Promise<{ mandate?: mandate.Mandate }> {
  for (const wait of [0, ...WAITS_MS]) {
    if (wait) await new Promise((resolve) => setTimeout(resolve, wait));
    const out = await clients.mandate.getMandate({ merchantId, id: mandateId });
    if (out.mandate?.status === status) return out;
  }
  throw new ApiError('service_unavailable', `${what}; the platform has not recorded it yet. It will shortly: read the mandate again.`, {
    retryAfter: 1,
  });
}
