import { create, type JsonObject } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { common, payment } from '@vrp/contracts';
import type { PaymentRecord } from './db/payments.js';
import type { ClearingStatus, PaymentStatus } from './domain/payment-status.js';

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
