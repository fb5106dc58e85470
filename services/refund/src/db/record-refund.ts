import type { JsonObject } from '@bufbuild/protobuf';
import { ApiError } from '@vrp/errors';
import { writeRefundEvent } from './events.js';
import { withTimeline, type RefundRow } from './refunds.js';
import type { Db } from './client.js';

/** A booked refund about to be recorded. */
export interface NewRefund {
  id: string;
  merchantId: string;
  paymentId: string;
  amountMinor: bigint;
  currency: string;
  reason: string;
  metadata: JsonObject;
  /** YYYY-MM-DD */
  expectedSettlementDate: string;
}

/**
 * In one transaction: completes the open request, inserts the refund (pending settlement) and
 * writes refund.created to the outbox. Fails with service_unavailable when the request is no
 * longer open, i.e. the recovery sweeper abandoned it meanwhile and is giving the booking back.
 */
export async function recordRefund(db: Db, subjectPrefix: string, refund: NewRefund, at: Date): Promise<RefundRow> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.refundRequest.updateMany({
      where: { id: refund.id, merchantId: refund.merchantId, state: 'open' },
      data: { state: 'completed' },
    });
    if (count !== 1) throw new ApiError('service_unavailable', 'The refund took too long to record and was cancelled; retry.');
    const row = await tx.refund.create({
      data: {
        ...refund,
        status: 'pending_settlement',
        expectedSettlementDate: new Date(`${refund.expectedSettlementDate}T00:00:00Z`),
        timeline: { create: [{ status: 'pending_settlement', at }] },
        createdAt: at,
      },
      include: withTimeline,
    });
    await writeRefundEvent(tx, subjectPrefix, 'refund.created', row, at);
    return row;
  });
}
