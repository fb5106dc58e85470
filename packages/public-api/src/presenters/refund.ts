import { refund } from '@vrp/contracts';
import { formatAmount } from '@vrp/money';
import { isoTimestamp, requiredEnum, requiredTimestamp } from '../format.js';

const { RefundStatus } = refund;

/** The public refund object (API.md "Resources"). */
export interface RefundJson {
  id: string;
  payment_id: string;
  amount: string;
  currency: string;
  status: string;
  reason: string | null;
  metadata: Record<string, unknown>;
  created_at: string;
  expected_settlement_date: string | null;
  settled_at: string | null;
  timeline: { status: string; at: string }[];
}

/** The public status strings of a refund, in lifecycle order. */
export const REFUND_STATUSES = ['pending_settlement', 'settled', 'failed'] as const;

/** Turns a contract Refund into exactly the JSON the API returns for it. */
export function presentRefund(r: refund.Refund): RefundJson {
  return {
    id: r.id,
    payment_id: r.paymentId,
    amount: formatAmount(r.amountMinor, r.currency),
    currency: r.currency,
    status: requiredEnum(RefundStatus, r.status, 'REFUND_STATUS_'),
    reason: r.reason === '' ? null : r.reason,
    metadata: r.metadata ?? {},
    created_at: requiredTimestamp(r.createdAt, 'refund.created_at'),
    expected_settlement_date: r.expectedSettlementDate === '' ? null : r.expectedSettlementDate,
    settled_at: isoTimestamp(r.settledAt),
    timeline: r.timeline.map((e) => ({ status: e.status, at: requiredTimestamp(e.at, 'refund.timeline.at') })),
  };
}
