import { randomInt } from 'node:crypto';
import { STATUS_REASONS, type ObCashAccount, type ObStatusReason } from '@vrp/open-banking';

/** The model bank's sort code: every account it opens has it. */
export const BANK_SORT_CODE = '040400';

/** A PSU's account: open, closed or blocked, or switched (replaced by `switchedTo`). */
export interface Account {
  id: string;
  clientId: string;
  customerRef: string;
  sortCode: string;
  accountNumber: string;
  name: string;
  currency: string;
  balanceMinor: bigint;
  /** What taken payments will debit when they settle. */
  reservedMinor: bigint;
  status: 'open' | 'closed' | 'blocked' | 'switched';
  switchedTo: string | null;
}

/** A fresh eight-digit account number (the database refuses a duplicate; the caller draws again). */
export function newAccountNumber(): string {
  return String(randomInt(10_000_000, 100_000_000));
}

/** The name on a new account: the model bank knows its customers only by their client's reference. */
export function accountName(customerRef: string): string {
  return `Customer ${customerRef}`.slice(0, 70);
}

/** The account as OB names one (OBCashAccountDebtorWithName). */
export function cashAccount(account: Pick<Account, 'sortCode' | 'accountNumber' | 'name'>): ObCashAccount {
  return { SchemeName: 'UK.OBIE.SortCodeAccountNumber', Identification: `${account.sortCode}${account.accountNumber}`, Name: account.name };
}

/** The sort code and account number an OB account names at this bank, if it names one of its accounts. */
export function ownAccountNumber(account: ObCashAccount): { sortCode: string; accountNumber: string } | undefined {
  if (account.SchemeName !== 'UK.OBIE.SortCodeAccountNumber' || !/^\d{14}$/.test(account.Identification)) return undefined;
  const sortCode = account.Identification.slice(0, 6);
  return sortCode === BANK_SORT_CODE ? { sortCode, accountNumber: account.Identification.slice(6) } : undefined;
}

/** What the account can pay now. */
export function availableMinor(account: Account): bigint {
  return account.balanceMinor - account.reservedMinor;
}

/** A status reason with its description. */
export function reason(code: string, description: string): ObStatusReason {
  return { StatusReasonCode: code, StatusReasonDescription: description };
}

/**
 * Why the account cannot pay `amountMinor` in `currency` now, as the ISO reason a rejected
 * payment carries; undefined when it can: closed (AC04), blocked (AC06), another currency (AM03),
 * not enough available (AM04).
 */
export function debitRefusal(account: Account, currency: string, amountMinor: bigint): ObStatusReason | undefined {
  if (account.status === 'closed' || account.status === 'switched') return reason(STATUS_REASONS.accountClosed, 'The account is closed');
  if (account.status === 'blocked') return reason(STATUS_REASONS.accountBlocked, 'The account is blocked');
  if (account.currency !== currency) return reason(STATUS_REASONS.currencyNotAllowed, `The account holds ${account.currency}`);
  if (availableMinor(account) < amountMinor) return reason(STATUS_REASONS.insufficientFunds, 'The account cannot cover the amount');
  return undefined;
}

/** Why a payout cannot be credited to the account, or undefined: closed (AC04), blocked (AC06), another currency (AM03). */
export function creditRefusal(account: Account | undefined, currency: string): ObStatusReason | undefined {
  if (!account) return reason(STATUS_REASONS.incorrectAccountNumber, 'The bank holds no such account');
  if (account.status === 'closed') return reason(STATUS_REASONS.accountClosed, 'The account is closed');
  if (account.status === 'blocked') return reason(STATUS_REASONS.accountBlocked, 'The account is blocked');
  if (account.currency !== currency) return reason(STATUS_REASONS.currencyNotAllowed, `The account holds ${account.currency}`);
  return undefined;
}
