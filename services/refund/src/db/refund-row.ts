import type { IReadRefundResult } from '../generated/sql/refunds.queries.js';

/** One entry of a refund's timeline: a status the refund entered, and when. */
export interface RefundTimelineEntry {
  seq: bigint;
  refundId: string;
  status: string;
  at: Date;
}

/**
 * A stored refund with its timeline, oldest entry first: the columns every refund query of
 * sql/refunds.sql selects, with the amount as a bigint (integer minor units), the settlement date
 * as a Date (midnight UTC) and the timeline decoded.
 */
export type RefundRow = Omit<IReadRefundResult, 'amountMinor' | 'expectedSettlementDate' | 'timeline'> & {
  amountMinor: bigint;
  expectedSettlementDate: Date;
  timeline: RefundTimelineEntry[];
};

/** The timeline as its query aggregates it (json_agg: seq as text, at as an ISO timestamp). */
type TimelineJson = { seq: string; status: string; at: string }[];

/** A refund as one of the refund queries returns it, as a RefundRow. */
export function toRefundRow(row: IReadRefundResult): RefundRow {
  return {
    id: row.id,
    merchantId: row.merchantId,
    paymentId: row.paymentId,
    amountMinor: BigInt(row.amountMinor),
    currency: row.currency,
    status: row.status,
    reason: row.reason,
    metadata: row.metadata,
    createdAt: row.createdAt,
    expectedSettlementDate: new Date(`${row.expectedSettlementDate}T00:00:00Z`),
    settledAt: row.settledAt,
    failedAt: row.failedAt,
    bankReference: row.bankReference,
    bankSubmittedAt: row.bankSubmittedAt,
    allocationReleasedAt: row.allocationReleasedAt,
    allocationConfirmedAt: row.allocationConfirmedAt,
    timeline: (row.timeline as TimelineJson).map((t) => ({ seq: BigInt(t.seq), refundId: row.id, status: t.status, at: new Date(t.at) })),
  };
}
