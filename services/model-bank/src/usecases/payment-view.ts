import type { ObCashAccount } from '@vrp/open-banking';
import type { Queryable } from '@vrp/sql';
import { accountById } from '../db/accounts.js';
import { consentById } from '../db/consents.js';
import { cashAccount } from '../domain/account.js';
import type { Payment } from '../domain/payment.js';

/** A payment as its client sees it: the account it was paid from and, when the consent asked for it, the refund account. */
export interface PaymentView {
  payment: Payment;
  debtorAccount?: ObCashAccount;
  /** Data.Refund: the payer's account, when the consent has ReadRefundAccount Yes. */
  refundAccount?: ObCashAccount;
}

/** The payment with the accounts its answer names. */
export async function paymentView(db: Queryable, payment: Payment): Promise<PaymentView> {
  const account = payment.accountId ? await accountById(db, payment.accountId) : undefined;
  const debtorAccount = account ? cashAccount(account) : undefined;
  const consent = await consentById(db, payment.consentId);
  return { payment, debtorAccount, refundAccount: consent?.readRefundAccount === 'Yes' ? debtorAccount : undefined };
}
