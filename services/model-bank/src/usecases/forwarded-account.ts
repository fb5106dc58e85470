import { accountById } from '../db/accounts.js';
import type { Tx } from '../db/tx.js';
import type { Account } from '../domain/account.js';

/**
 * The account money for `account` reaches: a switched account forwards to the account that
 * replaced it (as a current-account switch redirects payments), possibly more than once.
 */
export async function forwardedAccount(tx: Tx, account: Account | undefined, forUpdate = false): Promise<Account | undefined> {
  let current = account;
  for (let hops = 0; current?.status === 'switched' && hops < 10; hops++) current = await accountById(tx, current.switchedTo!, forUpdate);
  return current;
}
