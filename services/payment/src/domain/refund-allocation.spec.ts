import { describe, expect, it } from 'vitest';
import { refundableAmount } from './refund-allocation.js';

const settled = { status: 'settled' as const, amountMinor: 1000n, amountRefundedMinor: 400n, amountHeldMinor: 0n };
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
    expect(
      codeOf(() => refundableAmount({ status: 'refunded', amountMinor: 1000n, amountRefundedMinor: 1000n, amountHeldMinor: 0n }, 0n)),
    ).toBe('refund_exceeds_payment');
  });
});
