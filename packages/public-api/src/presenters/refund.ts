import { refund } from '@vrp/contracts';
import { formatAmount } from '@vrp/money';
import { isoTimestamp, member, requiredEnum, requiredTimestamp, storedMetadata } from '../format.js';
import type { RefundJson } from '../resources.js';
import { REFUND_STATUSES } from '../vocabulary.js';

export { REFUND_STATUSES };

export type { RefundJson };

const { RefundStatus } = refund;

/** Turns a contract Refund into exactly the JSON the API returns for it. */
export function presentRefund(r: refund.Refund): RefundJson {
  return {
    id: r.id,
    payment_id: r.paymentId,
    amount: formatAmount(r.amountMinor, r.currency),
    currency: r.currency,
    status: requiredEnum(RefundStatus, r.status, 'REFUND_STATUS_'),
    reason: r.reason === '' ? null : r.reason,
    metadata: storedMetadata(r.metadata),
    created_at: requiredTimestamp(r.createdAt, 'refund.created_at'),
    expected_settlement_date: r.expectedSettlementDate === '' ? null : r.expectedSettlementDate,
    settled_at: isoTimestamp(r.settledAt),
    timeline: r.timeline.map((e) => ({
      status: member(REFUND_STATUSES, e.status, 'refund.timeline.status'),
      at: requiredTimestamp(e.at, 'refund.timeline.at'),
    })),
  };
}
