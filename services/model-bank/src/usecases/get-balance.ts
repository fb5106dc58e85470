import { currentAccount } from '../db/accounts.js';
import type { Account } from '../domain/account.js';
import { notFound } from '../domain/errors.js';
import type { Deps } from '../deps.js';

/** A customer's current account and what it holds (the back office): 404 until the bank has seen them. */
export async function getBalance(deps: Deps, input: { clientId: string; customerRef: string }): Promise<Account> {
  const account = await currentAccount(deps.db, input.clientId, input.customerRef);
  if (!account) throw notFound(`Customer ${input.customerRef} of client ${input.clientId}`, 'MerchantCustomerIdentification');
  return account;
}
