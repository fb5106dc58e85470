import type { RequestHandler } from 'express';
import { withRequestContext } from '@vrp/logging';
import type { TokenEnvironment } from '../domain/api-token.js';
import type { LiveTokenCache } from '../db/live-token-cache.js';
import { authenticate as authenticateHeader } from '../usecases/authenticate.js';
import { requestIdOf, setMerchant } from './locals.js';

/** Requires a valid bearer token of this environment and records whose request this is. */
export function authenticate(tokens: LiveTokenCache, environment: TokenEnvironment): RequestHandler {
  return async (req, res, next) => {
    const merchant = await authenticateHeader(tokens, environment, req.get('authorization'));
    setMerchant(res, merchant);
    withRequestContext({ requestId: requestIdOf(res), merchantId: merchant.id }, () => next());
  };
}
