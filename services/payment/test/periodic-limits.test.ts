import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { mandate } from '@vrp/contracts';
import { ApiError } from '@vrp/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, failAtBank, ManualClock, newMerchant, pay, seedMandate, settleAtBank } from './support/fixtures.js';
import { startStack, type Stack } from './support/stack.js';

/**
 * VRP consent controls at the payment service: the validity window, and periodic limits whose
 * caps hold under concurrent creates, count a payment once across its retries, give back a
 * failed payment and nothing for a refund. The service's clock is the test's.
 */
const { Period: P, Alignment: A } = mandate;
const clock = new ManualClock(new Date('2028-02-10T10:00:00.000Z'));
let s: Stack;
beforeAll(async () => {
  s = await startStack({ clock });
});
afterAll(() => s?.close());

const at = (iso: string) => clock.set(new Date(iso));
const ts = (iso: string) => timestampFromDate(new Date(iso));
const limit = (period: mandate.Period, alignment: mandate.Alignment, caps: { maxAmountMinor?: bigint; maxPayments?: number }) =>
  create(mandate.PeriodicLimitSchema, { period, alignment, ...caps });
const controls = (c: Partial<Pick<mandate.Controls, 'validFrom' | 'validTo'>> & { periodicLimits?: mandate.PeriodicLimit[] }) =>
  create(mandate.ControlsSchema, c);

async function usage(merchantId: string, mandateId: string) {
  const { usage: u } = await s.payments.getMandateUsage({ merchantId, mandateId });
  return u.map((x) => ({ amount: x.amountUsedMinor, payments: x.paymentsUsed }));
}

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof ApiError)) throw new Error(`expected an API error, got ${String(err)}`);
  return err;
}

describe('the validity window', () => {
  it('refuses payments before valid_from and from valid_to on', async () => {
    const merchantId = newMerchant();
    const m = await seedMandate(s, merchantId, {
      controls: controls({ validFrom: ts('2028-03-01T00:00:00Z'), validTo: ts('2028-04-01T00:00:00Z') }),
    });
    at('2028-02-29T23:59:59.999Z');
    expect(await codeOf(pay(s, merchantId, m.id))).toBe('mandate_not_yet_valid');
    at('2028-03-01T00:00:00.000Z');
    const p = await pay(s, merchantId, m.id);
    await settleAtBank(s, merchantId, p.id);
    at('2028-04-01T00:00:00.000Z');
    expect(await codeOf(pay(s, merchantId, m.id))).toBe('mandate_expired');
  });
});

