import type { Request, RequestHandler, Response } from 'express';
import { ApiError, isApiError } from '@vrp/errors';
import { withRequestContext } from '@vrp/logging';
import { sessionPolicyOf } from '../console/session-policy.js';
import { sessionSecretOf } from '../console/session-cookie.js';
import type { Deps } from '../deps.js';
import { authenticateBearer } from '../usecases/authenticate.js';
import { checkSessionMay } from '../console/access.js';
import { permissionForApi } from '../domain/roles.js';
import { csrfMatches, resumeSession } from '../usecases/console-sessions.js';
import { clientAddressOf } from './forwarded-for.js';
import type { KeyedBuckets } from './keyed-buckets.js';
import { merchantOf, requestIdOf, setActor, setMerchant } from './locals.js';

/** Methods that change nothing: a console session needs no CSRF token for them. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Requires a valid bearer token of this environment, or, without an Authorization header, a
 * live Merchant Console session cookie whose changes carry the session's X-CSRF-Token (403
 * csrf_token_invalid otherwise) and whose user's role allows the request (403 forbidden; an owner
 * who must set up two-factor sign-in first: 403 two_factor_setup_required); records whose request
 * this is and who acts. Every 401 takes a token from the
 * client address's bucket of `failures`, and an address whose bucket is empty is refused with 429
 * rate_limited before its credentials are looked up: random tokens cost no database query.
 */
export function authenticate(
  deps: Pick<Deps, 'tokens' | 'consoleAccounts' | 'config'>,
  failures: KeyedBuckets,
  now: () => number = Date.now,
): RequestHandler {
  const policy = sessionPolicyOf(deps.config);
  return async (req, res, next) => {
    const address = clientAddressOf(req);
    const standing = failures.peek(address, now());
    if (!standing.allowed) {
      throw new ApiError('rate_limited', 'Too many failed authentications from this address; retry after the time in Retry-After.', {
        retryAfter: standing.retryAfterSeconds,
      });
    }
    try {
      await identify(req, res, deps, policy);
    } catch (err) {
      if (isApiError(err) && err.httpStatus === 401) failures.take(address, now());
      throw err;
    }
    withRequestContext({ requestId: requestIdOf(res), merchantId: merchantOf(res).id }, () => next());
  };
}

/** Finds whose request this is (a token or a console session) and records it; throws the 401 or 403 otherwise. */
async function identify(
  req: Request,
  res: Response,
  deps: Pick<Deps, 'tokens' | 'consoleAccounts' | 'config'>,
  policy: ReturnType<typeof sessionPolicyOf>,
): Promise<void> {
  const header = req.get('authorization');
  const secret = header === undefined ? sessionSecretOf(req) : undefined;
  if (secret === undefined) {
    const { merchant, tokenId } = await authenticateBearer(deps.tokens, deps.config.env, header);
    setMerchant(res, merchant);
    setActor(res, { type: 'api_token', id: tokenId });
    return;
  }
  const session = await resumeSession(deps.consoleAccounts, secret, new Date(), policy);
  if (!session) throw new ApiError('authentication_required', 'The console session has ended: sign in again, or send an API token.');
  if (!SAFE_METHODS.has(req.method) && !csrfMatches(session, req.get('x-csrf-token'))) {
    throw new ApiError('csrf_token_invalid', "Changes made with a console session must carry the session's X-CSRF-Token header.");
  }
  // The console user's role decides what the API lets the session do (a token is not a user: it keeps the whole API).
  const path = req.originalUrl.split('?')[0]!;
  checkSessionMay(session, permissionForApi(req.method, path), deps.config);
  setMerchant(res, session.merchant);
  setActor(res, { type: 'user', id: session.user.id, email: session.user.email });
}
