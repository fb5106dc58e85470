import { payment } from '@vrp/contracts';
import { formatAmount } from '@vrp/money';
import { requiredEnum, requiredTimestamp } from '../format.js';

const { PaymentStatus, ClearingStatus } = payment;

/** The public payment object (API.md "Resources"). */
export interface PaymentJson {
  id: string;
  mandate_id: string;
  amount: string;
  currency: string;
  status: string;
  clearing_status: string;
  settlement_date: string | null;
  failure_code: string | null;
  retry_count: number;
  amount_refunded: string;
  metadata: Record<string, unknown>;
  created_at: string;
  timeline: { status: string; at: string }[];
}

/** The public status strings of a payment, in lifecycle order; "open" means submitted. */
export const PAYMENT_STATUSES = ['submitted', 'settled', 'failed', 'refunded'] as const;
/** Where the bank is with the current attempt of a payment. */
export const CLEARING_STATUSES = ['pending', 'clearing', 'cleared', 'rejected'] as const;
/** Why the bank may fail a payment (the payment's failure_code). */
export const PAYMENT_FAILURE_CODES = [
  'insufficient_funds',
  'mandate_revoked_at_bank',
  'account_closed',
  'bank_rejected',
  'refer_to_payer',
] as const;

/** Turns a contract Payment into exactly the JSON the API returns for it (and webhooks carry). */
export function presentPayment(p: payment.Payment): PaymentJson {
  return {
    id: p.id,
    mandate_id: p.mandateId,
    amount: formatAmount(p.amountMinor, p.currency),
    currency: p.currency,
    status: requiredEnum(PaymentStatus, p.status, 'PAYMENT_STATUS_'),
    clearing_status: requiredEnum(ClearingStatus, p.clearingStatus, 'CLEARING_STATUS_'),
    settlement_date: p.settlementDate === '' ? null : p.settlementDate,
    failure_code: p.failureCode === '' ? null : p.failureCode,
    retry_count: p.retryCount,
    amount_refunded: formatAmount(p.amountRefundedMinor, p.currency),
    metadata: p.metadata ?? {},
    created_at: requiredTimestamp(p.createdAt, 'payment.created_at'),
    timeline: p.timeline.map((e) => ({ status: e.status, at: requiredTimestamp(e.at, 'payment.timeline.at') })),
  };
}