describe('periodic limits', () => {
  it('count amount and payments per calendar month, roll over at the boundary, and name the limit refused', async () => {
    at('2028-02-10T10:00:00.000Z');
    const merchantId = newMerchant();
    const m = await seedMandate(s, merchantId, {
      controls: controls({
        periodicLimits: [limit(P.MONTH, A.CALENDAR, { maxPayments: 3 }), limit(P.WEEK, A.CALENDAR, { maxAmountMinor: 5_000n })],
      }),
    });
    await settleAtBank(s, merchantId, (await pay(s, merchantId, m.id, 3_000n)).id);
    expect(await usage(merchantId, m.id)).toEqual([
      { amount: 3_000n, payments: 1 },
      { amount: 3_000n, payments: 1 },
    ]);
    const over = await refusal(pay(s, merchantId, m.id, 2_001n));
    expect(over.code).toBe('periodic_limit_exceeded');
    expect(over.details).toEqual([{ param: 'controls.periodic_limits[1]', message: 'at most 50.00 GBP per calendar week' }]);
    await settleAtBank(s, merchantId, (await pay(s, merchantId, m.id, 2_000n)).id); // the week is full now
    at('2028-02-14T00:00:00.000Z'); // Monday: a new ISO week, the same month
    await settleAtBank(s, merchantId, (await pay(s, merchantId, m.id, 100n)).id);
    const third = await refusal(pay(s, merchantId, m.id, 100n));
    expect(third.details?.[0]?.param).toBe('controls.periodic_limits[0]');
    at('2028-02-29T23:59:59.999Z'); // leap day: still February
    expect(await codeOf(pay(s, merchantId, m.id, 100n))).toBe('periodic_limit_exceeded');
    at('2028-03-01T00:00:00.000Z');
    expect(await codeOf(pay(s, merchantId, m.id, 100n))).toBe('ok');
  });

  it('count consent-aligned periods from valid_from', async () => {
    const merchantId = newMerchant();
    const m = await seedMandate(s, merchantId, {
      controls: controls({ validFrom: ts('2028-01-31T12:00:00Z'), periodicLimits: [limit(P.MONTH, A.CONSENT, { maxPayments: 1 })] }),
    });
    at('2028-02-29T11:59:59.999Z'); // the first consent month runs to 29 Feb 12:00 (31 Jan + 1 month, clamped)
    await settleAtBank(s, merchantId, (await pay(s, merchantId, m.id)).id);
    at('2028-02-29T11:59:59.999Z');
    expect(await codeOf(pay(s, merchantId, m.id))).toBe('periodic_limit_exceeded');
    at('2028-02-29T12:00:00.000Z');
    expect(await codeOf(pay(s, merchantId, m.id))).toBe('ok');
  });

  it('give a failed payment back, count its retry once, and give nothing back for a refund', async () => {
    at('2028-05-03T10:00:00.000Z');
    const merchantId = newMerchant();
    const m = await seedMandate(s, merchantId, {
      controls: controls({ periodicLimits: [limit(P.MONTH, A.CALENDAR, { maxAmountMinor: 5_000n, maxPayments: 2 })] }),
    });
    const first = await pay(s, merchantId, m.id, 4_000n);
    await failAtBank(s, merchantId, first.id);
    expect(await usage(merchantId, m.id)).toEqual([{ amount: 0n, payments: 0 }]);
    await s.payments.retryPayment({ merchantId, id: first.id });
    expect(await usage(merchantId, m.id)).toEqual([{ amount: 4_000n, payments: 1 }]);
    await failAtBank(s, merchantId, first.id);
    await s.payments.retryPayment({ merchantId, id: first.id });
    await settleAtBank(s, merchantId, first.id);
    expect(await usage(merchantId, m.id), 'two attempts, one payment').toEqual([{ amount: 4_000n, payments: 1 }]);
    await s.payments.allocateRefund({ merchantId, paymentId: first.id, refundId: 'RF-limits', amountMinor: 4_000n });
    await s.payments.confirmRefund({ merchantId, paymentId: first.id, refundId: 'RF-limits' });
    expect(await usage(merchantId, m.id), 'a refund gives no allowance back').toEqual([{ amount: 4_000n, payments: 1 }]);
    expect(await codeOf(pay(s, merchantId, m.id, 1_001n))).toBe('periodic_limit_exceeded');
  });

  it('refuse a retry once the period it counts in was filled while it was failed', async () => {
    at('2028-06-05T10:00:00.000Z');
    const merchantId = newMerchant();
    const m = await seedMandate(s, merchantId, {
      controls: controls({ periodicLimits: [limit(P.MONTH, A.CALENDAR, { maxPayments: 1 })] }),
    });
    const first = await pay(s, merchantId, m.id);
    await failAtBank(s, merchantId, first.id);
    await settleAtBank(s, merchantId, (await pay(s, merchantId, m.id)).id);
    const err = await refusal(s.payments.retryPayment({ merchantId, id: first.id }));
    expect(err.code).toBe('periodic_limit_exceeded');
    expect(err.details?.[0]?.param).toBe('controls.periodic_limits[0]');
    expect(await usage(merchantId, m.id)).toEqual([{ amount: 2_500n, payments: 1 }]);
  });

  it('hold under concurrency: rounds of 30 racing creates make exactly the capped number of payments', async () => {
    at('2028-07-01T10:00:00.000Z');
    const merchantId = newMerchant();
    const m = await seedMandate(s, merchantId, {
      controls: controls({ periodicLimits: [limit(P.DAY, A.CALENDAR, { maxPayments: 3, maxAmountMinor: 7_500n })] }),
    });
    const made: string[] = [];
    for (let round = 0; round < 5; round++) {
      const outcomes = await Promise.all(
        Array.from({ length: 30 }, () =>
          s.payments.createPayment({ merchantId, mandateId: m.id, amountMinor: 2_500n, currency: 'GBP' }).then(
            (r) => r.payment!.id,
            (err: unknown) => (err instanceof ApiError ? err.code : String(err)),
          ),
        ),
      );
      const ids = outcomes.filter((o) => o.startsWith('PM'));
      expect(ids.length, `round ${round}: ${JSON.stringify(outcomes)}`).toBeLessThanOrEqual(1);
      for (const o of outcomes) if (!o.startsWith('PM')) expect(['open_payment_exists', 'periodic_limit_exceeded']).toContain(o);
      made.push(...ids);
      for (const id of ids) await settleAtBank(s, merchantId, id);
    }
    expect(made).toHaveLength(3);
    expect(await usage(merchantId, m.id)).toEqual([{ amount: 7_500n, payments: 3 }]);
  });
});
