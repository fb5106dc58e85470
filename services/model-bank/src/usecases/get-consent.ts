import { transaction } from '@vrp/sql';
import type { Deps } from '../deps.js';
import { consentView, loadConsent, type ConsentView } from './load-consent.js';

/** GET /domestic-vrp-consents/{ConsentId}: the client's consent as it is now (expired first if due). */
export async function getConsent(deps: Deps, input: { clientId: string; consentId: string }): Promise<ConsentView> {
  const view = await transaction(deps.db, async (tx) => consentView(tx, await loadConsent(deps, tx, input.clientId, input.consentId)));
  deps.afterCommit();
  return view;
}
