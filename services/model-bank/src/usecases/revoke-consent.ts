import { REVOCATION_REASONS } from '@vrp/open-banking';
import { moveConsent, withConsent } from '../db/consents.js';
import { revokeGrant } from '../db/oidc-adapter.js';
import { conflict, notFound } from '../domain/errors.js';
import { consentResource } from '../domain/links.js';
import type { Deps } from '../deps.js';
import { consentView, revokedReason, type ConsentView } from './load-consent.js';
import { notify } from './notify.js';

/**
 * The customer (at their bank) or the bank revokes an authorised consent: CANC with a status
 * reason saying who, its authorisation and tokens revoked, and its client notified with a
 * consent-authorization-revoked event (reason revoked_by_customer / revoked_by_bank) beside the
 * resource update. 409 unless the consent is AUTH.
 */
export async function revokeConsent(
  deps: Deps,
  input: { consentId: string; by: 'customer' | 'bank'; description?: string },
): Promise<ConsentView> {
  const view = await withConsent(deps.db, input.consentId, true, async (tx, consent) => {
    if (!consent) throw notFound(`Consent ${input.consentId}`);
    if (consent.status !== 'AUTH') throw conflict(`the consent is ${consent.status}, not AUTH`);
    const now = deps.clocks.now(consent.clockKey);
    const revoked = (await moveConsent(tx, consent.id, 'CANC', ['AUTH'], {
      at: now,
      reasons: [revokedReason(input.by, input.description)],
    }))!;
    if (revoked.grantId) await revokeGrant(tx, revoked.grantId);
    await notify(deps, tx, {
      clientId: revoked.clientId,
      resource: consentResource(deps.issuer, revoked.id),
      toe: now,
      extra: { kind: 'revoked', reason: REVOCATION_REASONS[input.by] },
    });
    return consentView(tx, revoked);
  });
  deps.afterCommit();
  return view;
}
