import { refund } from '@vrp/contracts';
import { ApiError } from '@vrp/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentPayment, newMerchantId, seedPayment, startHarness, type Harness } from './support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('concurrent refunds', () => {
  it('50 partial refunds at once never refund more than the payment', async () => {
    const merchantId = newMerchantId();
    const paid = await seedPayment(h, merchantId, 10_000n);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => h.refunds.createRefund({ merchantId, paymentId: paid.id, amountMinor: 300n, reason: '' })),
    );
    const created = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.refund!] : []));
    const rejected = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(
      rejected.map((e) => (e instanceof ApiError ? `${e.code}: ${e.message}` : String(e))).filter((m) => !m.startsWith('refund_exceeds')),
    ).toEqual([]);
    expect(created).toHaveLength(33);
    expect(rejected.map((e) => (e instanceof ApiError ? e.code : String(e)))).toEqual(Array(17).fill('refund_exceeds_payment'));
    const sum = created.reduce((total, r) => total + r.amountMinor, 0n);
    expect(sum).toBe(9_900n);
    expect((await currentPayment(h, merchantId, paid.id)).amountRefundedMinor).toBe(sum);

    const { refunds } = await h.refunds.listRefunds({ merchantId, paymentId: paid.id, page: { pageSize: 200 } });
    expect(refunds).toHaveLength(33);
    // The rejected requests left nothing behind that a sweeper would have to give back.
    const states = await h.sql<{ state: string; n: number }>(
      'SELECT state, count(*)::int AS n FROM refund.refund_requests WHERE merchant_id = $1 GROUP BY state ORDER BY state',
      [merchantId],
    );
    expect(states).toEqual([{ state: 'completed', n: 33 }]);
  });

  it('a settlement and a failure reported at once: exactly one wins, and the payment agrees', async () => {
    const merchantId = newMerchantId();
    const paid = await seedPayment(h, merchantId, 5_000n);
    const { refund: r } = await h.refunds.createRefund({ merchantId, paymentId: paid.id, amountMinor: 0n, reason: '' });
    const [settle, fail] = await Promise.allSettled([
      h.refunds.reportRefundOutcome({ refundId: r!.id, outcome: refund.RefundOutcome.SETTLED }),
      h.refunds.reportRefundOutcome({ refundId: r!.id, outcome: refund.RefundOutcome.FAILED }),
    ]);
    const outcomes = [settle!.status, fail!.status].sort();
    expect(outcomes).toEqual(['fulfilled', 'rejected']);
    const final = (await h.refunds.getRefund({ merchantId, id: r!.id })).refund!;
    const payment = await currentPayment(h, merchantId, paid.id);
    if (final.status === refund.RefundStatus.SETTLED) expect(payment.amountRefundedMinor).toBe(5_000n);
    else expect(payment.amountRefundedMinor).toBe(0n);
  });
});
