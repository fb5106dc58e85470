import { ApiError, notFound, validationError } from '@vrp/errors';
import { newId } from '@vrp/ids';
import { generateToken, hashToken, type TokenEnvironment } from '../domain/api-token.js';
import type { ApiTokenRecord, MerchantRepository } from '../db/merchants.js';

/** The most live (unrevoked) API tokens a merchant may hold: revoke one to make room. */
export const MAX_LIVE_TOKENS = 25;

/**
 * Issues another API token for an existing merchant (e.g. to rotate the old one out), with the
 * name the console shows for it (1 to 100 characters; the CLI's tokens have none). A merchant
 * holding MAX_LIVE_TOKENS live tokens is refused with 422 token_limit_reached.
 */
export async function createToken(
  merchants: MerchantRepository,
  environment: TokenEnvironment,
  merchantId: string,
  name = '',
): Promise<{ tokenId: string; merchantId: string; accessToken: string; token: ApiTokenRecord }> {
  if (name.length > 100) throw validationError('name', 'must be at most 100 characters');
  if (!(await merchants.find(merchantId))) throw notFound('merchant', merchantId);
  const accessToken = generateToken(environment);
  const tokenId = newId('token');
  const token = await merchants.addToken({ id: tokenId, merchantId, hash: hashToken(accessToken), environment, name }, MAX_LIVE_TOKENS);
  if (!token) {
    throw new ApiError('token_limit_reached', `A merchant can hold at most ${MAX_LIVE_TOKENS} live API tokens; revoke one first.`);
  }
  return { tokenId, merchantId, accessToken, token };
}
