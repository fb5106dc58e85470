import type { RequestHandler } from 'express';
import { ApiError } from '@vrp/errors';
import { withRequestContext } from '@vrp/logging';
import { sessionPolicyOf } from '../console/session-policy.js';
import { sessionSecretOf } from '../console/session-cookie.js';
import type { Deps } from '../deps.js';
import { authenticate as authenticateHeader } from '../usecases/authenticate.js';
import { csrfMatches, resumeSession } from '../usecases/console-sessions.js';
import { requestIdOf, setMerchant } from './locals.js';

/** Methods that change nothing: a console session needs no CSRF token for them. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Requires a valid bearer token of this environment, or, without an Authorization header, a
 * live Merchant Console session cookie whose changes carry the session's X-CSRF-Token (403
 * csrf_token_invalid otherwise); records whose request this is.
 */
export function authenticate(deps: Pick<Deps, 'tokens' | 'consoleAccounts' | 'config'>): RequestHandler {
  const policy = sessionPolicyOf(deps.config);
  return async (req, res, next) => {
    const header = req.get('authorization');
    const secret = header === undefined ? sessionSecretOf(req) : undefined;
    let merchant;
    if (secret === undefined) {
      merchant = await authenticateHeader(deps.tokens, deps.config.env, header);
    } else {
      const session = await resumeSession(deps.consoleAccounts, secret, new Date(), policy);
      if (!session) throw new ApiError('authentication_required', 'The console session has ended: sign in again, or send an API token.');
      if (!SAFE_METHODS.has(req.method) && !csrfMatches(session, req.get('x-csrf-token'))) {
        throw new ApiError('csrf_token_invalid', "Changes made with a console session must carry the session's X-CSRF-Token header.");
      }
      merchant = session.merchant;
    }
    setMerchant(res, merchant);
    withRequestContext({ requestId: requestIdOf(res), merchantId: merchant.id }, () => next());
  };
}
