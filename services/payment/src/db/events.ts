import { create, type JsonObject } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { common, payment } from '@vrp/contracts';
import { insertOutboxEvent, newDomainEvent, outboxRow, type EventType } from '@vrp/outbox';
import { type Queryable } from '@vrp/sql';
import { appendTimelineEntry } from '../generated/sql/payments.queries.js';
import { readPayment, type OutboxRowOf } from './payment-sql.js';
import type { PaymentRecord } from './payments.js';
import type { ClearingStatus, PaymentStatus } from '../domain/payment-status.js';

const { PaymentStatus: PS, ClearingStatus: CS } = payment;

export const STATUS_TO_PROTO: Record<PaymentStatus, payment.PaymentStatus> = {
  submitted: PS.SUBMITTED,
  settled: PS.SETTLED,
  failed: PS.FAILED,
  refunded: PS.REFUNDED,
};

const CLEARING_TO_PROTO: Record<ClearingStatus, payment.ClearingStatus> = {
  pending: CS.PENDING,
  clearing: CS.CLEARING,
  cleared: CS.CLEARED,
  rejected: CS.REJECTED,
};

/** The contract message of a stored payment (also the resource carried by payment events). */
export function toPaymentMessage(record: PaymentRecord): payment.Payment {
  return create(payment.PaymentSchema, {
    id: record.id,
    merchantId: record.merchantId,
    mandateId: record.mandateId,
    amountMinor: record.amountMinor,
    currency: record.currency,
    status: STATUS_TO_PROTO[record.status as PaymentStatus],
    clearingStatus: CLEARING_TO_PROTO[record.clearingStatus as ClearingStatus],
    settlementDate: record.settlementDate ? record.settlementDate.toISOString().slice(0, 10) : '',
    failureCode: record.failureCode ?? '',
    failureOrigin: record.failureOrigin ?? '',
    retryCount: record.retryCount,
    amountRefundedMinor: record.amountRefundedMinor,
    metadata: (record.metadata ?? {}) as JsonObject,
    reference: record.reference,
    endToEndId: record.endToEndId,
    createdAt: timestampFromDate(record.createdAt),
    timeline: record.timeline.map((entry) => create(common.TimelineEntrySchema, { status: entry.status, at: timestampFromDate(entry.at) })),
    scheduleId: record.scheduleId ?? '',
    ...(record.nextRetryAt ? { nextRetryAt: timestampFromDate(record.nextRetryAt) } : {}),
  });
}

/** What changed, to be recorded beside the change in the same transaction. */
export interface Change {
  merchantId: string;
  paymentId: string;
  at: Date;
  /** The status the payment entered, for its timeline. */
  entered?: PaymentStatus;
  /** The domain event the merchant is notified with. */
  event?: EventType;
}

/**
 * Appends the timeline entry and writes the outbox event for a change already applied on `db`
 * (the connection of a transaction made with @vrp/sql's transaction()), so the change, its
 * history and its notification commit (or roll back) together. Returns the payment as it now is.
 */
export async function recordChange(db: Queryable, subjectPrefix: string, change: Change): Promise<PaymentRecord> {
  if (change.entered) {
    await appendTimelineEntry.run({ paymentId: change.paymentId, status: change.entered, at: change.at }, db);
  }
  const record = await readPayment(db, change.merchantId, change.paymentId);
  if (!record) throw new Error(`payment ${change.paymentId} vanished`);
  if (change.event) await writePaymentEvent(db, subjectPrefix, change.event, record, change.at);
  return record;
}

/** Writes the outbox row of `type` about `record`, the payment as the change at `at` left it (in the change's transaction). */
export async function writePaymentEvent(
  db: Queryable,
  subjectPrefix: string,
  type: EventType,
  record: PaymentRecord,
  at: Date,
): Promise<void> {
  const event = newDomainEvent(type, record.merchantId, { case: 'payment', value: toPaymentMessage(record) }, at);
  await insertOutboxEvent(db, 'payment', subjectPrefix, event);
}

/** The outbox row of a payment event: `type` about the payment as it is after the change at `at`. */
export function paymentEvent(subjectPrefix: string, type: EventType, at: Date): OutboxRowOf {
  return (record) =>
    outboxRow(subjectPrefix, newDomainEvent(type, record.merchantId, { case: 'payment', value: toPaymentMessage(record) }, at));
}
