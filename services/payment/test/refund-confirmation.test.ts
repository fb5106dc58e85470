import type { payment } from '@vrp/contracts';
import { newId } from '@vrp/ids';
import { waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PS, settledPayment } from './support/fixtures.js';
import { startStack, type Stack } from './support/stack.js';

// A refund's confirmation, the second phase of its booking: in one statement when the payment is
// still as this process's hold left it (payment.refunded built beforehand), in a transaction
// otherwise. Either way the answer and the event carry the payment exactly as a read shows it.

let s: Stack;
beforeAll(async () => {
  s = await startStack();
});
afterAll(() => s?.close());

/** The payment of every payment.refunded about `paymentId` so far, in stream order, once there are `count`. */
async function refundedEvents(paymentId: string, count: number): Promise<payment.Payment[]> {
  return waitFor(
    async () => {
      const mine = (await s.stream.events())
        .filter((e) => e.eventType === 'payment.refunded' && e.resource.case === 'payment' && e.resource.value.id === paymentId)
        .map((e) => e.resource.value as payment.Payment);
      return mine.length >= count ? mine : undefined;
    },
    { what: `${count} payment.refunded events` },
  );
}

describe('confirming a refund', () => {
  it('answers and announces the payment as a read shows it, right after the hold', async () => {
    const { merchantId, paymentId } = await settledPayment(s, 10_000n);
    const refundId = newId('refund');
    await s.payments.allocateRefund({ merchantId, paymentId, refundId, amountMinor: 2_500n });
    const confirmed = (await s.payments.confirmRefund({ merchantId, paymentId, refundId })).payment!;
    const read = (await s.payments.getPayment({ merchantId, id: paymentId })).payment!;
    expect(read).toMatchObject({ status: PS.SETTLED, amountRefundedMinor: 2_500n });
    expect(confirmed).toEqual(read);
    expect(await refundedEvents(paymentId, 1)).toEqual([read]);
  });

  it('books each of two holds made one after the other, whichever confirms first', async () => {
    const { merchantId, paymentId } = await settledPayment(s, 10_000n);
    const [first, second] = [newId('refund'), newId('refund')];
    await s.payments.allocateRefund({ merchantId, paymentId, refundId: first, amountMinor: 1_000n });
    await s.payments.allocateRefund({ merchantId, paymentId, refundId: second, amountMinor: 3_000n });
    // The first hold's payment no longer matches: the second hold came after it.
    const one = (await s.payments.confirmRefund({ merchantId, paymentId, refundId: second })).payment!;
    expect(one).toMatchObject({ amountRefundedMinor: 3_000n });
    const two = (await s.payments.confirmRefund({ merchantId, paymentId, refundId: first })).payment!;
    expect(two).toMatchObject({ amountRefundedMinor: 4_000n });
    expect(two).toEqual((await s.payments.getPayment({ merchantId, id: paymentId })).payment);
    expect(await refundedEvents(paymentId, 2)).toEqual([one, two]);
  });

  it('carries the timeline as it is after a full refund was given back', async () => {
    const { merchantId, paymentId } = await settledPayment(s, 5_000n);
    const full = newId('refund');
    await s.payments.allocateRefund({ merchantId, paymentId, refundId: full, amountMinor: 0n });
    expect((await s.payments.confirmRefund({ merchantId, paymentId, refundId: full })).payment!.status).toBe(PS.REFUNDED);
    await s.payments.releaseRefund({ merchantId, paymentId, refundId: full });
    const part = newId('refund');
    await s.payments.allocateRefund({ merchantId, paymentId, refundId: part, amountMinor: 1_000n });
    const confirmed = (await s.payments.confirmRefund({ merchantId, paymentId, refundId: part })).payment!;
    const read = (await s.payments.getPayment({ merchantId, id: paymentId })).payment!;
    expect(read.timeline.map((t) => t.status)).toEqual(['submitted', 'settled', 'refunded', 'settled']);
    expect(confirmed).toEqual(read);
    expect((await refundedEvents(paymentId, 2))[1]).toEqual(read);
  });

  it('keeps every refund within the payment when holds and confirmations race', async () => {
    const { merchantId, paymentId } = await settledPayment(s, 10_000n);
    const ids = Array.from({ length: 12 }, () => newId('refund'));
    // Twelve holds of 1,000 race for 10,000: ten win. Each winner is confirmed as soon as it holds.
    const outcomes = await Promise.allSettled(
      ids.map(async (refundId) => {
        await s.payments.allocateRefund({ merchantId, paymentId, refundId, amountMinor: 1_000n });
        return (await s.payments.confirmRefund({ merchantId, paymentId, refundId })).payment!;
      }),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
    const read = (await s.payments.getPayment({ merchantId, id: paymentId })).payment!;
    expect(read).toMatchObject({ status: PS.REFUNDED, amountRefundedMinor: 10_000n });
    const events = await refundedEvents(paymentId, 10);
    expect(events.map((p) => p.amountRefundedMinor)).toEqual(Array.from({ length: 10 }, (_, i) => BigInt((i + 1) * 1_000)));
    expect(events.at(-1)).toEqual(read);
  });
});
