// The shapes the bank answers with, shared by the use cases that build them and messages.ts that renders them.
import type { ObCashAccount } from '@vrp/open-banking';
import type { Consent } from './consent.js';
import type { Payment } from './payment.js';

/** A consent as its client sees it: with the account the PSU chose, once authorised. */
export interface ConsentView {
  consent: Consent;
  debtorAccount?: ObCashAccount;
}

/** A payment as its client sees it: the account it was paid from and, when the consent asked for it, the refund account. */
export interface PaymentView {
  payment: Payment;
  debtorAccount?: ObCashAccount;
  /** Data.Refund: the payer's account, when the consent has ReadRefundAccount Yes. */
  refundAccount?: ObCashAccount;
}

/** The bank's answer to a funds confirmation. */
export interface FundsConfirmation {
  consentId: string;
  available: boolean;
  /** When the bank checked (the consent's payee's clock). */
  at: Date;
}
