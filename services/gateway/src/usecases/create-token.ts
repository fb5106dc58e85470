import { notFound, validationError } from '@vrp/errors';
import { newId } from '@vrp/ids';
import { generateToken, hashToken, type TokenEnvironment } from '../domain/api-token.js';
import type { ApiTokenRecord, MerchantRepository } from '../db/merchants.js';

/**
 * Issues another API token for an existing merchant (e.g. to rotate the old one out), with the
 * name the console shows for it (1 to 100 characters; the CLI's tokens have none).
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
  const token = await merchants.addToken({ id: tokenId, merchantId, hash: hashToken(accessToken), environment, name });
  return { tokenId, merchantId, accessToken, token };
}
