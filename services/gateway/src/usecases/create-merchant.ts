import { validationError } from '@vrp/errors';
import { newId } from '@vrp/ids';
import { isCurrency } from '@vrp/money';
import { generateToken, hashToken, type TokenEnvironment } from '../domain/api-token.js';
import type { MerchantRecord, MerchantRepository } from '../db/merchants.js';
import { checkCreditorAccount, type CreditorAccount } from '../domain/creditor-account.js';

/** A new merchant with the one time its first access token is visible. */
export interface CreatedMerchant {
  merchant: MerchantRecord;
  tokenId: string;
  accessToken: string;
}

/**
 * Onboards a merchant in `environment` with its payout currency (and the account its customers'
 * consents pay into, if given) and issues its first API token. The token is returned once; only its hash is stored.
 */
export async function createMerchant(
  merchants: MerchantRepository,
  environment: TokenEnvironment,
  input: { name: string; payoutCurrency: string; creditorAccount?: Partial<CreditorAccount> },
): Promise<CreatedMerchant> {
  const name = input.name.trim();
  if (!name || name.length > 200) throw validationError('name', 'name must be 1..200 characters');
  if (!isCurrency(input.payoutCurrency)) throw validationError('payout_currency', `unknown currency '${input.payoutCurrency}'`);
  const creditorAccount = checkCreditorAccount(input.creditorAccount ?? {}) ?? null;
  const accessToken = generateToken(environment);
  const tokenId = newId('token');
  const merchant = await merchants.createWithToken(
    { id: newId('merchant'), name, payoutCurrency: input.payoutCurrency, creditorAccount },
    { id: tokenId, hash: hashToken(accessToken), environment },
  );
  return { merchant, tokenId, accessToken };
}
