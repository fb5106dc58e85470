import { payment } from '@vrp/contracts';
import { formatAmount } from '@vrp/money';
import { member, requiredEnum, requiredTimestamp, storedMetadata } from '../format.js';
import type { PaymentJson } from '../resources.js';
import { PAYMENT_STATUSES, CLEARING_STATUSES, PAYMENT_FAILURE_CODES, PAYMENT_FAILURES } from '../vocabulary.js';

export { PAYMENT_STATUSES, CLEARING_STATUSES, PAYMENT_FAILURE_CODES };

export type { PaymentJson };

const { PaymentStatus, ClearingStatus } = payment;

/** Turns a contract Payment into exactly the JSON the API returns for it (and webhooks carry). */
export function presentPayment(p: payment.Payment): PaymentJson {
  const failureCode = p.failureCode === '' ? null : member(PAYMENT_FAILURE_CODES, p.failureCode, 'payment.failure_code');
  return {
    id: p.id,
    mandate_id: p.mandateId,
    amount: formatAmount(p.amountMinor, p.currency),
    currency: p.currency,
    status: requiredEnum(PaymentStatus, p.status, 'PAYMENT_STATUS_'),
    clearing_status: requiredEnum(ClearingStatus, p.clearingStatus, 'CLEARING_STATUS_'),
    settlement_date: p.settlementDate === '' ? null : p.settlementDate,
    failure_code: failureCode,
    failure: failureCode === null ? null : { code: failureCode, ...PAYMENT_FAILURES[failureCode] },
    retry_count: p.retryCount,
    schedule_id: p.scheduleId === '' ? null : p.scheduleId,
    will_attempt_retry: p.nextRetryAt !== undefined && p.status === PaymentStatus.FAILED,
    next_retry_at: p.nextRetryAt && p.status === PaymentStatus.FAILED ? requiredTimestamp(p.nextRetryAt, 'payment.next_retry_at') : null,
    amount_refunded: formatAmount(p.amountRefundedMinor, p.currency),
    reference: p.reference,
    end_to_end_id: p.endToEndId,
    metadata: storedMetadata(p.metadata),
    created_at: requiredTimestamp(p.createdAt, 'payment.created_at'),
    timeline: p.timeline.map((e) => ({
      status: member(PAYMENT_STATUSES, e.status, 'payment.timeline.status'),
      at: requiredTimestamp(e.at, 'payment.timeline.at'),
    })),
  };
}
