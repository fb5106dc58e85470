import { describe, expect, it } from 'vitest';
import { refundableAmount } from './refund-allocation.js';

const settled = { status: 'settled' as const, amountMinor: 1000n, amountRefundedMinor: 400n, amountHeldMinor: 0n, currency: 'GBP' };
const codeOf = (fn: () => unknown) => {
  try {
    return fn();
  } catch (err) {
    return (err as { code: string }).code;
  }
};

describe('refundableAmount', () => {
  it('books the requested amount or, for 0, all that remains', () => {
    expect(refundableAmount(settled, 100n)).toBe(100n);
    expect(refundableAmount(settled, 0n)).toBe(600n);
    expect(refundableAmount(settled, 600n)).toBe(600n);
  });

  it('counts amounts held by refunds still being recorded as taken', () => {
    const held = { ...settled, amountHeldMinor: 250n };
    expect(refundableAmount(held, 0n)).toBe(350n);
    expect(codeOf(() => refundableAmount(held, 351n))).toBe('refund_exceeds_payment');
  });

  it('refuses more than remains, unsettled payments and exhausted ones', () => {
    expect(codeOf(() => refundableAmount(settled, 601n))).toBe('refund_exceeds_payment');
    expect(codeOf(() => refundableAmount({ ...settled, status: 'submitted' }, 1n))).toBe('payment_not_settled');
    expect(codeOf(() => refundableAmount({ ...settled, status: 'failed' }, 1n))).toBe('payment_not_settled');
    expect(codeOf(() => refundableAmount({ ...settled, status: 'refunded', amountRefundedMinor: 1000n }, 0n))).toBe(
      'refund_exceeds_payment',
    );
    expect(codeOf(() => refundableAmount({ ...settled, amountHeldMinor: 600n }, 0n))).toBe('refund_exceeds_payment');
  });

  it('says how much is left when asked for more', () => {
    expect(() => refundableAmount(settled, 601n)).toThrow('Only 6.00 GBP of the payment is still refundable.');
  });

  it('refuses a partial refund below one major unit, but takes any remainder whole', () => {
    expect(codeOf(() => refundableAmount(settled, 99n))).toBe('refund_amount_too_small');
    expect(refundableAmount(settled, 100n)).toBe(100n);
    expect(refundableAmount({ ...settled, amountRefundedMinor: 950n }, 50n)).toBe(50n);
    // What other refunds hold counts: 40 is all that is left here.
    expect(refundableAmount({ ...settled, amountRefundedMinor: 900n, amountHeldMinor: 60n }, 40n)).toBe(40n);
    expect(refundableAmount({ ...settled, amountMinor: 10_000n, amountRefundedMinor: 0n, currency: 'JPY' }, 1n)).toBe(1n);
  });
});
