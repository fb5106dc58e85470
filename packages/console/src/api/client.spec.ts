import { VrpApiError, VrpConnectionError } from '@vrp/sdk';
import { describe, expect, it } from 'vitest';
import { describeError, isSignedOut } from './client.js';
import { ConsoleError } from './console-api.js';

const apiError = (status: number, error: Record<string, unknown>, headers: Record<string, string> = {}) =>
  new VrpApiError(status, { error }, new Headers(headers));

describe('errors shown to the user', () => {
  it('shows the message with its code and request id', () => {
    const err = apiError(404, { type: 'invalid_request_error', code: 'not_found', message: 'No such mandate.', request_id: 'req_1' });
    expect(describeError(err)).toBe('No such mandate. (not_found, request req_1)');
  });

  it('names every field at fault', () => {
    const err = apiError(400, {
      code: 'validation_error',
      message: 'The request is invalid.',
      details: [
        { param: 'url', message: 'must start with https://sandbox' },
        { param: 'description', message: 'is too long' },
      ],
    });
    expect(describeError(err)).toBe(
      'The request is invalid. url: must start with https://sandbox. description: is too long. (validation_error)',
    );
  });

  it('says how long to wait after a sign-in limit', () => {
    const err = new ConsoleError(429, 'rate_limited', 'Too many sign-in attempts.', 'req_2', [], 30);
    expect(describeError(err)).toBe('Too many sign-in attempts. Try again in 30 s. (rate_limited, request req_2)');
    expect(describeError(apiError(429, { code: 'rate_limited', message: 'Slow down.' }, { 'retry-after': '2' }))).toBe(
      'Slow down. Try again in 2 s. (rate_limited)',
    );
  });

  it('explains a connection failure without technical noise', () => {
    expect(describeError(new VrpConnectionError('fetch failed'))).toMatch(/could not be reached/);
  });

  it('treats only 401 as signed out', () => {
    expect(isSignedOut(new ConsoleError(401, 'authentication_required', 'Sign in to the console.'))).toBe(true);
    expect(isSignedOut(apiError(401, { code: 'authentication_required', message: 'Sign in.' }))).toBe(true);
    expect(isSignedOut(apiError(403, { code: 'csrf_token_invalid', message: 'No.' }))).toBe(false);
    expect(isSignedOut(new Error('boom'))).toBe(false);
  });
});
