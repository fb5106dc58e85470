import { waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, newMerchant, pay, PS, seedMandate, settledPayment } from './support/fixtures.js';
import { startStack, type Stack } from './support/stack.js';

let s: Stack;
beforeAll(async () => {
  s = await startStack();
});
afterAll(() => s?.close());

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

  it('never lets 50 concurrent refund allocations pass the payment amount, held or confirmed', async () => {
    const { merchantId, paymentId } = await settledPayment(s, 10_000n);
    const amounts = Array.from({ length: 50 }, (_, i) => BigInt(100 + ((i * 137) % 500)));
    // Half of them are confirmed as soon as they are held, racing the other allocations.
    const results = await Promise.all(
      amounts.map((amountMinor, i) =>
        s.payments.allocateRefund({ merchantId, paymentId, refundId: `RF-race-${i}`, amountMinor }).then(
          async (r) => {
            if (i % 2 === 0) await s.payments.confirmRefund({ merchantId, paymentId, refundId: `RF-race-${i}` });
            return r.amountMinor;
          },
          (err: { code: string }) => err.code,
        ),
      ),
    );
    const booked = results.filter((r): r is bigint => typeof r === 'bigint');
    expect(results.filter((r) => typeof r !== 'bigint').every((r) => r === 'refund_exceeds_payment')).toBe(true);
    const sum = booked.reduce((a, b) => a + b, 0n);
    expect(sum).toBeLessThanOrEqual(10_000n);
    expect(booked.length).toBeGreaterThan(0);
    await Promise.all(
      results.map((r, i) =>
        typeof r === 'bigint' ? s.payments.confirmRefund({ merchantId, paymentId, refundId: `RF-race-${i}` }) : undefined,
      ),
    );
    const after = (await s.payments.getPayment({ merchantId, id: paymentId })).payment!;
    expect(after.amountRefundedMinor).toBe(sum);
    expect(after.status).toBe(sum === 10_000n ? PS.REFUNDED : PS.SETTLED);
  });

  it('books and confirms one allocation however often the same refund id races', async () => {
    const { merchantId, paymentId } = await settledPayment(s, 5_000n);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => s.payments.allocateRefund({ merchantId, paymentId, refundId: 'RF-same', amountMinor: 1_000n })),
    );
    expect(results.every((r) => r.amountMinor === 1_000n)).toBe(true);
    expect((await s.payments.getPayment({ merchantId, id: paymentId })).payment!.amountRefundedMinor).toBe(0n);
    const confirmed = await Promise.all(
      Array.from({ length: 10 }, () => s.payments.confirmRefund({ merchantId, paymentId, refundId: 'RF-same' })),
    );
    expect(confirmed.every((r) => r.payment!.amountRefundedMinor === 1_000n)).toBe(true);
    const refundedEvents = await waitFor(
      async () => {
        const mine = (await s.stream.events()).filter((e) => e.eventType === 'payment.refunded' && e.resource.value?.id === paymentId);
        return mine.length > 0 ? mine : undefined;
      },
      { what: 'payment.refunded' },
    );
    expect(refundedEvents).toHaveLength(1);
  });

  it('settles a confirm racing a release either way, and never leaves an amount held or booked', async () => {
    const { merchantId, paymentId } = await settledPayment(s, 10_000n);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const refundId = `RF-cr-${i}`;
        await s.payments.allocateRefund({ merchantId, paymentId, refundId, amountMinor: 100n });
        const [confirm] = await Promise.all([
          codeOf(s.payments.confirmRefund({ merchantId, paymentId, refundId })),
          s.payments.releaseRefund({ merchantId, paymentId, refundId }),
        ]);
        return confirm;
      }),
    );
    expect(outcomes.every((c) => c === 'ok' || c === 'invalid_state_transition')).toBe(true);
    expect((await s.payments.getPayment({ merchantId, id: paymentId })).payment).toMatchObject({
      status: PS.SETTLED,
      amountRefundedMinor: 0n,
    });
    // Nothing is still held either: all of the payment can be refunded again.
    expect((await s.payments.allocateRefund({ merchantId, paymentId, refundId: 'RF-cr-all', amountMinor: 0n })).amountMinor).toBe(10_000n);
  });
});

