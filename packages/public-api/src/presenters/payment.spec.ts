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

  it('explains a failure: retryable for insufficient funds and technical errors only, the bank as origin', () => {
    expect(presentPayment(failed('insufficient_funds')).failure).toEqual({
      code: 'insufficient_funds',
      retryable: true,
      origin: 'bank',
      description: expect.stringContaining('enough money'),
    });
    expect(presentPayment(failed('technical_error')).failure?.retryable).toBe(true);
    for (const code of [
      'account_closed',
      'account_blocked',
      'mandate_revoked_at_bank',
      'violates_consent_parameters',
      'payment_stopped',
      'bank_rejected',
    ]) {
      expect(presentPayment(failed(code)).failure).toMatchObject({ code, retryable: false, origin: 'bank' });
    }
    expect(presentPayment({ ...failed(''), status: payment.PaymentStatus.SETTLED }).failure).toBeNull();
  });

  it('tells the platform’s own failures apart, saying what happened; a failure without an origin is the bank’s', () => {
    const byPlatform = (code: string) => presentPayment({ ...failed(code), failureOrigin: 'platform' }).failure;
    expect(byPlatform('technical_error')).toEqual({
      code: 'technical_error',
      retryable: true,
      origin: 'platform',
      description: expect.stringContaining('could not reach the customer’s bank'),
    });
    expect(byPlatform('bank_rejected')).toMatchObject({
      origin: 'platform',
      description: expect.stringContaining('no authorised consent'),
    });
    expect(byPlatform('insufficient_funds')).toMatchObject({ origin: 'platform', description: expect.stringContaining('platform') });
    expect(presentPayment({ ...failed('technical_error'), failureOrigin: 'bank' }).failure).toMatchObject({
      origin: 'bank',
      description: expect.stringContaining('The bank failed'),
    });
    expect(presentPayment(failed('technical_error')).failure?.origin).toBe('bank');
  });
});
