import { moveConsent } from '../db/consents.js';
import { revokeGrant } from '../db/oidc-adapter.js';
import { reason } from '../domain/account.js';
import { CONSENT_MOVES } from '../domain/consent.js';
import { consentResource } from '../domain/links.js';
import type { Deps } from '../deps.js';
import { withClientConsent } from './load-consent.js';
import { notify } from './notify.js';

/**
 * DELETE /domestic-vrp-consents/{ConsentId}: the PISP withdraws the consent (CANC); its
 * authorisation and every token under it are revoked in the same transaction, and the client is
 * notified. Deleting a consent that has already ended changes nothing.
 */
export async function deleteConsent(deps: Deps, input: { clientId: string; consentId: string; interactionId: string }): Promise<void> {
  await withClientConsent(deps, { ...input, forUpdate: true }, async (tx, consent) => {
    const now = deps.clocks.now(consent.clockKey);
    const cancelled = await moveConsent(tx, consent.id, 'CANC', CONSENT_MOVES.CANC, {
      at: now,
      reasons: [reason('CUST', 'The PISP deleted the consent')],
    });
    if (!cancelled) return;
    if (cancelled.grantId) await revokeGrant(tx, cancelled.grantId);
    await notify(deps, tx, {
      clientId: cancelled.clientId,
      resource: consentResource(deps.issuer, cancelled.id),
      toe: now,
      txn: input.interactionId,
    });
  });
  deps.afterCommit();
}
