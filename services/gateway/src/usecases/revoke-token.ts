import { ApiError, validationError } from '@vrp/errors';
import { hashToken } from '../domain/api-token.js';
import type { MerchantRepository } from '../db/merchants.js';

/** Revokes a token, named by its id or by the token itself; it stops working at once. */
export async function revokeToken(
  merchants: MerchantRepository,
  which: { tokenId?: string; token?: string },
): Promise<{ tokenId: string; merchantId: string }> {
  if (!which.tokenId === !which.token) throw validationError('token', 'give exactly one of token id or token');
  const revoked = await merchants.revokeToken(which.tokenId ? { id: which.tokenId } : { hash: hashToken(which.token!) });
  if (!revoked) throw new ApiError('not_found', 'No such live token');
  return { tokenId: revoked.id, merchantId: revoked.merchantId };
}
