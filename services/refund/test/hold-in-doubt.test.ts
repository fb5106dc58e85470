import { ApiError } from '@vrp/errors';
import { newId } from '@vrp/ids';
import { waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError, currentPayment, newMerchantId, seedPayment, startHarness, type Harness } from './support/harness.js';

// A refund create that answered 503 after its hold (the refund database went away mid-create)
// leaves the hold: the merchant's retry must not be told refund_exceeds_payment for money that
// was never refunded, but 503 with Retry-After until the hold is given back, and then succeed.
let h: Harness;
beforeAll(async () => {
  // Stale requests are not what resolves the hold here: the failed create itself is remembered.
  h = await startHarness({ REFUND_REQUEST_STALE_AFTER: '10m' }, { cuttableDatabase: true });
});
afterAll(async () => {
  await h?.close();
});

const unresolvedHolds = async (paymentId: string) =>
  (
    await h.sql<{ n: number }>(
      'SELECT count(*)::int AS n FROM payment.refund_allocations WHERE payment_id = $1 AND released_at IS NULL AND confirmed_at IS NULL',
      [paymentId],
    )
  )[0]!.n;

describe('a refund hold left by a create that failed midway', () => {
  it('answers the retry 503 with Retry-After, not refund_exceeds_payment, until it is given back; then the retry refunds', async () => {
    const merchantId = newMerchantId();
    const paid = await seedPayment(h, merchantId, 4_000n);
    const refundAll = () => h.refunds.createRefund({ merchantId, paymentId: paid.id, amountMinor: 0n, reason: 'retried' });

    // The refund database goes away: the payment service holds the whole amount, then the
    // refund cannot be recorded, nor its request marked abandoned.
    h.refundDatabase!.cut();
    expect((await apiError(refundAll())).code).toBe('service_unavailable');
    expect(await unresolvedHolds(paid.id)).toBe(1);
    expect((await currentPayment(h, merchantId, paid.id)).amountRefundedMinor).toBe(0n);

    // The merchant retries at once (no Idempotency-Key: a new refund): the leftover hold is not a refund.
    const retried = await apiError(refundAll());
    expect({ code: retried.code, retryAfter: retried.retryAfter }).toEqual({ code: 'service_unavailable', retryAfter: 2 });

    // The database is back: the next sweep gives the failed creates' holds back, and a retry refunds it all.
    h.refundDatabase!.restore();
    const refusals: string[] = [];
    const refunded = await waitFor(
      async () => {
        try {
          return (await refundAll()).refund;
        } catch (err) {
          refusals.push(err instanceof ApiError ? err.code : String(err));
          return undefined;
        }
      },
      { timeoutMs: 20_000, intervalMs: 200, what: 'the retry to refund' },
    );
    expect(refunded!.amountMinor).toBe(4_000n);
    expect(refusals.filter((code) => code !== 'service_unavailable')).toEqual([]);
    await waitFor(async () => (await currentPayment(h, merchantId, paid.id)).amountRefundedMinor === 4_000n, {
      what: 'the refund confirmed',
    });
    expect(await unresolvedHolds(paid.id)).toBe(0);
    const { refunds } = await h.refunds.listRefunds({ merchantId, paymentId: paid.id, page: { pageSize: 10 } });
    expect(refunds.map((r) => r.amountMinor)).toEqual([4_000n]);
  });

  it('counts an unmarked hold older than any create as uncertain, and a young one (being recorded) as taken', async () => {
    const merchantId = newMerchantId();
    const paid = await seedPayment(h, merchantId, 4_000n);
    const allocate = (amountMinor: bigint) =>
      h.payments.allocateRefund({ merchantId, paymentId: paid.id, refundId: newId('refund'), amountMinor });
    const dead = newId('refund');
    await h.payments.allocateRefund({ merchantId, paymentId: paid.id, refundId: dead, amountMinor: 3_000n });
    await allocate(500n);
    // Both holds young: their creates may be recording them now, so the amount is taken.
    expect((await apiError(allocate(1_000n))).code).toBe('refund_exceeds_payment');
    // The 3,000 hold is a minute old: its create is over, and without it 1,000 would fit.
    await h.sql(`UPDATE payment.refund_allocations SET created_at = now() - interval '1 minute' WHERE refund_id = $1`, [dead]);
    const held = await apiError(allocate(1_000n));
    expect({ code: held.code, retryAfter: held.retryAfter }).toEqual({ code: 'service_unavailable', retryAfter: 2 });
    // More than even that would allow is refused as ever.
    expect((await apiError(allocate(3_600n))).code).toBe('refund_exceeds_payment');
  });

  it('still answers a retry refund_exceeds_payment when the refunds really took the payment', async () => {
    const merchantId = newMerchantId();
    const paid = await seedPayment(h, merchantId, 4_000n);
    await h.refunds.createRefund({ merchantId, paymentId: paid.id, amountMinor: 3_000n, reason: '' });
    const err = await apiError(h.refunds.createRefund({ merchantId, paymentId: paid.id, amountMinor: 1_500n, reason: '' }));
    expect({ code: err.code, param: err.param }).toEqual({ code: 'refund_exceeds_payment', param: 'amount' });
  });
});
