import * as oidc from 'openid-client';
import { decodeJwt } from 'jose';
import { ApiError, validationError } from '@vrp/errors';
import { BankRefusal, BankUnavailable, bankFailureAsApiError } from '../clients/bank/bank-errors.js';
import { endAuthorisation, findAuthorisation, otherAttemptInFlight, releaseAuthorisation, useAuthorisation } from '../db/authorisations.js';
import { endJourney, findConsentById, setAuthorised, type ConsentRow } from '../db/consents.js';
import { hasExpired, outcomeOf, returnUrl, type Outcome } from '../domain/journey.js';
import { digest, seal } from '../domain/sealing.js';
import type { Deps } from '../deps.js';

/** How the journey ended and where the customer goes. */
export interface AuthorisationOutcome {
  outcome: Outcome;
  redirectUrl: string;
  consent: ConsentRow;
}

/**
 * The bank sent the customer back. The answer's `state` must name an authorisation this connector
 * began that was neither used nor expired (otherwise validation_error on `state`, and no code is
 * exchanged). The JARM response is then checked by openid-client (the bank's signature, issuer,
 * audience, expiry, state) and its code exchanged with the PKCE verifier for the consent's
 * certificate-bound token, kept sealed; the consent is read back from the bank, which must confirm
 * it authorised (its DebtorAccount is kept). A refusal at the bank (access_denied) is `declined`;
 * any other error, or a consent the bank does not confirm, is `error`. When the bank cannot be
 * reached the state is given back, so the same redirect can be repeated. An attempt that failed
 * while another attempt at the same consent is still in flight (the customer opened the link twice)
 * answers `error` to its own redirect and leaves the journey to the other attempt: it ends `failed`
 * only when no attempt is left that could still authorise it.
 */
export async function completeAuthorisation(deps: Deps, params: Record<string, string>): Promise<AuthorisationOutcome> {
  const state = stateOf(params);
  const stateHash = digest(state);
  const authorisation = await findAuthorisation(deps.sql, stateHash);
  if (!authorisation) throw validationError('state', 'does not belong to an authorisation this platform began');
  if (authorisation.usedAt) throw validationError('state', 'was used already: each authorisation answers once');
  const consent = (await findConsentById(deps.sql, authorisation.consentId))!;
  if (hasExpired(authorisation.expiresAt, deps.clocks.now(consent.merchantId))) {
    await endJourney(deps.sql, consent.id, 'expired');
    throw validationError('state', 'belongs to an authorisation whose time ran out');
  }
  if (!(await useAuthorisation(deps.sql, stateHash))) throw validationError('state', 'was used already: each authorisation answers once');
  if (consent.journey !== 'open') return ended(deps, consent);
  if (!params.response) {
    // Not a JARM answer: the bank could not sign one (FAPI wants every answer signed), so only its
    // error is taken, never a code.
    return finish(deps, consent, params.error === 'access_denied' ? 'declined' : 'failed', undefined, stateHash);
  }
  const callback = new URL(deps.settings.redirectUri);
  for (const [name, value] of Object.entries(params)) callback.searchParams.set(name, value);
  let token;
  try {
    token = await deps.authorisation.exchangeCode(callback, {
      state,
      nonce: authorisation.nonce,
      codeVerifier: authorisation.codeVerifier,
    });
  } catch (err) {
    if (err instanceof oidc.AuthorizationResponseError)
      return finish(deps, consent, err.error === 'access_denied' ? 'declined' : 'failed', err, stateHash);
    if (err instanceof BankUnavailable) {
      await releaseAuthorisation(deps.sql, stateHash);
      throw bankFailureAsApiError(err, 'finish the authorisation');
    }
    // The JARM response or ID token did not check out, or the bank refused the code (a wrong verifier).
    return finish(deps, consent, 'failed', err, stateHash);
  }
  let confirmed;
  try {
    confirmed = (await deps.bank.getConsent(consent.bankConsentId)).body.Data;
  } catch (err) {
    if (err instanceof BankRefusal) return finish(deps, consent, 'failed', err, stateHash);
    await releaseAuthorisation(deps.sql, stateHash);
    throw bankFailureAsApiError(err, 'confirm the consent');
  }
  if (confirmed.Status !== 'AUTH')
    return finish(deps, consent, 'failed', new Error(`the bank reports the consent ${confirmed.Status}`), stateHash);
  await setAuthorised(deps.sql, consent.id, {
    accessTokenSealed: seal(deps.settings.secretKeys, token.accessToken),
    accessTokenExpiresAt: token.expiresAt,
    debtorAccount: confirmed.DebtorAccount ?? confirmed.Initiation.DebtorAccount ?? null,
    nextCheckAt: new Date(Date.now() + deps.settings.consentCheckMs),
  });
  await endAuthorisation(deps.sql, stateHash);
  deps.logger.info('consent authorised', {
    merchant_id: consent.merchantId,
    mandate_id: consent.mandateId,
    consent_id: consent.bankConsentId,
  });
  return ended(deps, (await findConsentById(deps.sql, consent.id))!);
}

/** The `state` of a JARM response (read to find the authorisation; the library checks the signature) or of a plain one. */
function stateOf(params: Record<string, string>): string {
  if (params.response) {
    let claims;
    try {
      claims = decodeJwt(params.response);
    } catch {
      throw validationError('response', 'is not a JWT');
    }
    if (typeof claims.state !== 'string' || !claims.state) throw validationError('state', 'is missing from the response');
    return claims.state;
  }
  if (!params.state) throw validationError('state', 'is required');
  return params.state;
}

async function finish(
  deps: Deps,
  consent: ConsentRow,
  journey: 'declined' | 'failed',
  cause: unknown,
  stateHash: string,
): Promise<AuthorisationOutcome> {
  await endAuthorisation(deps.sql, stateHash);
  // A customer's refusal ends the journey; this attempt's failure does not while another may still succeed.
  if (journey === 'failed' && (await otherAttemptInFlight(deps.sql, consent.id, stateHash, deps.clocks.now(consent.merchantId)))) {
    deps.logger.info('an authorisation attempt failed; another attempt at the consent is in flight', {
      merchant_id: consent.merchantId,
      mandate_id: consent.mandateId,
      consent_id: consent.bankConsentId,
      ...(cause ? { reason: (cause as Error).message } : {}),
    });
    return { outcome: 'error', redirectUrl: returnUrl(consent.returnUri, 'error', consent), consent };
  }
  await endJourney(deps.sql, consent.id, journey);
  deps.logger.info(journey === 'declined' ? 'consent declined by the customer' : 'authorisation failed', {
    merchant_id: consent.merchantId,
    mandate_id: consent.mandateId,
    consent_id: consent.bankConsentId,
    ...(cause ? { reason: (cause as Error).message } : {}),
  });
  return ended(deps, (await findConsentById(deps.sql, consent.id))!);
}

function ended(deps: Deps, consent: ConsentRow): AuthorisationOutcome {
  if (consent.journey === 'open') throw new ApiError('internal_error', 'the journey is still open');
  const outcome = outcomeOf(consent.journey);
  return { outcome, redirectUrl: returnUrl(consent.returnUri, outcome, consent), consent };
}
