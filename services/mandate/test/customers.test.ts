import { timestampDate, timestampFromDate, type Timestamp } from '@bufbuild/protobuf/wkt';
import { common, mandate as pb } from '@vrp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError, newMerchantId, seedMandate, startHarness, type Harness } from './fixtures.js';

// Customers through the real rpcs: their details, updates, lists and erasure.
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
}, 30_000);
afterAll(() => h?.close(), 30_000);

/** A customer's details as the contract carries them; unset ones are undefined. */
const details = (c: pb.Customer | undefined) => ({
  email: c?.email,
  name: c?.name,
  reference: c?.reference,
  metadata: c?.metadata,
  scaCompleted: c?.scaCompleted,
  erased: c?.erasedAt !== undefined,
});

const refusal = async (call: Promise<unknown>) => {
  const err = await apiError(call);
  return [err.code, err.param];
};

describe('customers', { timeout: 30_000 }, () => {
  it('are created with their details and SCA state, and read back by their own merchant only', async () => {
    const merchantId = newMerchantId();
    const { customer } = await h.client.createCustomer({
      merchantId,
      email: 'Jo@Example.com',
      name: 'Jo Bloggs',
      reference: 'ACC-1',
      metadata: { plan: 'gold', seats: 3 },
    });
    expect(details(customer)).toEqual({
      email: 'Jo@Example.com',
      name: 'Jo Bloggs',
      reference: 'ACC-1',
      metadata: { plan: 'gold', seats: 3 },
      scaCompleted: false,
      erased: false,
    });
    expect(customer).toMatchObject({ merchantId, id: expect.stringMatching(/^CU/) });
    const bare = (await h.client.createCustomer({ merchantId, scaCompleted: true })).customer!;
    expect(details(bare)).toEqual({
      email: undefined,
      name: undefined,
      reference: undefined,
      metadata: {},
      scaCompleted: true,
      erased: false,
    });
    expect((await h.client.getCustomer({ merchantId, id: customer!.id })).customer).toEqual(customer);
    expect(await refusal(h.client.getCustomer({ merchantId: newMerchantId(), id: customer!.id }))).toEqual(['not_found', undefined]);
  });

  it('refuses details the public API refuses, every problem at once, whoever calls', async () => {
    const merchantId = newMerchantId();
    const err = await apiError(
      h.client.createCustomer({ merchantId, email: 'not an email', reference: 'r'.repeat(65), metadata: { ['k'.repeat(41)]: 1 } }),
    );
    expect(err.code).toBe('validation_error');
    expect(err.details!.map((d) => d.param)).toEqual(['email', 'reference', `metadata[${'k'.repeat(41)}]`]);
    expect(await refusal(h.client.createCustomer({ merchantId, name: '' }))).toEqual(['validation_error', 'name']);
  });

  it('binds an Idempotency-Key to the customer it made', async () => {
    const merchantId = newMerchantId();
    const idempotency = { key: 'customer-1', fingerprint: 'f1' };
    const created = await Promise.all(
      Array.from({ length: 5 }, () => h.client.createCustomer({ merchantId, email: 'a@example.com', idempotency })),
    );
    expect(new Set(created.map((c) => c.customer!.id)).size).toBe(1);
    expect((await h.client.listCustomers({ merchantId })).customers).toHaveLength(1);
    expect(
      await refusal(h.client.createCustomer({ merchantId, email: 'b@example.com', idempotency: { key: 'customer-1', fingerprint: 'f2' } })),
    ).toEqual(['idempotency_key_reused', 'Idempotency-Key']);
  });

  it('change only the fields sent: a value sets, an empty string clears, metadata is replaced whole', async () => {
    const merchantId = newMerchantId();
    const id = (await h.client.createCustomer({ merchantId, email: 'a@example.com', name: 'A', reference: 'R1', metadata: { a: 1 } }))
      .customer!.id;
    const named = (await h.client.updateCustomer({ merchantId, id, name: 'Alex' })).customer!;
    expect(details(named)).toMatchObject({ email: 'a@example.com', name: 'Alex', reference: 'R1', metadata: { a: 1 } });
    const cleared = (
      await h.client.updateCustomer({ merchantId, id, email: '', reference: '', replaceMetadata: true, metadata: { b: 'x' } })
    ).customer!;
    expect(details(cleared)).toMatchObject({ email: undefined, name: 'Alex', reference: undefined, metadata: { b: 'x' } });
    const unchanged = (await h.client.updateCustomer({ merchantId, id })).customer!;
    expect(unchanged).toEqual(cleared);
    expect((await h.client.updateCustomer({ merchantId, id, replaceMetadata: true })).customer!.metadata).toEqual({});
    expect(await refusal(h.client.updateCustomer({ merchantId, id, email: 'nope' }))).toEqual(['validation_error', 'email']);
    expect(await refusal(h.client.updateCustomer({ merchantId: newMerchantId(), id, name: 'x' }))).toEqual(['not_found', undefined]);
  });

  it('are listed newest or oldest first, filtered by email (any case), reference and creation time', async () => {
    const merchantId = newMerchantId();
    const made: pb.Customer[] = [];
    for (let i = 0; i < 7; i++) {
      const email = i % 2 === 0 ? 'Same@Example.com' : `other${i}@example.com`;
      made.push((await h.client.createCustomer({ merchantId, email, reference: i < 3 ? 'REF-A' : `REF-${i}` })).customer!);
    }
    await h.client.createCustomer({ merchantId: newMerchantId(), email: 'same@example.com', reference: 'REF-A' });
    const ids = async (req: {
      email?: string;
      reference?: string;
      createdAt?: { gte?: Timestamp | undefined; lte?: Timestamp };
      page?: { order: common.SortOrder };
    }) => (await h.client.listCustomers({ merchantId, ...req })).customers.map((c) => c.id);
    const newestFirst = [...made].reverse().map((c) => c.id);
    expect(await ids({})).toEqual(newestFirst);
    expect(await ids({ page: { order: common.SortOrder.CREATED_AT_ASC } })).toEqual(made.map((c) => c.id));
    expect(await ids({ email: 'same@EXAMPLE.com' })).toEqual(newestFirst.filter((_, i) => (6 - i) % 2 === 0));
    expect(await ids({ reference: 'REF-A' })).toEqual([made[2]!.id, made[1]!.id, made[0]!.id]);
    expect(await ids({ reference: 'ref-a' })).toEqual([]);
    expect(await ids({ createdAt: { gte: made[5]!.createdAt } })).toEqual([made[6]!.id, made[5]!.id]);
    const before = timestampFromDate(new Date(timestampDate(made[0]!.createdAt!).getTime() - 1));
    expect(await ids({ createdAt: { lte: before } })).toEqual([]);

    // Keyset pages of two: every customer exactly once.
    const walked: string[] = [];
    let after: pb.Customer | undefined;
    for (let page = 0; page < 10; page++) {
      const res = await h.client.listCustomers({
        merchantId,
        page: { pageSize: 2, ...(after ? { after: { createdAt: after.createdAt, id: after.id } } : {}) },
      });
      walked.push(...res.customers.map((c) => c.id));
      after = res.customers.at(-1);
      if (!res.pageInfo!.hasMore) break;
    }
    expect(walked).toEqual(newestFirst);
    for (const order of [common.SortOrder.AMOUNT_ASC, common.SortOrder.AMOUNT_DESC]) {
      expect(await refusal(h.client.listCustomers({ merchantId, page: { order } }))).toEqual(['invalid_order', 'order']);
    }
  });

  it('are erased once no mandate of theirs is live: personal data blanked, ids and mandates kept, final', async () => {
    const merchantId = newMerchantId();
    const id = (await h.client.createCustomer({ merchantId, scaCompleted: true, email: 'e@example.com', name: 'E', reference: 'R' }))
      .customer!.id;
    const mandate = await seedMandate(h.client, merchantId, { customerId: id });
    expect(await refusal(h.client.eraseCustomer({ merchantId, id }))).toEqual(['customer_has_active_mandates', 'id']);
    await h.client.activateMandate({ merchantId, id: mandate.id });
    await h.client.suspendMandate({ merchantId, id: mandate.id });
    expect(await refusal(h.client.eraseCustomer({ merchantId, id }))).toEqual(['customer_has_active_mandates', 'id']);
    await h.client.cancelMandate({ merchantId, id: mandate.id });

    const erased = (await h.client.eraseCustomer({ merchantId, id })).customer!;
    expect(erased.id).toBe(id);
    expect(details(erased)).toEqual({
      email: undefined,
      name: undefined,
      reference: undefined,
      metadata: {},
      scaCompleted: true,
      erased: true,
    });
    expect((await h.client.eraseCustomer({ merchantId, id })).customer).toEqual(erased);
    expect((await h.client.getCustomer({ merchantId, id })).customer).toEqual(erased);
    expect((await h.client.getMandate({ merchantId, id: mandate.id })).mandate).toMatchObject({
      customerId: id,
      status: pb.MandateStatus.REVOKED,
    });

    expect(await refusal(h.client.updateCustomer({ merchantId, id, name: 'Back' }))).toEqual(['customer_erased', 'id']);
    expect(await refusal(h.client.updateCustomer({ merchantId, id }))).toEqual(['customer_erased', 'id']);
    expect(await refusal(seedMandate(h.client, merchantId, { customerId: id }))).toEqual(['customer_erased', 'customer_id']);
    expect(await refusal(h.client.eraseCustomer({ merchantId: newMerchantId(), id }))).toEqual(['not_found', undefined]);
    expect(await refusal(h.client.eraseCustomer({ merchantId, id: 'CU00000000000000000000000000' }))).toEqual(['not_found', undefined]);
  });
});
