import { mandate as pb } from '@vrp/contracts';
import { waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError, newMerchantId, startHarness, type Harness } from './fixtures.js';

// Mandates created directly (the customer's SCA complete) get a consent at the bank too, staged
// through the connector (here a stand-in on a real gRPC server that stages one consent per mandate).
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
}, 30_000);
afterAll(() => h?.close(), 30_000);

const creditorAccount = { scheme: 'UK.OBIE.SortCodeAccountNumber', identification: '10000112345678', name: 'Acme Gym' };

async function createMandate(merchantId: string, customerId: string, key?: string) {
  const { mandate } = await h.client.createMandate({
    merchantId,
    merchantPayoutCurrency: 'GBP',
    customerId,
    maximumAmountMinor: 10_000n,
    currency: 'GBP',
    frequency: pb.Frequency.MONTHLY,
    description: 'Gym membership',
    creditorAccount,
    ...(key ? { idempotency: { key, fingerprint: 'same-body' } } : {}),
  });
  return mandate!;
}

const customerOf = async (merchantId: string) => (await h.client.createCustomer({ merchantId, scaCompleted: true })).customer!.id;

describe('direct mandates', { timeout: 30_000 }, () => {
  it("stage the mandate's consent after it commits, with its terms and the merchant's account as payee", async () => {
    const merchantId = newMerchantId();
    const m = await createMandate(merchantId, await customerOf(merchantId));
    const calls = h.bank.stageCalls.filter((c) => c.mandateId === m.id);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      merchantId,
      mandateId: m.id,
      mandateRequestId: '',
      customerId: m.customerId,
      returnUri: '',
      terms: { maximumAmountMinor: 10_000n, currency: 'GBP', description: 'Gym membership' },
      creditorAccount,
    });
    // The create answers where to send the customer, and every read of the mandate keeps it.
    expect(m.authorisation?.url).toBe(`http://127.0.0.1:8080/v1/bank/authorise/${h.bank.staged.get(m.id)}`);
    expect(m.authorisation?.expiresAt).toBeDefined();
    expect((await h.client.getMandate({ merchantId, id: m.id })).mandate?.authorisation).toEqual(m.authorisation);
  });

  it('stage one consent when the same create races (same Idempotency-Key): one mandate, every call names it', async () => {
    const merchantId = newMerchantId();
    const customerId = await customerOf(merchantId);
    const made = await Promise.all(Array.from({ length: 6 }, () => createMandate(merchantId, customerId, `key-${merchantId}`)));
    const ids = new Set(made.map((m) => m.id));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    const calls = h.bank.stageCalls.filter((c) => c.merchantId === merchantId);
    expect(calls.length).toBeGreaterThanOrEqual(1);
    expect(new Set(calls.map((c) => c.mandateId))).toEqual(new Set([id]));
    expect(h.bank.staged.has(id!)).toBe(true);
    // Every racing answer carries the one link.
    expect(new Set(made.map((m) => m.authorisation?.url))).toEqual(
      new Set([`http://127.0.0.1:8080/v1/bank/authorise/${h.bank.staged.get(id!)}`]),
    );
  });

  it('answer service_unavailable when the connector is down; the mandate exists and a repeat with the key stages it', async () => {
    const merchantId = newMerchantId();
    const customerId = await customerOf(merchantId);
    h.bank.unavailable = true;
    try {
      expect((await apiError(createMandate(merchantId, customerId, `down-${merchantId}`))).code).toBe('service_unavailable');
    } finally {
      h.bank.unavailable = false;
    }
    const { mandates } = await h.client.listMandates({ merchantId });
    expect(mandates).toHaveLength(1);
    expect(h.bank.staged.has(mandates[0]!.id)).toBe(false);
    expect(mandates[0]!.authorisation).toBeUndefined();
    const again = await waitFor(async () => createMandate(merchantId, customerId, `down-${merchantId}`).catch(() => undefined), {
      what: 'the repeated create, once the connector breaker lets calls through',
    });
    expect(again.id).toBe(mandates[0]!.id);
    expect(h.bank.staged.has(again.id)).toBe(true);
    expect(again.authorisation?.url).toContain(h.bank.staged.get(again.id)!);
  });

  it('are approved at the bank by the sandbox activation before they become active', async () => {
    await h.restart({ SANDBOX_ACTIVATION_DELAY_MS: '100' });
    const merchantId = newMerchantId();
    const m = await createMandate(merchantId, await customerOf(merchantId));
    await waitFor(async () => (await h.client.getMandate({ merchantId, id: m.id })).mandate?.status === pb.MandateStatus.ACTIVE, {
      what: 'the sandbox activation',
    });
    expect(h.bank.approved).toContain(m.id);
  });

  it('wait in pending_sca while their consent is still being staged, then are activated with it approved', async () => {
    await h.restart({ SANDBOX_ACTIVATION_DELAY_MS: '100' });
    const merchantId = newMerchantId();
    const customerId = await customerOf(merchantId);
    let release!: () => void;
    h.bank.hold = new Promise<void>((resolve) => (release = resolve));
    const creating = createMandate(merchantId, customerId);
    try {
      // The mandate has committed and its StageConsent has reached the bank, which holds it.
      const staging = await waitFor(() => h.bank.stageCalls.find((c) => c.merchantId === merchantId), { what: 'the held StageConsent' });
      // A mandate without a consent, created after it: once the sweep has activated this one, it has
      // looked at the held mandate too (older, so due as well) and must have left it alone.
      const { mandate: plain } = await h.client.createMandate({
        merchantId,
        merchantPayoutCurrency: 'GBP',
        customerId,
        maximumAmountMinor: 500n,
        currency: 'GBP',
        frequency: pb.Frequency.MONTHLY,
      });
      await waitFor(async () => (await h.client.getMandate({ merchantId, id: plain!.id })).mandate?.status === pb.MandateStatus.ACTIVE, {
        what: 'the sandbox activation of the mandate without a consent',
      });
      const held = (await h.client.getMandate({ merchantId, id: staging.mandateId })).mandate!;
      expect(held.status).toBe(pb.MandateStatus.PENDING_SCA);
      expect(h.bank.approved).not.toContain(held.id);
    } finally {
      h.bank.hold = undefined;
      release();
      // Settled whatever happened above, so a failed check leaves no create running into the harness's close.
      await creating.catch(() => undefined);
    }
    const m = await creating;
    expect(m.authorisation?.url).toContain(h.bank.staged.get(m.id)!);
    await waitFor(async () => (await h.client.getMandate({ merchantId, id: m.id })).mandate?.status === pb.MandateStatus.ACTIVE, {
      what: 'the sandbox activation once the consent is staged',
    });
    expect(h.bank.approved).toContain(m.id);
  });
});
