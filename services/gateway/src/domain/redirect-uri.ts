import { validationError } from '@vrp/errors';

/**
 * Checks a mandate request's redirect_uri (docs/api.md): an absolute https URL without credentials or a
 * fragment; sandbox also accepts http://localhost and http://127.0.0.1 for local development.
 * Errors: validation_error on redirect_uri.
 */
export function checkRedirectUri(value: string, env: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw validationError('redirect_uri', 'must be an absolute URL');
  }
  const loopback = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
  const allowed = url.protocol === 'https:' || (env === 'sandbox' && url.protocol === 'http:' && loopback);
  if (!allowed) {
    throw validationError('redirect_uri', env === 'sandbox' ? 'must be https (or http://localhost, http://127.0.0.1)' : 'must be https');
  }
  if (url.username || url.password) throw validationError('redirect_uri', 'must not carry credentials');
  if (url.hash) throw validationError('redirect_uri', 'must not have a fragment');
  return value;
}
