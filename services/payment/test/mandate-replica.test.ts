import { mandate } from '@vrp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, newMerchant, pay, PS, seedMandate, settleAtBank } from './support/fixtures.js';
import { startStack, type Stack } from './support/stack.js';

// The payment service's replica of active mandates' terms, kept by the mandate service: pushed
// on activation, fenced before and after every move out of active. Everything runs for real:
// both services over gRPC, one Postgres database each schema.

const versionOf = async (s: Stack, merchantId: string, id: string) => (await s.mandates.getMandate({ merchantId, id })).version;

describe('the replica of active mandate terms', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startStack();
  });
  afterAll(() => s?.close());

  it('is kept at the version an activation reached, and the mandate service says it fences it', async () => {
    const merchantId = newMerchant();
    const m = await seedMandate(s, merchantId, { activate: false });
    const pending = await s.mandates.getMandate({ merchantId, id: m.id });
    expect(pending).toMatchObject({ version: 1n, replicable: true });
    await s.mandates.activateMandate({ merchantId, id: m.id });
    expect(await versionOf(s, merchantId, m.id)).toBe(2n);
    // Pushed already: the same push again is moot.
    const again = await s.payments.replicateMandate({
      mandate: (await s.mandates.getMandate({ merchantId, id: m.id })).mandate!,
      version: 2n,
    });
    expect(again.kept).toBe(false);
  });

  it('refuses creates once a suspension has answered, and collects again after reinstatement', async () => {
    const merchantId = newMerchant();
    const m = await seedMandate(s, merchantId);
    await settleAtBank(s, merchantId, (await pay(s, merchantId, m.id)).id);

    await s.mandates.suspendMandate({ merchantId, id: m.id });
    // Raised once before the move and once by it.
    expect(await versionOf(s, merchantId, m.id)).toBe(4n);
    expect(await codeOf(pay(s, merchantId, m.id))).toBe('mandate_not_active');

    await s.mandates.reinstateMandate({ merchantId, id: m.id });
    expect((await pay(s, merchantId, m.id)).status).toBe(PS.SUBMITTED);
  });

  it('refuses, at the gate, a second payment service that still remembers the terms from before a suspension', async () => {
    const merchantId = newMerchant();
    const m = await seedMandate(s, merchantId);
    const other = await s.startAnotherPaymentService();
    // The other replica reads the terms from the gate row and remembers them.
    const first = (await other.client.createPayment({ merchantId, mandateId: m.id, amountMinor: 100n, currency: 'GBP' })).payment!;
    await settleAtBank(s, merchantId, first.id);
    // The mandate service fences through the first payment service; the other learns of it only at its insert.
    await s.mandates.suspendMandate({ merchantId, id: m.id });
    const refused = other.client.createPayment({ merchantId, mandateId: m.id, amountMinor: 100n, currency: 'GBP' });
    expect(await codeOf(refused)).toBe('mandate_not_active');
  });

  it('lets no create that raced a suspension through once the suspension answered', async () => {
    for (let round = 0; round < 8; round++) {
      const merchantId = newMerchant();
      const m = await seedMandate(s, merchantId);
      let answered = false;
      const outcomes: { afterAnswer: boolean; code: string }[] = [];
      // Each creator keeps creating until it has sent two creates after the suspension answered,
      // however slow the machine: some creates race the suspension, and 12 surely follow it.
      const creator = async () => {
        for (let sentAfter = 0; sentAfter < 2;) {
          const afterAnswer = answered;
          if (afterAnswer) sentAfter += 1;
          outcomes.push({ afterAnswer, code: await codeOf(pay(s, merchantId, m.id, 100n)) });
        }
      };
      const creators = Array.from({ length: 6 }, creator);
      await new Promise((resolve) => setTimeout(resolve, 5 + round * 3));
      await s.mandates.suspendMandate({ merchantId, id: m.id });
      answered = true;
      await Promise.all(creators);

      const after = outcomes.filter((o) => o.afterAnswer);
      expect(after).toHaveLength(12);
      // Past the suspension every create is refused for it: none reached the insert (open_payment_exists) or succeeded.
      expect(new Set(after.map((o) => o.code))).toEqual(new Set(['mandate_not_active']));
      expect(outcomes.filter((o) => o.code === 'ok').length).toBeLessThanOrEqual(1);
    }
  });

  it('leaves creates working when a fence is not followed by its move, and keeps no replica at the fenced version', async () => {
    const merchantId = newMerchant();
    const m = await seedMandate(s, merchantId);
    const version = await versionOf(s, merchantId, m.id);
    // What a move out of active does first; here the move never comes (as when its transaction fails).
    await s.payments.fenceMandate({ merchantId, mandateId: m.id, version, close: false });
    await settleAtBank(s, merchantId, (await pay(s, merchantId, m.id)).id);
    expect((await s.payments.replicateMandate({ mandate: m, version })).kept).toBe(false);
    expect((await pay(s, merchantId, m.id)).status).toBe(PS.SUBMITTED);
  });

  it('makes a create that read the mandate before a move out of active began wait for it, then give up', async () => {
    const merchantId = newMerchant();
    const m = await seedMandate(s, merchantId);
    const version = await versionOf(s, merchantId, m.id);
    // What a move out of active does first, at the version it raised; the move itself has not committed.
    await s.payments.fenceMandate({ merchantId, mandateId: m.id, version: version + 1n, close: false });
    // The mandate service still answers active at the old version: the create may not rely on it.
    expect(await codeOf(pay(s, merchantId, m.id))).toBe('service_unavailable');
    expect((await s.payments.listPayments({ merchantId, mandateId: m.id })).payments).toEqual([]);
  });

  it('closes the mandate for payments with a revocation', async () => {
    const merchantId = newMerchant();
    const m = await seedMandate(s, merchantId);
    await s.mandates.revokeMandate({ merchantId, id: m.id, by: mandate.RevokedBy.CUSTOMER });
    expect(await codeOf(pay(s, merchantId, m.id))).toBe('mandate_not_active');
    // A stale push after the revocation changes nothing.
    expect((await s.payments.replicateMandate({ mandate: m, version: 2n })).kept).toBe(false);
    expect(await codeOf(pay(s, merchantId, m.id))).toBe('mandate_not_active');
  });
});

describe('the replica when a service is down', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startStack();
  });
  afterAll(() => s?.close());

  it('does not suspend a mandate while the payment service cannot be fenced', async () => {
    const merchantId = newMerchant();
    const m = await seedMandate(s, merchantId);
    await s.paymentService.stop();
    expect(await codeOf(s.mandates.suspendMandate({ merchantId, id: m.id }))).toBe('service_unavailable');
    expect((await s.mandates.getMandate({ merchantId, id: m.id })).mandate!.status).toBe(mandate.MandateStatus.ACTIVE);
    await s.startPayments();
    await s.mandates.suspendMandate({ merchantId, id: m.id });
    expect(await codeOf(pay(s, merchantId, m.id))).toBe('mandate_not_active');
  });

  it('creates payments under an active mandate while the mandate service is down', async () => {
    const merchantId = newMerchant();
    const m = await seedMandate(s, merchantId);
    await s.mandateService.stop();
    expect((await pay(s, merchantId, m.id)).status).toBe(PS.SUBMITTED);
  });
});
