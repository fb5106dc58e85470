import { mandate } from '@vrp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, failAtBank, ManualClock, newMerchant, pay, PS, seedMandate, settleAtBank } from './support/fixtures.js';
import { startStack, type Stack } from './support/stack.js';

/**
 * The frequency limit and the retry limit under concurrency. Each test sets the payment
 * service's clock itself, so the tests do not depend on each other or on the day they run.
 */
const F = mandate.Frequency;
const clock = new ManualClock(new Date('2026-11-02T10:00:00.000Z'));
let s: Stack;
beforeAll(async () => {
  s = await startStack({ clock });
});
afterAll(() => s?.close());

const at = (iso: string) => clock.set(new Date(iso));
const count = (codes: string[], code: string) => codes.filter((c) => c === code).length;

/** A settled payment on a new mandate of `frequency`, created at `iso`. */
async function settledIn(frequency: mandate.Frequency, iso: string) {
  at(iso);
  const merchantId = newMerchant();
  const m = await seedMandate(s, merchantId, { frequency });
  const first = await pay(s, merchantId, m.id);
  await settleAtBank(s, merchantId, first.id);
  return { merchantId, mandateId: m.id, first };
}

const periods = [
  {
    name: 'daily',
    frequency: F.DAILY,
    start: '2026-03-10T00:00:00.000Z',
    sameEnd: '2026-03-10T23:59:59.999Z',
    next: '2026-03-11T00:00:00.000Z',
  },
  // ISO week 53 of 2026 runs from Monday 28 December 2026 to Sunday 3 January 2027.
  {
    name: 'weekly',
    frequency: F.WEEKLY,
    start: '2026-12-28T00:00:00.000Z',
    sameEnd: '2027-01-03T23:59:59.999Z',
    next: '2027-01-04T00:00:00.000Z',
  },
  // February of a leap year: the 29th is still February, the 1st of March is not.
  {
    name: 'monthly',
    frequency: F.MONTHLY,
    start: '2028-02-01T00:00:00.000Z',
    sameEnd: '2028-02-29T23:59:59.999Z',
    next: '2028-03-01T00:00:00.000Z',
  },
];

describe.each(periods)('the $name frequency limit', ({ frequency, start, sameEnd, next }) => {
  it('lets exactly one of 30 concurrent creates in a period through, and refuses all later ones in it', async () => {
    at(start);
    const merchantId = newMerchant();
    const m = await seedMandate(s, merchantId, { frequency });
    const codes = await Promise.all(Array.from({ length: 30 }, () => codeOf(pay(s, merchantId, m.id))));
    expect(count(codes, 'ok')).toBe(1);
    // The losers see the open payment or the period's payment, whichever index they hit first.
    expect(codes.filter((c) => c !== 'ok').every((c) => c === 'open_payment_exists' || c === 'frequency_limit_reached')).toBe(true);

    const [winner] = (await s.payments.listPayments({ merchantId, mandateId: m.id })).payments;
    await settleAtBank(s, merchantId, winner!.id);
    const later = await Promise.all(Array.from({ length: 10 }, () => codeOf(pay(s, merchantId, m.id))));
    expect(later).toEqual(Array(10).fill('frequency_limit_reached'));
    at(sameEnd);
    expect(await codeOf(pay(s, merchantId, m.id))).toBe('frequency_limit_reached');
    expect((await s.payments.listPayments({ merchantId, mandateId: m.id })).payments).toHaveLength(1);
  });

  it('rolls over at the first instant of the next period, once', async () => {
    const { merchantId, mandateId } = await settledIn(frequency, start);
    at(sameEnd);
    expect(await codeOf(pay(s, merchantId, mandateId))).toBe('frequency_limit_reached');
    at(next);
    const codes = await Promise.all(Array.from({ length: 20 }, () => codeOf(pay(s, merchantId, mandateId))));
    expect(count(codes, 'ok')).toBe(1);
    const { payments } = await s.payments.listPayments({ merchantId, mandateId });
    expect(payments).toHaveLength(2);
    await settleAtBank(s, merchantId, payments.find((p) => p.status !== PS.SETTLED)!.id);
    expect(await codeOf(pay(s, merchantId, mandateId))).toBe('frequency_limit_reached');
  });

  it('frees the period when its payment fails: of a retry and 20 new creates racing, exactly one wins', async () => {
    at(start);
    const merchantId = newMerchant();
    const m = await seedMandate(s, merchantId, { frequency });
    const failed = await pay(s, merchantId, m.id);
    await failAtBank(s, merchantId, failed.id);
    const retry = codeOf(s.payments.retryPayment({ merchantId, id: failed.id }));
    const creates = Array.from({ length: 20 }, () => codeOf(pay(s, merchantId, m.id)));
    const codes = await Promise.all([retry, ...creates]);
    expect(count(codes, 'ok')).toBe(1);
    expect(codes.filter((c) => c !== 'ok').every((c) => c === 'open_payment_exists' || c === 'frequency_limit_reached')).toBe(true);
    const open = (await s.payments.listPayments({ merchantId, mandateId: m.id })).payments.filter((p) => p.status !== PS.FAILED);
    expect(open).toHaveLength(1);
  });
});

describe('retries under concurrency', () => {
  it('takes exactly one of 20 racing retries from count 2 to 3, and refuses every retry after it', async () => {
    at('2026-11-02T10:00:00.000Z');
    const merchantId = newMerchant();
    const m = await seedMandate(s, merchantId);
    const p = await pay(s, merchantId, m.id);
    await failAtBank(s, merchantId, p.id);
    for (const attempt of [1, 2]) {
      await s.payments.retryPayment({ merchantId, id: p.id });
      expect((await failAtBank(s, merchantId, p.id)).retryCount).toBe(attempt);
    }
    const codes = await Promise.all(Array.from({ length: 20 }, () => codeOf(s.payments.retryPayment({ merchantId, id: p.id }))));
    expect(count(codes, 'ok')).toBe(1);
    expect(count(codes, 'payment_not_failed')).toBe(19);
    expect((await failAtBank(s, merchantId, p.id)).retryCount).toBe(3);
    const after = await Promise.all(Array.from({ length: 10 }, () => codeOf(s.payments.retryPayment({ merchantId, id: p.id }))));
    expect(after).toEqual(Array(10).fill('retry_limit_reached'));
  });

  it('lets a retry or a new create through on an ad hoc mandate, never both', async () => {
    at('2026-11-02T10:00:00.000Z');
    for (let round = 0; round < 5; round++) {
      const merchantId = newMerchant();
      const m = await seedMandate(s, merchantId);
      const failed = await pay(s, merchantId, m.id);
      await failAtBank(s, merchantId, failed.id);
      const codes = await Promise.all([
        codeOf(s.payments.retryPayment({ merchantId, id: failed.id })),
        ...Array.from({ length: 5 }, () => codeOf(pay(s, merchantId, m.id))),
      ]);
      expect(count(codes, 'ok')).toBe(1);
      expect(codes.filter((c) => c !== 'ok').every((c) => c === 'open_payment_exists')).toBe(true);
      const open = (await s.payments.listPayments({ merchantId, mandateId: m.id })).payments.filter((p) => p.status === PS.SUBMITTED);
      expect(open).toHaveLength(1);
    }
  });
});
