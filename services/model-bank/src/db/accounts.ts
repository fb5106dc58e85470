import { transaction, type Queryable, type SqlPool } from '@vrp/sql';
import { newAccountNumber, type Account } from '../domain/account.js';
import { newAccountId } from '../domain/ids.js';
import {
  accountById as accountByIdQuery,
  accountByNumber as accountByNumberQuery,
  credit as creditQuery,
  currentAccount as currentAccountQuery,
  debitReserved as debitReservedQuery,
  lockAccount as lockAccountQuery,
  lockAccountByNumber as lockAccountByNumberQuery,
  lockCurrentAccount as lockCurrentAccountQuery,
  markSwitched as markSwitchedQuery,
  openAccount as openAccountQuery,
  openSwitchedAccount as openSwitchedAccountQuery,
  release as releaseQuery,
  reserve as reserveQuery,
  setAccountStatus as setAccountStatusQuery,
  setBalance as setBalanceQuery,
  type IAccountByIdResult,
} from '../generated/sql/accounts.queries.js';

/**
 * An account as every account read of sql/accounts.sql returns it, made the bank's Account: the
 * balance and reservations (int8, read as their digits) bigints, the status typed as the bank writes it.
 */
const toAccount = (r: IAccountByIdResult): Account => ({
  ...r,
  balanceMinor: BigInt(r.balanceMinor),
  reservedMinor: BigInt(r.reservedMinor),
  status: r.status as Account['status'],
});

/** The customer's current account (not a switched one); `forUpdate` locks it for the transaction. */
export async function currentAccount(
  db: Queryable,
  clientId: string,
  customerRef: string,
  forUpdate = false,
): Promise<Account | undefined> {
  const [row] = await (forUpdate ? lockCurrentAccountQuery : currentAccountQuery).run({ clientId, customerRef }, db);
  return row ? toAccount(row) : undefined;
}

/** An account by id; `forUpdate` locks it. */
export async function accountById(db: Queryable, id: string, forUpdate = false): Promise<Account | undefined> {
  const [row] = await (forUpdate ? lockAccountQuery : accountByIdQuery).run({ id }, db);
  return row ? toAccount(row) : undefined;
}

/** An account by its sort code and number; `forUpdate` locks it. */
export async function accountByNumber(
  db: Queryable,
  sortCode: string,
  accountNumber: string,
  forUpdate = false,
): Promise<Account | undefined> {
  const [row] = await (forUpdate ? lockAccountByNumberQuery : accountByNumberQuery).run({ sortCode, accountNumber }, db);
  return row ? toAccount(row) : undefined;
}

/** What a customer's account is opened with. */
export type AccountOpening = {
  clientId: string;
  customerRef: string;
  name: string;
  currency: string;
  balanceMinor: bigint;
  sortCode: string;
};

/**
 * The customer's current account, opened with `balanceMinor` in `currency` if they have none. Two
 * requests opening it at once get the same account (one current account per customer is a unique
 * index); a drawn account number already in use is drawn again.
 */
export async function openAccount(db: Queryable, opening: AccountOpening): Promise<Account> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const existing = await currentAccount(db, opening.clientId, opening.customerRef);
    if (existing) return existing;
    const [opened] = await openAccountQuery.run(
      {
        id: newAccountId(),
        clientId: opening.clientId,
        customerRef: opening.customerRef,
        sortCode: opening.sortCode,
        accountNumber: newAccountNumber(),
        name: opening.name,
        currency: opening.currency,
        balanceMinor: opening.balanceMinor.toString(),
      },
      db,
    );
    if (opened) return toAccount(opened);
  }
  throw new Error('no free account number after 10 draws');
}

/**
 * Reserves `amountMinor` of an open account in `currency` for a payment, only if it is available
 * (balance less what is reserved): the database decides, so two payments racing for the last
 * funds cannot both have them. Resolves whether it was reserved.
 */
export async function reserve(db: Queryable, accountId: string, amountMinor: bigint, currency: string): Promise<boolean> {
  const done = await reserveQuery.run({ id: accountId, amountMinor: amountMinor.toString(), currency }, db);
  return done.length === 1;
}

/** Gives back a reservation (a payment rejected after it was taken). */
export async function release(db: Queryable, accountId: string, amountMinor: bigint): Promise<void> {
  await releaseQuery.run({ id: accountId, amountMinor: amountMinor.toString() }, db);
}

/** Debits a reserved amount (a payment settling); false when the balance no longer covers it. */
export async function debitReserved(db: Queryable, accountId: string, amountMinor: bigint): Promise<boolean> {
  const done = await debitReservedQuery.run({ id: accountId, amountMinor: amountMinor.toString() }, db);
  return done.length === 1;
}

/** Credits an account (a payout settling). */
export async function credit(db: Queryable, accountId: string, amountMinor: bigint): Promise<void> {
  await creditQuery.run({ id: accountId, amountMinor: amountMinor.toString() }, db);
}

/** Sets an account's balance (and the currency it holds). */
async function setBalance(db: Queryable, accountId: string, balanceMinor: bigint, currency: string): Promise<Account> {
  const [row] = await setBalanceQuery.run({ id: accountId, balanceMinor: balanceMinor.toString(), currency }, db);
  return toAccount(row!);
}

/**
 * The customer's current account made to hold exactly `opening.balanceMinor` in `opening.currency`,
 * opened first (see openAccount) if they have none, in one transaction.
 */
export function openAccountWithBalance(pool: SqlPool, opening: AccountOpening): Promise<Account> {
  return transaction(pool, async (tx) => {
    const account = await openAccount(tx, opening);
    return setBalance(tx, account.id, opening.balanceMinor, opening.currency);
  });
}

/** Closes or blocks an account. */
export async function setAccountStatus(db: Queryable, accountId: string, status: 'closed' | 'blocked'): Promise<void> {
  await setAccountStatusQuery.run({ id: accountId, status }, db);
}

/**
 * Replaces `old` with a new account of the same customer (a current-account switch): the old one
 * becomes switched, pointing at the new one, which takes over its balance and reservations.
 */
export async function switchAccount(db: Queryable, old: Account, sortCode: string): Promise<Account> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const id = newAccountId();
    // Savepoints are the transaction's control, not statements on the schema: they stay raw.
    await db.query('SAVEPOINT switch_account');
    await markSwitchedQuery.run({ id: old.id, switchedTo: id }, db);
    const [opened] = await openSwitchedAccountQuery.run(
      {
        id,
        clientId: old.clientId,
        customerRef: old.customerRef,
        sortCode,
        accountNumber: newAccountNumber(),
        name: old.name,
        currency: old.currency,
        balanceMinor: old.balanceMinor.toString(),
        reservedMinor: old.reservedMinor.toString(),
      },
      db,
    );
    if (opened) {
      await db.query('RELEASE SAVEPOINT switch_account');
      return toAccount(opened);
    }
    await db.query('ROLLBACK TO SAVEPOINT switch_account');
  }
  throw new Error('no free account number after 10 draws');
}
