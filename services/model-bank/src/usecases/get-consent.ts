import type { Deps } from '../deps.js';
import { consentView, withClientConsent, type ConsentView } from './load-consent.js';

/** GET /domestic-vrp-consents/{ConsentId}: the client's consent as it is now (expired first if due). */
export async function getConsent(deps: Deps, input: { clientId: string; consentId: string }): Promise<ConsentView> {
  const view = await withClientConsent(deps, input, (tx, consent) => consentView(tx, consent));
  deps.afterCommit();
  return view;
}
