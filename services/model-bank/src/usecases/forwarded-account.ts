import type { Queryable } from '@vrp/sql';
import { accountById } from '../db/accounts.js';
import type { Account } from '../domain/account.js';

/**
 * The account money for `account` reaches: a switched account forwards to the account that
 * replaced it (as a current-account switch redirects payments), possibly more than once.
 */
export async function forwardedAccount(db: Queryable, account: Account | undefined, forUpdate = false): Promise<Account | undefined> {
  let current = account;
  for (let hops = 0; current?.status === 'switched' && hops < 10; hops++) current = await accountById(db, current.switchedTo!, forUpdate);
  return current;
}
