import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { payment } from '@vrp/contracts';
import { describe, expect, it } from 'vitest';
import { presentPayment } from './payment.js';

const failed = (failureCode: string) =>
  create(payment.PaymentSchema, {
    id: 'PM1',
    mandateId: 'MD1',
    amountMinor: 1000n,
    currency: 'GBP',
    status: payment.PaymentStatus.FAILED,
    clearingStatus: payment.ClearingStatus.REJECTED,
    failureCode,
    createdAt: timestampFromDate(new Date('2026-12-01T00:00:00Z')),
  });

describe('presentPayment failure codes', () => {
  it.each(['account_blocked', 'violates_consent_parameters', 'payment_stopped', 'technical_error', 'insufficient_funds'])(
    'shows %s, which an Open Banking bank reports',
    (code) => expect(presentPayment(failed(code)).failure_code).toBe(code),
  );

  it('refuses a code the API does not document', () => {
    expect(() => presentPayment(failed('gremlins'))).toThrow(/payment.failure_code 'gremlins' is not one of/);
  });
});
