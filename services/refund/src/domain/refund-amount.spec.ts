import { describe, expect, it } from 'vitest';
import { assertPartialMinimum, planRefund, type PaymentFacts } from './refund-amount.js';

const settled = (amountMinor: bigint, amountRefundedMinor = 0n, currency = 'GBP'): PaymentFacts => ({
  status: 'settled',
  amountMinor,
  amountRefundedMinor,
  currency,
});

const code = (fn: () => unknown): string | undefined => {
  try {
    fn();
    return undefined;
  } catch (err) {
    return (err as { code?: string }).code;
  }
};

describe('planRefund', () => {
  it('refunds everything that remains when no amount is given', () => {
    expect(planRefund(settled(10_000n, 2_500n), 0n)).toBe(7_500n);
  });

  it('accepts a partial refund of at least one major unit', () => {
    expect(planRefund(settled(10_000n), 100n)).toBe(100n);
    expect(planRefund(settled(10_000n, 0n, 'JPY'), 1n)).toBe(1n);
  });

  it('refuses a partial refund below one major unit', () => {
    expect(code(() => planRefund(settled(10_000n), 99n))).toBe('refund_amount_too_small');
  });

  it('accepts a refund of the whole remainder however small', () => {
    expect(planRefund(settled(10_000n, 9_950n), 50n)).toBe(50n);
  });

  it('refuses more than remains, and anything once fully refunded', () => {
    expect(code(() => planRefund(settled(10_000n, 9_950n), 51n))).toBe('refund_exceeds_payment');
    expect(code(() => planRefund({ ...settled(10_000n, 10_000n), status: 'refunded' }, 0n))).toBe('refund_exceeds_payment');
  });

  it('refuses payments that have not settled', () => {
    expect(code(() => planRefund({ ...settled(10_000n), status: 'submitted' }, 0n))).toBe('payment_not_settled');
    expect(code(() => planRefund({ ...settled(10_000n), status: 'failed' }, 100n))).toBe('payment_not_settled');
  });
});

describe('assertPartialMinimum', () => {
  it('judges a booked amount by what it leaves behind', () => {
    expect(code(() => assertPartialMinimum(50n, 0n, 'EUR'))).toBeUndefined();
    expect(code(() => assertPartialMinimum(50n, 1n, 'EUR'))).toBe('refund_amount_too_small');
  });
});
