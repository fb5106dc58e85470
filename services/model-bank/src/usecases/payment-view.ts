import type { SqlPool } from '@vrp/sql';
import { accountById } from '../db/accounts.js';
import { consentById } from '../db/consents.js';
import type { Tx } from '../db/tx.js';
import { cashAccount } from '../domain/account.js';
import type { Payment } from '../domain/payment.js';
import type { PaymentView } from '../domain/views.js';

export type { PaymentView };

/** The payment with the accounts its answer names, read on the pool or in the caller's transaction. */
export async function paymentView(db: SqlPool | Tx, payment: Payment): Promise<PaymentView> {
  const account = payment.accountId ? await accountById(db, payment.accountId) : undefined;
  const debtorAccount = account ? cashAccount(account) : undefined;
  const consent = await consentById(db, payment.consentId);
  return { payment, debtorAccount, refundAccount: consent?.readRefundAccount === 'Yes' ? debtorAccount : undefined };
}
