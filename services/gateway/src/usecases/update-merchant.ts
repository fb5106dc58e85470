import { notFound, validationError } from '@vrp/errors';
import type { MerchantRecord, MerchantRepository } from '../db/merchants.js';
import { checkCreditorAccount, type CreditorAccount } from '../domain/creditor-account.js';

/**
 * Changes a merchant's name and/or the account its customers' consents pay into (for mandate
 * requests made from now on). Errors: not_found, validation_error.
 */
export async function updateMerchant(
  merchants: MerchantRepository,
  id: string,
  input: { name?: string; creditorAccount?: Partial<CreditorAccount> },
): Promise<MerchantRecord> {
  const name = input.name?.trim();
  if (name !== undefined && (!name || name.length > 200)) throw validationError('name', 'name must be 1..200 characters');
  const creditorAccount = checkCreditorAccount(input.creditorAccount ?? {});
  const updated = await merchants.update(id, { ...(name !== undefined ? { name } : {}), ...(creditorAccount ? { creditorAccount } : {}) });
  if (!updated) throw notFound('merchant', id);
  return updated;
}
