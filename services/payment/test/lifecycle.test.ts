import pg from 'pg';
import { mandate } from '@vrp/contracts';
import { waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, CS, failAtBank, newMerchant, pay, PS, seedMandate, settleAtBank, waitForStatus } from './support/fixtures.js';
import { startStack, type Stack } from './support/stack.js';

let s: Stack;
beforeAll(async () => {
  s = await startStack({ autoSettleMs: 1500 });
});
afterAll(() => s?.close());

async function paymentEvents(id: string, count: number) {
  return waitFor(
    async () => {
      const all = (await s.stream.events()).filter((e) => e.resource.case === 'payment' && e.resource.value.id === id);
      return all.length >= count ? all : undefined;
    },
    { what: `${count} events of ${id}` },
  );
}

describe('payment lifecycle', () => {
  it('submits, clears and settles by itself, with payment.submitted then payment.settled', async () => {
    const merchantId = newMerchant();
    const m = await seedMandate(s, merchantId);
    const created = await pay(s, merchantId, m.id, 2_500n);
    expect(created).toMatchObject({
      status: PS.SUBMITTED,
      clearingStatus: CS.PENDING,
      mandateId: m.id,
      amountMinor: 2_500n,
      currency: 'GBP',
      retryCount: 0,
    });
    expect(created.id).toMatch(/^PM/);
    expect(created.timeline.map((t) => t.status)).toEqual(['submitted']);

    const dayBefore = new Date().toISOString().slice(0, 10);
    const settled = await waitForStatus(s, merchantId, created.id, PS.SETTLED);
    // Settled on the bank's day: today, or tomorrow if UTC midnight passed while waiting.
    expect([dayBefore, new Date().toISOString().slice(0, 10)]).toContain(settled.settlementDate);
    expect(settled).toMatchObject({ clearingStatus: CS.CLEARED, failureCode: '' });
    expect(settled.timeline.map((t) => t.status)).toEqual(['submitted', 'settled']);

    const events = await paymentEvents(created.id, 2);
    expect(events.map((e) => [e.eventType, e.resource.value?.status])).toEqual([
      ['payment.submitted', PS.SUBMITTED],
      ['payment.settled', PS.SETTLED],
    ]);
    expect(events.every((e) => e.merchantId === merchantId)).toBe(true);
  });

  it('fails with the bank failure code, and a retry submits it again as the next attempt', async () => {
    const merchantId = newMerchant();
    const m = await seedMandate(s, merchantId);
    const created = await pay(s, merchantId, m.id);
    // Forcing reports at once, well before auto-settlement would.
    const failed = await failAtBank(s, merchantId, created.id, 'refer_to_payer');
    expect(failed).toMatchObject({ status: PS.FAILED, failureCode: 'refer_to_payer', clearingStatus: CS.REJECTED, settlementDate: '' });

    const { payment: retried } = await s.payments.retryPayment({ merchantId, id: created.id });
    expect(retried).toMatchObject({ status: PS.SUBMITTED, retryCount: 1, failureCode: '', clearingStatus: CS.PENDING });
    expect(retried!.timeline.map((t) => t.status)).toEqual(['submitted', 'failed', 'submitted']);
    await waitForStatus(s, merchantId, created.id, PS.SETTLED);
    const events = await paymentEvents(created.id, 4);
    expect(events.map((e) => e.eventType)).toEqual(['payment.submitted', 'payment.failed', 'payment.submitted', 'payment.settled']);
    expect(events[1]!.resource.value).toMatchObject({ failureCode: 'refer_to_payer' });
  });

  it('refuses payments the mandate does not allow, each with its own reason', async () => {
    const merchantId = newMerchant();
    const m = await seedMandate(s, merchantId, { maximumAmountMinor: 5_000n });
    const create = (over: { mandateId?: string; amountMinor?: bigint; currency?: string; merchantId?: string }) =>
      s.payments.createPayment({ merchantId, mandateId: m.id, amountMinor: 100n, currency: 'GBP', ...over });
    expect(await codeOf(create({ mandateId: 'MD0000000000000000000000000X' }))).toBe('mandate_not_found');
    expect(await codeOf(create({ merchantId: newMerchant() }))).toBe('mandate_not_found');
    expect(await codeOf(create({ currency: 'EUR' }))).toBe('currency_mismatch');
    expect(await codeOf(create({ amountMinor: 5_001n }))).toBe('amount_exceeds_mandate_limit');
    expect(await codeOf(create({ amountMinor: 5_000n }))).toBe('ok');
    expect(await codeOf(create({ amountMinor: 1n }))).toBe('open_payment_exists');
  });

  it('blocks payments under pending, cancelled, revoked and suspended mandates', async () => {
    const merchantId = newMerchant();
    const pending = await seedMandate(s, merchantId, { activate: false });
    const cancelled = await seedMandate(s, merchantId);
    await s.mandates.cancelMandate({ merchantId, id: cancelled.id });
    const revoked = await seedMandate(s, merchantId);
    await s.mandates.revokeMandate({ merchantId, id: revoked.id, by: mandate.RevokedBy.BANK });
    const suspended = await seedMandate(s, merchantId);
    await s.mandates.suspendMandate({ merchantId, id: suspended.id });
    for (const m of [pending, cancelled, revoked, suspended]) {
      expect(await codeOf(pay(s, merchantId, m.id))).toBe('mandate_not_active');
    }
  });

  it('refuses a create whose mandate gate closed after its terms were read, and binds no Idempotency-Key to it', async () => {
    const merchantId = newMerchant();
    const m = await seedMandate(s, merchantId);
    // The mandate service still says active; only the payment service's gate is closed (as while a revocation lands).
    await s.payments.closeMandate({ merchantId, mandateId: m.id });
    const create = () =>
      s.payments.createPayment({
        merchantId,
        mandateId: m.id,
        amountMinor: 2_500n,
        currency: 'GBP',
        idempotency: { key: 'gate-closed', fingerprint: 'f1' },
      });
    expect(await codeOf(create())).toBe('mandate_not_active');
    expect(await codeOf(create())).toBe('mandate_not_active'); // the key was not left bound to a payment never made
    const client = new pg.Client({ connectionString: s.db.url });
    await client.connect();
    try {
      const { rows } = await client.query('SELECT count(*)::int AS n FROM payment.idempotency_keys WHERE key = $1', ['gate-closed']);
      expect(rows[0].n).toBe(0);
    } finally {
      await client.end();
    }
  });

  it('limits a monthly mandate to one payment that has not failed per month', async () => {
    const merchantId = newMerchant();
    const m = await seedMandate(s, merchantId, { frequency: mandate.Frequency.MONTHLY });
    const first = await pay(s, merchantId, m.id);
    await failAtBank(s, merchantId, first.id);
    // A failed payment does not use up the period.
    const second = await pay(s, merchantId, m.id);
    await settleAtBank(s, merchantId, second.id);
    expect(await codeOf(pay(s, merchantId, m.id))).toBe('frequency_limit_reached');
    // Retrying the failed one would make a second live payment in the month.
    expect(await codeOf(s.payments.retryPayment({ merchantId, id: first.id }))).toBe('frequency_limit_reached');
  });

  it("answers not_found for another merchant's payment and for unknown ids", async () => {
    const merchantId = newMerchant();
    const m = await seedMandate(s, merchantId);
    const p = await pay(s, merchantId, m.id);
    expect(await codeOf(s.payments.getPayment({ merchantId: newMerchant(), id: p.id }))).toBe('not_found');
    expect(await codeOf(s.payments.retryPayment({ merchantId: newMerchant(), id: p.id }))).toBe('not_found');
    expect(await codeOf(s.payments.getPayment({ merchantId, id: 'PM0000000000000000000000000X' }))).toBe('not_found');
    expect((await s.payments.getPayment({ merchantId, id: p.id })).payment?.id).toBe(p.id);
  });
});
