import { ERROR_CODES, fromObAmount, type ObAmount } from '@vrp/open-banking';
import { openAccountWithBalance } from '../db/accounts.js';
import { BANK_SORT_CODE, accountName, type Account } from '../domain/account.js';
import { invalid, notFound } from '../domain/errors.js';
import type { Deps } from '../deps.js';

/**
 * Sets what a customer's account holds (the back office), naming the customer as their client
 * does (Risk.MerchantCustomerIdentification): the account is opened first if the bank has not seen
 * the customer yet. Zero is a balance too.
 */
export async function setBalance(deps: Deps, input: { clientId: string; customerRef: string; amount: ObAmount }): Promise<Account> {
  if (!deps.clients.has(input.clientId)) throw notFound(`Client ${input.clientId}`, 'ClientId');
  const zero = /^0+(\.0+)?$/.test(input.amount.Amount);
  const balanceMinor = zero ? 0n : fromObAmount(input.amount);
  if (balanceMinor === null) throw invalid(ERROR_CODES.invalidField, `must be an amount in ${input.amount.Currency}`, 'Amount.Amount');
  return openAccountWithBalance(deps.db, {
    clientId: input.clientId,
    customerRef: input.customerRef,
    name: accountName(input.customerRef),
    currency: input.amount.Currency,
    balanceMinor,
    sortCode: BANK_SORT_CODE,
  });
}
