import { create } from '@bufbuild/protobuf';
import type { JsonObject } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { common, refund } from '@vrp/contracts';
import type { RefundStatus } from './domain/refund-status.js';
import type { RefundRow } from './db/refunds.js';

const STATUS_TO_PROTO: Record<RefundStatus, refund.RefundStatus> = {
  pending_settlement: refund.RefundStatus.PENDING_SETTLEMENT,
  settled: refund.RefundStatus.SETTLED,
  failed: refund.RefundStatus.FAILED,
};

/** The stored status for a contract status; undefined for UNSPECIFIED or unknown values. */
export function statusFromProto(status: refund.RefundStatus): RefundStatus | undefined {
  return (Object.keys(STATUS_TO_PROTO) as RefundStatus[]).find((s) => STATUS_TO_PROTO[s] === status);
}

/** The contract message for a stored refund: what responses and domain events carry. */
export function toRefundMessage(row: RefundRow): refund.Refund {
  return create(refund.RefundSchema, {
    id: row.id,
    merchantId: row.merchantId,
    paymentId: row.paymentId,
    amountMinor: row.amountMinor,
    currency: row.currency,
    status: STATUS_TO_PROTO[row.status as RefundStatus],
    reason: row.reason,
    metadata: row.metadata as JsonObject,
    createdAt: timestampFromDate(row.createdAt),
    expectedSettlementDate: row.expectedSettlementDate.toISOString().slice(0, 10),
    ...(row.settledAt ? { settledAt: timestampFromDate(row.settledAt) } : {}),
    timeline: row.timeline.map((e) => create(common.TimelineEntrySchema, { status: e.status, at: timestampFromDate(e.at) })),
  });
}
