import { mandate as pb } from '@vrp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError, newMerchantId, seedMandate, startHarness, type Harness } from './fixtures.js';

let h: Harness;
let merchantId: string;
let customerId: string;

beforeAll(async () => {
  h = await startHarness();
  merchantId = newMerchantId();
  customerId = (await h.client.createCustomer({ merchantId, scaCompleted: true })).customer!.id;
}, 30_000);
afterAll(() => h?.close(), 30_000);

function request(overrides: Partial<Omit<pb.CreateMandateRequest, '$typeName' | '$unknown'>> = {}) {
  return {
    merchantId,
    merchantPayoutCurrency: 'GBP',
    customerId,
    maximumAmountMinor: 5_000n,
    currency: 'GBP',
    frequency: pb.Frequency.WEEKLY,
    description: 'Weekly veg box',
    vrpType: pb.VrpType.COMMERCIAL,
    ...overrides,
  };
}

async function refusal(overrides: Partial<Omit<pb.CreateMandateRequest, '$typeName' | '$unknown'>>): Promise<[string, string | undefined]> {
  const err = await apiError(h.client.createMandate(request(overrides)));
  return [err.code, err.param];
}

describe('customers', { timeout: 20_000 }, () => {
  it('creates and reads back a customer with its SCA state, only for its merchant', async () => {
    const created = (await h.client.createCustomer({ merchantId, scaCompleted: false })).customer!;
    expect(created).toMatchObject({ merchantId, scaCompleted: false });
    expect(created.id).toMatch(/^CU[0-9A-Z]{26}$/);
    expect((await h.client.getCustomer({ merchantId, id: created.id })).customer).toEqual(created);
    expect((await apiError(h.client.getCustomer({ merchantId: newMerchantId(), id: created.id }))).code).toBe('not_found');
    expect((await apiError(h.client.getCustomer({ merchantId, id: 'CU_missing' }))).code).toBe('not_found');
  });
});

describe('create mandate', { timeout: 20_000 }, () => {
  it('stores the terms as given, with string and number metadata, in pending_sca', async () => {
    const { mandate } = await h.client.createMandate(request({ metadata: { plan: 'large', seats: 3 }, currency: 'gbp' }));
    expect(mandate).toMatchObject({
      merchantId,
      customerId,
      status: pb.MandateStatus.PENDING_SCA,
      maximumAmountMinor: 5_000n,
      currency: 'GBP',
      frequency: pb.Frequency.WEEKLY,
      description: 'Weekly veg box',
      metadata: { plan: 'large', seats: 3 },
      revokedBy: pb.RevokedBy.UNSPECIFIED,
    });
    expect(mandate!.id).toMatch(/^MD[0-9A-Z]{26}$/);
    expect((await h.client.getMandate({ merchantId, id: mandate!.id })).mandate).toEqual(mandate);
  });

  it("refuses a customer that is unknown, another merchant's, or without SCA", async () => {
    const stranger = (await h.client.createCustomer({ merchantId: newMerchantId(), scaCompleted: true })).customer!;
    const noSca = (await h.client.createCustomer({ merchantId, scaCompleted: false })).customer!;
    expect(await refusal({ customerId: 'CU00000000000000000000000000' })).toEqual(['customer_not_found', 'customer_id']);
    expect(await refusal({ customerId: '' })).toEqual(['customer_not_found', 'customer_id']);
    expect(await refusal({ customerId: stranger.id })).toEqual(['customer_not_found', 'customer_id']);
    expect(await refusal({ customerId: noSca.id })).toEqual(['customer_sca_incomplete', 'customer_id']);
  });

  it('refuses unknown currencies, and currencies other than the payout currency', async () => {
    expect(await refusal({ currency: 'XXX' })).toEqual(['validation_error', 'currency']);
    expect(await refusal({ currency: '' })).toEqual(['validation_error', 'currency']);
    expect(await refusal({ currency: 'EUR' })).toEqual(['currency_mismatch', 'currency']);
  });

  it('requires a frequency and a positive maximum amount', async () => {
    expect(await refusal({ frequency: pb.Frequency.UNSPECIFIED })).toEqual(['validation_error', 'frequency']);
    expect(await refusal({ maximumAmountMinor: 0n })).toEqual(['validation_error', 'maximum_amount']);
    expect(await refusal({ maximumAmountMinor: -1n })).toEqual(['validation_error', 'maximum_amount']);
    expect(await refusal({ merchantId: '' })).toEqual(['validation_error', 'merchant_id']);
  });

  it('enforces the metadata limits, naming the key at fault', async () => {
    const tooMany = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i]));
    const longKey = 'k'.repeat(41);
    expect(await refusal({ metadata: tooMany })).toEqual(['validation_error', 'metadata']);
    expect(await refusal({ metadata: { [longKey]: 'v' } })).toEqual(['validation_error', `metadata[${longKey}]`]);
    expect(await refusal({ metadata: { note: 'v'.repeat(201) } })).toEqual(['validation_error', 'metadata[note]']);
    expect(await refusal({ metadata: { vip: true } })).toEqual(['validation_error', 'metadata[vip]']);
    expect(await refusal({ metadata: { tags: ['a'] } })).toEqual(['validation_error', 'metadata[tags]']);
    const atLimit = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`.padEnd(40, '_'), 'v'.repeat(200)]));
    expect((await h.client.createMandate(request({ metadata: atLimit }))).mandate?.metadata).toEqual(atLimit);
  });
});

describe("another merchant's mandate", { timeout: 20_000 }, () => {
  it('is not_found for every rpc, and unknown ids likewise', async () => {
    const { id } = await seedMandate(h.client, merchantId, { customerId });
    const other = newMerchantId();
    const calls = [
      () => h.client.getMandate({ merchantId: other, id }),
      () => h.client.cancelMandate({ merchantId: other, id }),
      () => h.client.activateMandate({ merchantId: other, id }),
      () => h.client.revokeMandate({ merchantId: other, id, by: pb.RevokedBy.BANK }),
      () => h.client.suspendMandate({ merchantId: other, id }),
      () => h.client.reinstateMandate({ merchantId: other, id }),
      () => h.client.getMandate({ merchantId, id: 'MD00000000000000000000000000' }),
      () => h.client.cancelMandate({ merchantId, id: 'MD00000000000000000000000000' }),
    ];
    for (const call of calls) expect((await apiError(call())).code).toBe('not_found');
    expect((await h.client.listMandates({ merchantId: other })).mandates).toEqual([]);
    expect((await h.client.getMandate({ merchantId, id })).mandate?.status).toBe(pb.MandateStatus.PENDING_SCA);
  });
});