describe('refund allocation rules', () => {
  it('refunds all that remains for 0, marks the payment refunded once confirmed, and refuses more', async () => {
    const { merchantId, paymentId } = await settledPayment(s, 3_000n);
    const part = await s.payments.allocateRefund({ merchantId, paymentId, refundId: 'RF-a', amountMinor: 1_000n });
    // A hold is not public: the payment looks as it did.
    expect(part.payment).toMatchObject({ status: PS.SETTLED, amountRefundedMinor: 0n });
    expect(part.remainingAfterMinor).toBe(2_000n);
    expect(await codeOf(s.payments.allocateRefund({ merchantId, paymentId, refundId: 'RF-b', amountMinor: 2_001n }))).toBe(
      'refund_exceeds_payment',
    );
    expect((await s.payments.confirmRefund({ merchantId, paymentId, refundId: 'RF-a' })).payment).toMatchObject({
      status: PS.SETTLED,
      amountRefundedMinor: 1_000n,
    });
    const rest = await s.payments.allocateRefund({ merchantId, paymentId, refundId: 'RF-c', amountMinor: 0n });
    expect(rest.amountMinor).toBe(2_000n);
    expect(rest.remainingAfterMinor).toBe(0n);
    expect(await codeOf(s.payments.allocateRefund({ merchantId, paymentId, refundId: 'RF-d', amountMinor: 0n }))).toBe(
      'refund_exceeds_payment',
    );
    const confirmed = (await s.payments.confirmRefund({ merchantId, paymentId, refundId: 'RF-c' })).payment!;
    expect(confirmed).toMatchObject({ status: PS.REFUNDED, amountRefundedMinor: 3_000n });
    expect(confirmed.timeline.map((t) => t.status)).toEqual(['submitted', 'settled', 'refunded']);

    const released = await s.payments.releaseRefund({ merchantId, paymentId, refundId: 'RF-c' });
    expect(released.payment).toMatchObject({ status: PS.SETTLED, amountRefundedMinor: 1_000n });
    const again = await s.payments.releaseRefund({ merchantId, paymentId, refundId: 'RF-c' });
    expect(again.payment).toMatchObject({ status: PS.SETTLED, amountRefundedMinor: 1_000n });
    expect(await codeOf(s.payments.confirmRefund({ merchantId, paymentId, refundId: 'RF-c' }))).toBe('invalid_state_transition');
    // The release of a confirmed refund is on the stream as payment.settled with the payment as
    // it now is; the repeated release changed nothing and wrote nothing.
    const settledEvents = await waitFor(
      async () => {
        const all = (await s.stream.events()).flatMap((e) =>
          e.eventType === 'payment.settled' && e.resource.case === 'payment' && e.resource.value.id === paymentId ? [e.resource.value] : [],
        );
        return all.some((p) => p.amountRefundedMinor === 1_000n) ? all : undefined;
      },
      { what: 'payment.settled after the release' },
    );
    expect(settledEvents.map((p) => [p.status, p.amountRefundedMinor])).toEqual([
      [PS.SETTLED, 0n],
      [PS.SETTLED, 1_000n],
    ]);
    expect(await codeOf(s.payments.releaseRefund({ merchantId: newMerchant(), paymentId, refundId: 'RF-a' }))).toBe('not_found');
    expect(await codeOf(s.payments.confirmRefund({ merchantId: newMerchant(), paymentId, refundId: 'RF-a' }))).toBe('not_found');
  });

  it('refuses a partial refund below one major unit before holding anything, and takes any remainder whole', async () => {
    const { merchantId, paymentId } = await settledPayment(s, 1_050n);
    const tooSmall = await codeOf(s.payments.allocateRefund({ merchantId, paymentId, refundId: 'RF-small', amountMinor: 99n }));
    expect(tooSmall).toBe('refund_amount_too_small');
    // Nothing was held for it, and its refund id was not taken.
    const again = await s.payments.allocateRefund({ merchantId, paymentId, refundId: 'RF-small', amountMinor: 100n });
    expect(again.remainingAfterMinor).toBe(950n);
    expect((await s.payments.allocateRefund({ merchantId, paymentId, refundId: 'RF-big', amountMinor: 900n })).remainingAfterMinor).toBe(
      50n,
    );
    expect(await codeOf(s.payments.allocateRefund({ merchantId, paymentId, refundId: 'RF-tail', amountMinor: 49n }))).toBe(
      'refund_amount_too_small',
    );
    // The last 0.50 may go in one refund, however small.
    expect((await s.payments.allocateRefund({ merchantId, paymentId, refundId: 'RF-tail', amountMinor: 50n })).remainingAfterMinor).toBe(
      0n,
    );
  });

  it('gives a released hold back without a trace: no payment event, nothing booked', async () => {
    const { merchantId, paymentId } = await settledPayment(s, 3_000n);
    await s.payments.allocateRefund({ merchantId, paymentId, refundId: 'RF-held', amountMinor: 2_000n });
    expect(await codeOf(s.payments.allocateRefund({ merchantId, paymentId, refundId: 'RF-over', amountMinor: 1_001n }))).toBe(
      'refund_exceeds_payment',
    );
    expect((await s.payments.releaseRefund({ merchantId, paymentId, refundId: 'RF-held' })).payment).toMatchObject({
      status: PS.SETTLED,
      amountRefundedMinor: 0n,
    });
    // A later refund that is confirmed marks the end of the stream for this payment.
    await s.payments.allocateRefund({ merchantId, paymentId, refundId: 'RF-marker', amountMinor: 3_000n });
    await s.payments.confirmRefund({ merchantId, paymentId, refundId: 'RF-marker' });
    const events = await waitFor(
      async () => {
        const mine = (await s.stream.events()).filter((e) => e.resource.value?.id === paymentId);
        return mine.some((e) => e.eventType === 'payment.refunded') ? mine : undefined;
      },
      { what: 'the marker refund on the stream' },
    );
    expect(events.map((e) => e.eventType)).toEqual(['payment.submitted', 'payment.settled', 'payment.refunded']);
    expect(events[2]!.resource.value).toMatchObject({ status: PS.REFUNDED, amountRefundedMinor: 3_000n });
  });

  it('leaves nothing booked when the release comes before the allocation of the same refund id', async () => {
    const { merchantId, paymentId } = await settledPayment(s, 3_000n);
    const released = await s.payments.releaseRefund({ merchantId, paymentId, refundId: 'RF-early' });
    expect(released.payment).toMatchObject({ status: PS.SETTLED, amountRefundedMinor: 0n });
    expect(await codeOf(s.payments.allocateRefund({ merchantId, paymentId, refundId: 'RF-early', amountMinor: 1_000n }))).toBe(
      'invalid_state_transition',
    );
    expect((await s.payments.getPayment({ merchantId, id: paymentId })).payment).toMatchObject({
      status: PS.SETTLED,
      amountRefundedMinor: 0n,
    });
    // Releasing again is still harmless, and a release for a payment the merchant does not have is not_found.
    expect((await s.payments.releaseRefund({ merchantId, paymentId, refundId: 'RF-early' })).payment!.amountRefundedMinor).toBe(0n);
    expect(await codeOf(s.payments.releaseRefund({ merchantId: newMerchant(), paymentId, refundId: 'RF-other' }))).toBe('not_found');
  });

  it('releases an allocation that raced its release, or refuses it: never leaves it booked', async () => {
    const { merchantId, paymentId } = await settledPayment(s, 10_000n);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const refundId = `RF-rr-${i}`;
        const allocate = codeOf(s.payments.allocateRefund({ merchantId, paymentId, refundId, amountMinor: 100n }));
        const release = s.payments.releaseRefund({ merchantId, paymentId, refundId });
        return Promise.all([allocate, release]);
      }),
    );
    // Every refund id was released, whichever came first: nothing stays booked.
    expect((await s.payments.getPayment({ merchantId, id: paymentId })).payment).toMatchObject({
      status: PS.SETTLED,
      amountRefundedMinor: 0n,
    });
  });

  it('refuses refunds of payments that have not settled, and of other merchants', async () => {
    const merchantId = newMerchant();
    const m = await seedMandate(s, merchantId);
    const p = await pay(s, merchantId, m.id);
    expect(await codeOf(s.payments.allocateRefund({ merchantId, paymentId: p.id, refundId: 'RF-x', amountMinor: 100n }))).toBe(
      'payment_not_settled',
    );
    expect(
      await codeOf(s.payments.allocateRefund({ merchantId: newMerchant(), paymentId: p.id, refundId: 'RF-y', amountMinor: 100n })),
    ).toBe('not_found');
  });
});
