import { notFound } from '@vrp/errors';
import { newId } from '@vrp/ids';
import { generateToken, hashToken, type TokenEnvironment } from '../domain/api-token.js';
import type { MerchantRepository } from '../db/merchants.js';

/** Issues another API token for an existing merchant (e.g. to rotate the old one out). */
export async function createToken(
  merchants: MerchantRepository,
  environment: TokenEnvironment,
  merchantId: string,
): Promise<{ tokenId: string; merchantId: string; accessToken: string }> {
  if (!(await merchants.find(merchantId))) throw notFound('merchant', merchantId);
  const accessToken = generateToken(environment);
  const tokenId = newId('token');
  await merchants.addToken({ id: tokenId, merchantId, hash: hashToken(accessToken), environment });
  return { tokenId, merchantId, accessToken };
}
