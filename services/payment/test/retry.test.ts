import { waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETRY_WINDOW_MS } from '../src/domain/retry-policy.js';
import { codeOf, failAtBank, ManualClock, newMerchant, pay, PS, seedMandate } from './support/fixtures.js';
import { startStack, type Stack } from './support/stack.js';

const T0 = new Date('2026-11-02T10:00:00.000Z');
const clock = new ManualClock(T0);
let s: Stack;
beforeAll(async () => {
  s = await startStack({ clock });
});
afterAll(() => s?.close());

describe('retrying a failed payment', () => {
  it('allows 3 retries, each a new attempt, and refuses the 4th with retry_limit_reached', async () => {
    clock.set(T0);
    const merchantId = newMerchant();
    const m = await seedMandate(s, merchantId);
    const p = await pay(s, merchantId, m.id);
    await failAtBank(s, merchantId, p.id);
    for (const attempt of [1, 2, 3]) {
      const { payment: retried } = await s.payments.retryPayment({ merchantId, id: p.id });
      expect(retried).toMatchObject({ status: PS.SUBMITTED, retryCount: attempt });
      await failAtBank(s, merchantId, p.id);
    }
    expect(await codeOf(s.payments.retryPayment({ merchantId, id: p.id }))).toBe('retry_limit_reached');
  });

  it('allows a retry exactly 7 days after creation and refuses one a millisecond later', async () => {
    clock.set(T0);
    const merchantId = newMerchant();
    const [a, b] = [await seedMandate(s, merchantId), await seedMandate(s, merchantId)];
    const onTime = await pay(s, merchantId, a!.id);
    const late = await pay(s, merchantId, b!.id);
    await failAtBank(s, merchantId, onTime.id);
    await failAtBank(s, merchantId, late.id);

    clock.set(new Date(T0.getTime() + RETRY_WINDOW_MS));
    expect(await codeOf(s.payments.retryPayment({ merchantId, id: onTime.id }))).toBe('ok');
    clock.set(new Date(T0.getTime() + RETRY_WINDOW_MS + 1));
    expect(await codeOf(s.payments.retryPayment({ merchantId, id: late.id }))).toBe('retry_window_expired');
  });

  it('refuses payments that are not failed, inactive mandates and a second open payment', async () => {
    clock.set(T0);
    const merchantId = newMerchant();
    const m = await seedMandate(s, merchantId);
    const first = await pay(s, merchantId, m.id);
    expect(await codeOf(s.payments.retryPayment({ merchantId, id: first.id }))).toBe('payment_not_failed');
    await failAtBank(s, merchantId, first.id);
    const second = await pay(s, merchantId, m.id);
    expect(await codeOf(s.payments.retryPayment({ merchantId, id: first.id }))).toBe('open_payment_exists');
    await failAtBank(s, merchantId, second.id);
    await s.mandates.suspendMandate({ merchantId, id: m.id });
    expect(await codeOf(s.payments.retryPayment({ merchantId, id: first.id }))).toBe('mandate_not_active');
    await s.mandates.reinstateMandate({ merchantId, id: m.id });
    await s.mandates.cancelMandate({ merchantId, id: m.id });
    expect(await codeOf(s.payments.retryPayment({ merchantId, id: first.id }))).toBe('mandate_not_active');
  });

  it('makes exactly one attempt when retries race', async () => {
    clock.set(T0);
    const merchantId = newMerchant();
    const m = await seedMandate(s, merchantId);
    const p = await pay(s, merchantId, m.id);
    await failAtBank(s, merchantId, p.id);
    const codes = await Promise.all(Array.from({ length: 20 }, () => codeOf(s.payments.retryPayment({ merchantId, id: p.id }))));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(1);
    expect(codes.filter((c) => c !== 'ok').every((c) => c === 'payment_not_failed')).toBe(true);
    const after = (await s.payments.getPayment({ merchantId, id: p.id })).payment!;
    expect(after).toMatchObject({ status: PS.SUBMITTED, retryCount: 1 });
    expect(after.timeline.map((t) => t.status)).toEqual(['submitted', 'failed', 'submitted']);
    const events = await waitFor(async () => {
      const mine = (await s.stream.events()).filter((e) => e.resource.case === 'payment' && e.resource.value.id === p.id);
      return mine.length >= 3 ? mine : undefined;
    });
    expect(events.map((e) => e.eventType)).toEqual(['payment.submitted', 'payment.failed', 'payment.submitted']);
  });
});
