import { rows, transaction, type Queryable, type SqlPool } from '@vrp/sql';
import { newAccountNumber, type Account } from '../domain/account.js';
import { newAccountId } from '../domain/ids.js';

const COLUMNS = `id, client_id, customer_ref, sort_code, account_number, name, currency, balance_minor::text AS balance_minor,
  reserved_minor::text AS reserved_minor, status, switched_to`;

interface AccountRow {
  id: string;
  client_id: string;
  customer_ref: string;
  sort_code: string;
  account_number: string;
  name: string;
  currency: string;
  balance_minor: string;
  reserved_minor: string;
  status: Account['status'];
  switched_to: string | null;
}

const toAccount = (r: AccountRow): Account => ({
  id: r.id,
  clientId: r.client_id,
  customerRef: r.customer_ref,
  sortCode: r.sort_code,
  accountNumber: r.account_number,
  name: r.name,
  currency: r.currency,
  balanceMinor: BigInt(r.balance_minor),
  reservedMinor: BigInt(r.reserved_minor),
  status: r.status,
  switchedTo: r.switched_to,
});

const one = async (db: Queryable, sql: string, values: unknown[]) => {
  const [row] = await rows<AccountRow>(db, sql, values);
  return row ? toAccount(row) : undefined;
};

/** The customer's current account (not a switched one); `forUpdate` locks it for the transaction. */
export function currentAccount(db: Queryable, clientId: string, customerRef: string, forUpdate = false): Promise<Account | undefined> {
  return one(
    db,
    `SELECT ${COLUMNS} FROM model_bank.accounts WHERE client_id = $1 AND customer_ref = $2 AND status <> 'switched'${forUpdate ? ' FOR UPDATE' : ''}`,
    [clientId, customerRef],
  );
}

/** An account by id; `forUpdate` locks it. */
export function accountById(db: Queryable, id: string, forUpdate = false): Promise<Account | undefined> {
  return one(db, `SELECT ${COLUMNS} FROM model_bank.accounts WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
}

/** An account by its sort code and number; `forUpdate` locks it. */
export function accountByNumber(db: Queryable, sortCode: string, accountNumber: string, forUpdate = false): Promise<Account | undefined> {
  return one(
    db,
    `SELECT ${COLUMNS} FROM model_bank.accounts WHERE sort_code = $1 AND account_number = $2${forUpdate ? ' FOR UPDATE' : ''}`,
    [sortCode, accountNumber],
  );
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
    const opened = await one(
      db,
      `INSERT INTO model_bank.accounts (id, client_id, customer_ref, sort_code, account_number, name, currency, balance_minor)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::bigint) ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
      [
        newAccountId(),
        opening.clientId,
        opening.customerRef,
        opening.sortCode,
        newAccountNumber(),
        opening.name,
        opening.currency,
        opening.balanceMinor.toString(),
      ],
    );
    if (opened) return opened;
  }
  throw new Error('no free account number after 10 draws');
}

/**
 * Reserves `amountMinor` of an open account in `currency` for a payment, only if it is available
 * (balance less what is reserved): the database decides, so two payments racing for the last
 * funds cannot both have them. Resolves whether it was reserved.
 */
export async function reserve(db: Queryable, accountId: string, amountMinor: bigint, currency: string): Promise<boolean> {
  const done = await rows(
    db,
    `UPDATE model_bank.accounts SET reserved_minor = reserved_minor + $2::bigint, updated_at = now()
     WHERE id = $1 AND status = 'open' AND currency = $3 AND balance_minor - reserved_minor >= $2::bigint RETURNING id`,
    [accountId, amountMinor.toString(), currency],
  );
  return done.length === 1;
}

/** Gives back a reservation (a payment rejected after it was taken). */
export async function release(db: Queryable, accountId: string, amountMinor: bigint): Promise<void> {
  await db.query(
    `UPDATE model_bank.accounts SET reserved_minor = GREATEST(reserved_minor - $2::bigint, 0), updated_at = now() WHERE id = $1`,
    [accountId, amountMinor.toString()],
  );
}

/** Debits a reserved amount (a payment settling); false when the balance no longer covers it. */
export async function debitReserved(db: Queryable, accountId: string, amountMinor: bigint): Promise<boolean> {
  const done = await rows(
    db,
    `UPDATE model_bank.accounts SET balance_minor = balance_minor - $2::bigint,
       reserved_minor = GREATEST(reserved_minor - $2::bigint, 0), updated_at = now()
     WHERE id = $1 AND balance_minor >= $2::bigint RETURNING id`,
    [accountId, amountMinor.toString()],
  );
  return done.length === 1;
}

/** Credits an account (a payout settling). */
export async function credit(db: Queryable, accountId: string, amountMinor: bigint): Promise<void> {
  await db.query(`UPDATE model_bank.accounts SET balance_minor = balance_minor + $2::bigint, updated_at = now() WHERE id = $1`, [
    accountId,
    amountMinor.toString(),
  ]);
}

/** Sets an account's balance (and the currency it holds). */
async function setBalance(db: Queryable, accountId: string, balanceMinor: bigint, currency: string): Promise<Account> {
  return (await one(
    db,
    `UPDATE model_bank.accounts SET balance_minor = $2::bigint, currency = $3, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
    [accountId, balanceMinor.toString(), currency],
  ))!;
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
  await db.query(`UPDATE model_bank.accounts SET status = $2, updated_at = now() WHERE id = $1`, [accountId, status]);
}

/**
 * Replaces `old` with a new account of the same customer (a current-account switch): the old one
 * becomes switched, pointing at the new one, which takes over its balance and reservations.
 */
export async function switchAccount(db: Queryable, old: Account, sortCode: string): Promise<Account> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const id = newAccountId();
    await db.query('SAVEPOINT switch_account');
    await db.query(`UPDATE model_bank.accounts SET status = 'switched', switched_to = $2, updated_at = now() WHERE id = $1`, [old.id, id]);
    const opened = await one(
      db,
      `INSERT INTO model_bank.accounts (id, client_id, customer_ref, sort_code, account_number, name, currency, balance_minor, reserved_minor)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::bigint, $9::bigint) ON CONFLICT (sort_code, account_number) DO NOTHING RETURNING ${COLUMNS}`,
      [
        id,
        old.clientId,
        old.customerRef,
        sortCode,
        newAccountNumber(),
        old.name,
        old.currency,
        old.balanceMinor.toString(),
        old.reservedMinor.toString(),
      ],
    );
    if (opened) {
      await db.query('RELEASE SAVEPOINT switch_account');
      return opened;
    }
    await db.query('ROLLBACK TO SAVEPOINT switch_account');
  }
  throw new Error('no free account number after 10 draws');
}
