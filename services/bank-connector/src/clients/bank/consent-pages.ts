import { ApiError } from '@vrp/errors';
import { pageForm, type Form } from '../../domain/html-forms.js';

/** Pages and redirects a walk follows at most before giving up. */
const MAX_HOPS = 20;

type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

/**
 * Walks a bank's authorisation pages as a customer's browser would, without one: from the bank's
 * authorisation URL, following redirects with a cookie jar, submitting the form whose Approve (or
 * Decline) button it presses, until the bank sends the customer to `redirectUri`. Answers the
 * parameters of that last request (its query, or a form it posted: response_mode form_post.jwt);
 * that request is not made (it is the platform's own route).
 */
export async function walkAuthorisation(
  fetch: Fetch,
  authorisationUrl: string,
  options: { redirectUri: string; decline: boolean },
): Promise<Record<string, string>> {
  const cookies = new Map<string, string>();
  let request: { url: string; init: RequestInit } = { url: authorisationUrl, init: { method: 'GET' } };
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    if (request.url.startsWith(options.redirectUri)) return paramsOf(request);
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
      throw new ApiError('service_unavailable', `The bank answered ${response.status} on its authorisation pages.`);
    const form =
      pageForm(html, request.url, (f) => f.action.startsWith(options.redirectUri)) ?? consentForm(html, request.url, options.decline);
    request = submission(form);
  }
  throw new ApiError('service_unavailable', 'The bank never sent the customer back to the platform.');
}

function consentForm(html: string, url: string, decline: boolean): Form {
  const label = decline ? /^decline$/i : /^approve$/i;
  const form = pageForm(html, url, (f) => f.buttons.some((b) => label.test(b.label)), label);
  if (!form) throw new ApiError('service_unavailable', `The bank's page has no ${decline ? 'Decline' : 'Approve'} button.`);
  return form;
}

function submission(form: Form): { url: string; init: RequestInit } {
  if (form.method === 'GET') {
    const url = new URL(form.action);
    for (const [k, v] of form.fields) url.searchParams.append(k, v);
    return { url: url.toString(), init: { method: 'GET' } };
  }
  const body = new URLSearchParams(form.fields).toString();
  return { url: form.action, init: { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } } };
}

function paramsOf(request: { url: string; init: RequestInit }): Record<string, string> {
  const params: Record<string, string> = Object.fromEntries(new URL(request.url).searchParams);
  if (typeof request.init.body === 'string') Object.assign(params, Object.fromEntries(new URLSearchParams(request.init.body)));
  return params;
}
