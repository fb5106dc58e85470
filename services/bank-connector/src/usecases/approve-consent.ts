import { ApiError, notFound } from '@vrp/errors';
import { findConsent } from '../db/consents.js';
import { pageForm, type Form } from '../domain/html-forms.js';
import { outcomeOf, returnUrl, type Outcome } from '../domain/journey.js';
import { unseal } from '../domain/sealing.js';
import type { Deps } from '../deps.js';
import { beginAuthorisation } from './begin-authorisation.js';
import { completeAuthorisation } from './complete-authorisation.js';

/** Pages and redirects the walk follows at most before giving up. */
const MAX_HOPS = 20;

/**
 * Sandbox: the customer approves (or declines) the mandate's consent at the model bank, through its
 * real pages, without a browser: the authorisation link is opened (BeginAuthorisation), redirects
 * are followed with a cookie jar, the form with the Approve (or Decline) button is submitted, and
 * the walk stops at the platform's redirect URI, whose answer finishes the journey
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
  const cookies = new Map<string, string>();
  let request: { url: string; init: RequestInit } = { url: start.redirectUrl, init: { method: 'GET' } };
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    if (request.url.startsWith(deps.settings.redirectUri)) return finish(deps, request);
    const response = await fetch(request.url, {
      ...request.init,
      redirect: 'manual',
      headers: { ...(request.init.headers as Record<string, string>), cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const set of response.headers.getSetCookie()) {
      const [pair] = set.split(';');
      const eq = pair!.indexOf('=');
      if (eq > 0) cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      request = { url: new URL(location, request.url).toString(), init: { method: 'GET' } };
      continue;
    }
    const html = await response.text();
    if (response.status >= 400)
      throw new ApiError('service_unavailable', `The model bank answered ${response.status} on its authorisation pages.`);
    // A form posting back to the platform (response_mode form_post.jwt), else the consent page's.
    const form =
      pageForm(html, request.url, (f) => f.action.startsWith(deps.settings.redirectUri)) ?? consentForm(html, request.url, input.decline);
    request = submission(form);
  }
  throw new ApiError('service_unavailable', 'The model bank never sent the customer back to the platform.');
}

function consentForm(html: string, url: string, decline: boolean): Form {
  const label = decline ? /^decline$/i : /^approve$/i;
  const form = pageForm(html, url, (f) => f.buttons.some((b) => label.test(b.label)), label);
  if (!form) throw new ApiError('service_unavailable', `The model bank's page has no ${decline ? 'Decline' : 'Approve'} button.`);
  return form;
}

function submission(form: Form): { url: string; init: RequestInit } {
  const body = new URLSearchParams(form.fields).toString();
  if (form.method === 'GET') {
    const url = new URL(form.action);
    for (const [k, v] of form.fields) url.searchParams.append(k, v);
    return { url: url.toString(), init: { method: 'GET' } };
  }
  return { url: form.action, init: { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } } };
}

/** The redirect reached the platform: its parameters (query, or a posted form's) finish the journey. */
async function finish(deps: Deps, request: { url: string; init: RequestInit }): Promise<{ outcome: Outcome; redirectUrl: string }> {
  const params: Record<string, string> = Object.fromEntries(new URL(request.url).searchParams);
  if (typeof request.init.body === 'string') Object.assign(params, Object.fromEntries(new URLSearchParams(request.init.body)));
  const result = await completeAuthorisation(deps, params);
  return { outcome: result.outcome, redirectUrl: result.redirectUrl };
}
