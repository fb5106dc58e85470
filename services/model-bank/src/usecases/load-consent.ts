import { STATUS_REASONS } from '@vrp/open-banking';
import { accountById } from '../db/accounts.js';
import { moveConsent, withConsent } from '../db/consents.js';
import { revokeGrant } from '../db/oidc-adapter.js';
import type { Tx } from '../db/tx.js';
import { cashAccount, reason } from '../domain/account.js';
import { CONSENT_MOVES, type Consent } from '../domain/consent.js';
import { forbidden, notFound } from '../domain/errors.js';
import { consentResource } from '../domain/links.js';
import type { Deps } from '../deps.js';
import { notify } from './notify.js';
import type { ConsentView } from '../domain/views.js';

export type { ConsentView };

/** The consent with its debtor account, for an answer. */
export async function consentView(tx: Tx, consent: Consent): Promise<ConsentView> {
  const account = consent.accountId ? await accountById(tx, consent.accountId) : undefined;
  return { consent, debtorAccount: account ? cashAccount(account) : undefined };
}

/**
 * Expires a live consent whose validity has ended on its payee's clock (EXPD, reason TKXP): its
 * authorisation is revoked and its client notified, in `tx`. Returns the consent as it is now.
 */
export async function expireIfDue(deps: Deps, tx: Tx, consent: Consent): Promise<Consent> {
  if (!consent.expiresAt || !(CONSENT_MOVES.EXPD as readonly string[]).includes(consent.status)) return consent;
  const now = deps.clocks.now(consent.clockKey);
  if (now < consent.expiresAt) return consent;
  const expired = await moveConsent(tx, consent.id, 'EXPD', CONSENT_MOVES.EXPD, {
    at: now,
    reasons: [reason('TKXP', 'The consent reached its ValidToDateTime')],
  });
  if (!expired) return consent;
  if (expired.grantId) await revokeGrant(tx, expired.grantId);
  await notify(deps, tx, { clientId: expired.clientId, resource: consentResource(deps.issuer, expired.id), toe: now });
  return expired;
}

/**
 * Runs `work` in one transaction on the client's consent `consentId`, locked when `forUpdate`,
 * expired first if its time has come: 400 U011 when it does not exist, 403 when it is another
 * client's.
 */
export function withClientConsent<T>(
  deps: Deps,
  input: { clientId: string; consentId: string; forUpdate?: boolean },
  work: (tx: Tx, consent: Consent) => Promise<T>,
): Promise<T> {
  return withConsent(deps.db, input.consentId, input.forUpdate ?? false, async (tx, consent) => {
    if (!consent) throw notFound(`Consent ${input.consentId}`, 'ConsentId');
    if (consent.clientId !== input.clientId) throw forbidden(`Consent ${input.consentId} belongs to another client`);
    return work(tx, await expireIfDue(deps, tx, consent));
  });
}

/** The status reason of a consent revoked by its customer or by the bank. */
export const revokedReason = (by: 'customer' | 'bank', description?: string) =>
  by === 'customer'
    ? reason(STATUS_REASONS.notSpecifiedCustomer, description ?? 'The customer revoked the consent at the bank')
    : reason(STATUS_REASONS.notSpecifiedAgent, description ?? 'The bank revoked the consent');
