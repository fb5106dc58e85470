import { newDomainEvent, outboxRow } from '@vrp/outbox';
import type { Prisma } from '../generated/prisma/client.js';
import type { RefundRow } from './refunds.js';
import { toRefundMessage } from '../messages.js';

/** The refund events of SPEC.md; a failed refund has no public event. */
export type RefundEventType = 'refund.created' | 'refund.settled';

/**
 * Writes the event for `row` (as it is right after the change) into the outbox, inside the
 * caller's transaction, so the change and its notification commit or roll back together.
 */
export async function writeRefundEvent(
  tx: Prisma.TransactionClient,
  subjectPrefix: string,
  type: RefundEventType,
  row: RefundRow,
  at: Date,
): Promise<void> {
  const event = newDomainEvent(type, row.merchantId, { case: 'refund', value: toRefundMessage(row) }, at);
  await tx.outboxEvent.create({ data: outboxRow(subjectPrefix, event) });
}
