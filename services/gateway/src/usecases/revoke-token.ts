import { ApiError, validationError } from '@vrp/errors';
import { hashToken } from '../domain/api-token.js';
import type { MerchantRepository } from '../db/merchants.js';

/** Revokes a token, named by its id or by the token itself; it stops working at once. */
export async function revokeToken(
  merchants: MerchantRepository,
  which: { tokenId?: string; token?: string; /** Only among this merchant's tokens (the console). */ merchantId?: string },
): Promise<{ tokenId: string; merchantId: string }> {
  if (!which.tokenId === !which.token) throw validationError('token', 'give exactly one of token id or token');
  const where = which.tokenId ? { id: which.tokenId } : { hash: hashToken(which.token!) };
  const revoked = await merchants.revokeToken({ ...where, ...(which.merchantId ? { merchantId: which.merchantId } : {}) });
  if (!revoked) throw new ApiError('not_found', 'No such live token');
  return { tokenId: revoked.id, merchantId: revoked.merchantId };
}
