/**
 * The refund service's events, built here and nowhere else: the refund message they carry and
 * the outbox row a change writes in its own statement.
 */
import { create } from '@bufbuild/protobuf';
import type { JsonObject } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { common, refund } from '@vrp/contracts';
import { newDomainEvent, outboxRow, type EventType } from '@vrp/outbox';
import type { RefundStatus } from '../domain/refund-status.js';
import type { RefundRow } from './refund-row.js';

export const STATUS_TO_PROTO: Record<RefundStatus, refund.RefundStatus> = {
  pending_settlement: refund.RefundStatus.PENDING_SETTLEMENT,
  settled: refund.RefundStatus.SETTLED,
  failed: refund.RefundStatus.FAILED,
};

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

/** The outbox row announcing `type` about `row` (as it is after the change), at `at` on the merchant's clock. */
export function refundEventRow(subjectPrefix: string, type: Extract<EventType, `refund.${string}`>, row: RefundRow, at: Date) {
  return outboxRow(subjectPrefix, newDomainEvent(type, row.merchantId, { case: 'refund', value: toRefundMessage(row) }, at));
}
