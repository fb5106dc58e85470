import * as oidc from 'openid-client';
import { ApiError, validationError } from '@vrp/errors';
import { bankFailureAsApiError } from '../clients/bank/bank-errors.js';
import { insertAuthorisation } from '../db/authorisations.js';
import { endJourney, findConsentById, findConsentByLink, type ConsentRow } from '../db/consents.js';
import { hasExpired, outcomeOf, returnUrl, type Outcome } from '../domain/journey.js';
import { digest } from '../domain/sealing.js';
import type { Deps } from '../deps.js';

/** Where the customer's browser goes: the bank, or back with the journey's outcome. */
export interface AuthorisationStart {
  redirectUrl: string;
  /** Set when the journey has ended (the customer is not sent to the bank). */
  outcome?: Outcome;
  consent: ConsentRow;
}

/**
 * The customer opened their authorisation link. An unknown token is not_found. A journey that
 * has ended (its time ran out on the merchant's clock, it was cancelled, or the customer finished
 * it) sends the customer back with its outcome (an empty URL when there is no return address: the
 * caller renders the outcome). Otherwise the authorisation request is pushed to the bank (a signed
 * request object naming the consent, PKCE S256, response_mode=jwt), its state, nonce and verifier
 * kept until the journey's end, and the bank's authorisation URL answered.
 */
export async function beginAuthorisation(deps: Deps, token: string): Promise<AuthorisationStart> {
  if (!token) throw validationError('token', 'is required');
  const found = await findConsentByLink(deps.sql, digest(token));
  if (!found) throw new ApiError('not_found', 'No such authorisation link; it may have been mistyped.');
  let consent = found;
  if (consent.journey === 'open' && hasExpired(consent.expiresAt, deps.clocks.now(consent.merchantId))) {
    await endJourney(deps.sql, consent.id, 'expired');
    consent = (await findConsentById(deps.sql, consent.id))!;
  }
  if (consent.journey !== 'open') {
    const outcome = outcomeOf(consent.journey);
    return { redirectUrl: returnUrl(consent.returnUri, outcome, consent), outcome, consent };
  }
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  await insertAuthorisation(deps.sql, {
    stateHash: digest(state),
    consentId: consent.id,
    nonce,
    codeVerifier,
    expiresAt: consent.expiresAt,
  });
  try {
    const url = await deps.authorisation.pushAuthorisation({ consentId: consent.bankConsentId, state, nonce, codeVerifier });
    return { redirectUrl: url.toString(), consent };
  } catch (err) {
    throw bankFailureAsApiError(err, 'start the authorisation');
  }
}
