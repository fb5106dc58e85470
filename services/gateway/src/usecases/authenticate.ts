import { ApiError } from '@vrp/errors';
import { hashToken, tokenEnvironment, type TokenEnvironment } from '../domain/api-token.js';
import type { MerchantRecord, MerchantRepository } from '../db/merchants.js';

// The scheme name is case-insensitive (RFC 9110 §11.1); the token is not.
const BEARER = /^Bearer ([^\s]+)$/i;

/**
 * The merchant an Authorization header speaks for. No header, or not `Bearer <token>`:
 * 401 authentication_required. A token that is unknown, revoked or issued for the other
 * environment: 401 invalid_token (one code, so nothing is learnt about other environments).
 */
export async function authenticate(
  merchants: Pick<MerchantRepository, 'findLiveToken'>,
  environment: TokenEnvironment,
  header: string | undefined,
): Promise<MerchantRecord> {
  return (await authenticateBearer(merchants, environment, header)).merchant;
}

/** As `authenticate`, with the id of the token that spoke (the audit log names it). */
export async function authenticateBearer(
  merchants: Pick<MerchantRepository, 'findLiveToken'>,
  environment: TokenEnvironment,
  header: string | undefined,
): Promise<{ merchant: MerchantRecord; tokenId: string }> {
  const match = header === undefined ? null : BEARER.exec(header.trim());
  if (!match) {
    throw new ApiError('authentication_required', 'Send your API token as "Authorization: Bearer <token>".');
  }
  const token = match[1]!;
  // Made only when thrown: an error's stack costs more than the rest of a cached authentication.
  const invalid = () => new ApiError('invalid_token', 'The API token is invalid, revoked or belongs to another environment.');
  if (tokenEnvironment(token) !== environment) throw invalid();
  const found = await merchants.findLiveToken(hashToken(token));
  if (!found || found.environment !== environment) throw invalid();
  return { merchant: found.merchant, tokenId: found.id };
}
