import { waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, newMerchant, pay, PS, seedMandate, settleAtBank } from './support/fixtures.js';
import { startStack, type Stack } from './support/stack.js';

let s: Stack;
beforeAll(async () => {
  s = await startStack();
});
afterAll(() => s?.close());

async function settledPayment(amountMinor: bigint) {
  const merchantId = newMerchant();
  const m = await seedMandate(s, merchantId, { maximumAmountMinor: amountMinor });
  const p = await pay(s, merchantId, m.id, amountMinor);
  await settleAtBank(s, merchantId, p.id);
  return { merchantId, paymentId: p.id };
}

describe('invariants under concurrency', () => {
  it('lets exactly one of 50 concurrent creates on a mandate through; 49 get open_payment_exists', async () => {
    const merchantId = newMerchant();
    const m = await seedMandate(s, merchantId);
    const codes = await Promise.all(Array.from({ length: 50 }, () => codeOf(pay(s, merchantId, m.id))));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(1);
    expect(codes.filter((c) => c === 'open_payment_exists')).toHaveLength(49);
    const { payments } = await s.payments.listPayments({ merchantId, mandateId: m.id });
    expect(payments).toHaveLength(1);
  });

  it('never lets 50 concurrent refund allocations pass the payment amount', async () => {
    const { merchantId, paymentId } = await settledPayment(10_000n);
    const amounts = Array.from({ length: 50 }, (_, i) => BigInt(100 + ((i * 137) % 500)));
    const results = await Promise.all(
      amounts.map((amountMinor, i) =>
        s.payments.allocateRefund({ merchantId, paymentId, refundId: `RF-race-${i}`, amountMinor }).then(
          (r) => r.amountMinor,
          (err: { code: string }) => err.code,
        ),
      ),
    );
    const booked = results.filter((r): r is bigint => typeof r === 'bigint');
    expect(results.filter((r) => typeof r !== 'bigint').every((r) => r === 'refund_exceeds_payment')).toBe(true);
    const sum = booked.reduce((a, b) => a + b, 0n);
    expect(sum).toBeLessThanOrEqual(10_000n);
    expect(booked.length).toBeGreaterThan(0);
    const after = (await s.payments.getPayment({ merchantId, id: paymentId })).payment!;
    expect(after.amountRefundedMinor).toBe(sum);
    expect(after.status).toBe(sum === 10_000n ? PS.REFUNDED : PS.SETTLED);
  });

  it('books one allocation however often the same refund id races', async () => {
    const { merchantId, paymentId } = await settledPayment(5_000n);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => s.payments.allocateRefund({ merchantId, paymentId, refundId: 'RF-same', amountMinor: 1_000n })),
    );
    expect(results.every((r) => r.amountMinor === 1_000n)).toBe(true);
    expect((await s.payments.getPayment({ merchantId, id: paymentId })).payment!.amountRefundedMinor).toBe(1_000n);
  });
});

