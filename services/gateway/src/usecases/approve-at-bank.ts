import { isApiError } from '@vrp/errors';
import type { Deps } from '../deps.js';

/**
 * Sandbox: the customer approves the consent staged at the bank for a mandate created directly,
 * before the sandbox activates it, so its payments have an authorised consent behind them. A mandate
 * with no consent (created before consents were staged for direct mandates, or for a merchant
 * without a creditor account) is activated as before; a journey that ended already is left as it is.
 */
export async function approveAtBank(deps: Pick<Deps, 'clients'>, merchantId: string, mandateId: string): Promise<void> {
  try {
    await deps.clients.sandboxBank.approveConsent({ merchantId, mandateId, decline: false });
  } catch (err) {
    if (!isApiError(err) || err.code !== 'not_found') throw err;
  }
}
