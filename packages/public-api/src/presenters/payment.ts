import { payment } from '@vrp/contracts';
import { formatAmount } from '@vrp/money';
import { member, requiredEnum, requiredTimestamp, storedMetadata } from '../format.js';
import type { PaymentJson } from '../resources.js';
import {
  PAYMENT_STATUSES,
  CLEARING_STATUSES,
  PAYMENT_FAILURE_CODES,
  PAYMENT_FAILURES,
  PLATFORM_FAILURE_DESCRIPTIONS,
  PLATFORM_FAILURE_FALLBACK,
} from '../vocabulary.js';
import type { PaymentFailureCode } from '@vrp/webhook-verify';

export { PAYMENT_STATUSES, CLEARING_STATUSES, PAYMENT_FAILURE_CODES };

export type { PaymentJson };

const { PaymentStatus, ClearingStatus } = payment;

/**
 * A failure as the merchant reads it: the bank's (its answer, the default for failures recorded
 * before origins were) or the platform's own, each described as what happened.
 */
function failureOf(code: PaymentFailureCode, origin: string): NonNullable<PaymentJson['failure']> {
  const { retryable, description } = PAYMENT_FAILURES[code];
  if (origin !== 'platform') return { code, retryable, origin: 'bank', description };
  return { code, retryable, origin: 'platform', description: PLATFORM_FAILURE_DESCRIPTIONS[code] ?? PLATFORM_FAILURE_FALLBACK };
}

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
    failure: failureCode === null ? null : failureOf(failureCode, p.failureOrigin),
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