describe('refund allocation rules', () => {
  it('refunds all that remains for 0, marks the payment refunded, and refuses more', async () => {
    const { merchantId, paymentId } = await settledPayment(3_000n);
    const part = await s.payments.allocateRefund({ merchantId, paymentId, refundId: 'RF-a', amountMinor: 1_000n });
    expect(part.payment).toMatchObject({ status: PS.SETTLED, amountRefundedMinor: 1_000n });
    expect(await codeOf(s.payments.allocateRefund({ merchantId, paymentId, refundId: 'RF-b', amountMinor: 2_001n }))).toBe('refund_exceeds_payment');
    const rest = await s.payments.allocateRefund({ merchantId, paymentId, refundId: 'RF-c', amountMinor: 0n });
    expect(rest.amountMinor).toBe(2_000n);
    expect(rest.payment).toMatchObject({ status: PS.REFUNDED, amountRefundedMinor: 3_000n });
    expect(rest.payment!.timeline.map((t) => t.status)).toEqual(['submitted', 'settled', 'refunded']);
    expect(await codeOf(s.payments.allocateRefund({ merchantId, paymentId, refundId: 'RF-d', amountMinor: 0n }))).toBe('refund_exceeds_payment');

    const released = await s.payments.releaseRefund({ merchantId, paymentId, refundId: 'RF-c' });
    expect(released.payment).toMatchObject({ status: PS.SETTLED, amountRefundedMinor: 1_000n });
    const again = await s.payments.releaseRefund({ merchantId, paymentId, refundId: 'RF-c' });
    expect(again.payment).toMatchObject({ status: PS.SETTLED, amountRefundedMinor: 1_000n });
    // The release is on the stream as payment.settled with the payment as it now is; the
    // repeated release changed nothing and wrote nothing.
    const settledEvents = await waitFor(async () => {
      const all = (await s.stream.events()).flatMap((e) =>
        e.eventType === 'payment.settled' && e.resource.case === 'payment' && e.resource.value.id === paymentId ? [e.resource.value] : [],
      );
      return all.some((p) => p.amountRefundedMinor === 1_000n) ? all : undefined;
    }, { what: 'payment.settled after the release' });
    expect(settledEvents.map((p) => [p.status, p.amountRefundedMinor])).toEqual([
      [PS.SETTLED, 0n],
      [PS.SETTLED, 1_000n],
    ]);
    expect(await codeOf(s.payments.releaseRefund({ merchantId: newMerchant(), paymentId, refundId: 'RF-a' }))).toBe('not_found');
  });

  it('leaves nothing booked when the release comes before the allocation of the same refund id', async () => {
    const { merchantId, paymentId } = await settledPayment(3_000n);
    const released = await s.payments.releaseRefund({ merchantId, paymentId, refundId: 'RF-early' });
    expect(released.payment).toMatchObject({ status: PS.SETTLED, amountRefundedMinor: 0n });
    expect(await codeOf(s.payments.allocateRefund({ merchantId, paymentId, refundId: 'RF-early', amountMinor: 1_000n }))).toBe(
      'invalid_state_transition',
    );
    expect((await s.payments.getPayment({ merchantId, id: paymentId })).payment).toMatchObject({ status: PS.SETTLED, amountRefundedMinor: 0n });
    // Releasing again is still harmless, and a release for a payment the merchant does not have is not_found.
    expect((await s.payments.releaseRefund({ merchantId, paymentId, refundId: 'RF-early' })).payment!.amountRefundedMinor).toBe(0n);
    expect(await codeOf(s.payments.releaseRefund({ merchantId: newMerchant(), paymentId, refundId: 'RF-other' }))).toBe('not_found');
  });

  it('releases an allocation that raced its release, or refuses it: never leaves it booked', async () => {
    const { merchantId, paymentId } = await settledPayment(10_000n);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const refundId = `RF-rr-${i}`;
        const allocate = codeOf(s.payments.allocateRefund({ merchantId, paymentId, refundId, amountMinor: 100n }));
        const release = s.payments.releaseRefund({ merchantId, paymentId, refundId });
        return Promise.all([allocate, release]);
      }),
    );
    // Every refund id was released, whichever came first: nothing stays booked.
    expect((await s.payments.getPayment({ merchantId, id: paymentId })).payment).toMatchObject({ status: PS.SETTLED, amountRefundedMinor: 0n });
  });

  it('refuses refunds of payments that have not settled, and of other merchants', async () => {
    const merchantId = newMerchant();
    const m = await seedMandate(s, merchantId);
    const p = await pay(s, merchantId, m.id);
    expect(await codeOf(s.payments.allocateRefund({ merchantId, paymentId: p.id, refundId: 'RF-x', amountMinor: 100n }))).toBe('payment_not_settled');
    expect(await codeOf(s.payments.allocateRefund({ merchantId: newMerchant(), paymentId: p.id, refundId: 'RF-y', amountMinor: 100n }))).toBe(
      'not_found',
    );
  });
});
