import { notFound } from '@vrp/errors';
import { walkAuthorisation } from '../clients/bank/consent-pages.js';
import { findConsent } from '../db/consents.js';
import { outcomeOf, returnUrl, type Outcome } from '../domain/journey.js';
import { unseal } from '../domain/sealing.js';
import type { Deps } from '../deps.js';
import { beginAuthorisation } from './begin-authorisation.js';
import { completeAuthorisation } from './complete-authorisation.js';

/**
 * Sandbox: the customer approves (or declines) the mandate's consent at the model bank, through its
 * real pages, without a browser: the authorisation link is opened (BeginAuthorisation), the bank's
 * pages are walked (redirects with a cookie jar, the Approve or Decline form) until the bank sends
 * the customer to the platform's redirect URI, whose answer finishes the journey
 * (CompleteAuthorisation). A journey that ended already answers its outcome.
 */
export async function approveConsent(
  deps: Deps,
  input: { merchantId: string; mandateId: string; decline: boolean },
  fetch: (url: string, init?: RequestInit) => Promise<Response>,
): Promise<{ outcome: Outcome; redirectUrl: string }> {
  const consent = await findConsent(deps.sql, input.merchantId, input.mandateId);
  if (!consent) throw notFound('consent of mandate', input.mandateId);
  if (consent.journey !== 'open') {
    const outcome = outcomeOf(consent.journey);
    return { outcome, redirectUrl: returnUrl(consent.returnUri, outcome, consent) };
  }
  const start = await beginAuthorisation(deps, unseal(deps.settings.secretKeys, consent.linkTokenSealed));
  if (start.outcome) return { outcome: start.outcome, redirectUrl: start.redirectUrl };
  const params = await walkAuthorisation(fetch, start.redirectUrl, { redirectUri: deps.settings.redirectUri, decline: input.decline });
  const result = await completeAuthorisation(deps, params);
  return { outcome: result.outcome, redirectUrl: result.redirectUrl };
}
