import { VrpApiError, VrpClient, VrpConnectionError } from '@vrp/sdk';
import { ConsoleError } from './console-api.js';

/**
 * The public API client for a signed-in browser: the session cookie authenticates, the CSRF
 * token goes with every change, and nothing is retried behind the user's back.
 */
export function createApiClient(csrfToken: string): VrpClient {
  return new VrpClient({ baseUrl: window.location.origin, headers: { 'X-CSRF-Token': csrfToken }, maxRetries: 0 });
}

/**
 * What to tell the user about a failure: the API's message, each field at fault, how long to
 * wait when it said, and the code and request id support will ask for.
 */
export function describeError(err: unknown): string {
  if (err instanceof VrpApiError || err instanceof ConsoleError) {
    const fields = err.details.map((d) => ` ${d.param}: ${d.message}.`).join('');
    const wait = err.retryAfter !== undefined ? ` Try again in ${err.retryAfter} s.` : '';
    return `${err.message}${fields}${wait} (${err.code}${err.requestId ? `, request ${err.requestId}` : ''})`;
  }
  if (err instanceof VrpConnectionError) return 'The API could not be reached. Check your connection and try again.';
  return err instanceof Error ? err.message : String(err);
}

/** True when the failure means the session is gone (signed out, expired): the console asks to sign in. */
export function isSignedOut(err: unknown): boolean {
  return (err instanceof VrpApiError || err instanceof ConsoleError) && err.status === 401;
}
