import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@vrp/testing';
import { createApi, type Api } from './support/api.js';
import { errorOf } from './support/fixtures.js';
import { startPlatform, type Platform } from './support/platform.js';
import { comparator, seedMandates, withConcurrency, type SeededMandate } from './support/seed.js';

type Order = '-created_at' | 'created_at' | 'amount_minor' | '-amount_minor';
interface Page {
  results: { id: string; created_at: string; customer_id: string; status: string; limits: { maximum_amount: string } }[];
  next_cursor: string | null;
  previous_cursor: string | null;
  page_size: number;
}
const ORDERS: Order[] = ['-created_at', 'created_at', 'amount_minor', '-amount_minor'];

let platform: Platform;
let api: Api;
let merchantId: string;
let token: string;
let customers: string[];
let seeded: SeededMandate[];

beforeAll(async () => {
  platform = await startPlatform();
  const merchant = await platform.createMerchant();
  merchantId = merchant.id;
  token = merchant.token;
  api = platform.api(merchant.token);
  customers = await Promise.all(
    [1, 2, 3, 4, 5].map(async () => (await platform.mandates.createCustomer({ merchantId, scaCompleted: true })).customer!.id),
  );
  seeded = await seedMandates(platform.mandates, merchantId, customers, 1010);
  // Some revoked mandates so status filters have something to select.
  await withConcurrency(
    seeded.filter((_, i) => i % 10 === 0),
    16,
    async (m) => {
      await platform.mandates.cancelMandate({ merchantId, id: m.id });
      m.status = 'revoked';
    },
  );
}, 120_000);
afterAll(async () => platform?.stop());

const url = (query: Record<string, string>) => `/v1/mandates?${new URLSearchParams(query).toString()}`;

async function page(query: Record<string, string>, as: Api = api): Promise<Page> {
  const res = await as.get<Page>(url(query));
  if (res.status !== 200) throw new Error(`${res.status} ${res.text}`);
  expect(res.body.page_size).toBe(res.body.results.length);
  return res.body;
}

/** Follows next_cursor to the end, then previous_cursor back to the start; returns both id sequences. */
async function walk(query: Record<string, string>, betweenPages: () => Promise<void> = async () => {}, as: Api = api) {
  const forward: Page[] = [await page(query, as)];
  expect(forward[0]!.previous_cursor).toBeNull();
  while (forward.at(-1)!.next_cursor) {
    await betweenPages();
    forward.push(await page({ ...query, cursor: forward.at(-1)!.next_cursor! }, as));
  }
  const backward: Page[] = [forward.at(-1)!];
  while (backward[0]!.previous_cursor) backward.unshift(await page({ ...query, cursor: backward[0]!.previous_cursor! }, as));
  return {
    forward: forward.flatMap((p) => p.results.map((r) => r.id)),
    backward: backward.flatMap((p) => p.results.map((r) => r.id)),
    pages: forward.length,
  };
}

describe('keyset pagination over 1,010 mandates', () => {
  it.each(ORDERS)('walks order %s forward and back, each mandate exactly once, in order', async (order) => {
    const expected = [...seeded].sort(comparator(order)).map((m) => m.id);
    const { forward, backward, pages } = await walk({ order, page_size: '200' });
    expect(pages).toBe(6);
    expect(forward).toEqual(expected);
    expect(backward).toEqual(expected);
  });

  it('walks with small pages and filters', async () => {
    const customer = customers[1]!;
    const from = [...seeded].sort(comparator('created_at'))[100]!.createdAt;
    const expected = seeded
      .filter(
        (m) =>
          m.customerId === customer &&
          m.status === 'pending_sca' &&
          m.createdAt >= from &&
          m.amountMinor >= 1000n &&
          m.amountMinor <= 7000n,
      )
      .sort(comparator('-amount_minor'))
      .map((m) => m.id);
    expect(expected.length).toBeGreaterThan(40);
    const query = {
      order: '-amount_minor',
      page_size: '7',
      customer_id: customer,
      status: 'Pending_SCA',
      'created_at[gte]': from,
      'amount[gte]': '1000',
      'amount[lte]': '7000',
    };
    const { forward, backward } = await walk(query);
    expect(forward).toEqual(expected);
    expect(backward).toEqual(expected);
  });

  it.each(ORDERS)('returns every mandate that existed once while new ones arrive (%s)', async (order) => {
    // A merchant of its own: the mandates added here must not change what the other tests see.
    const other = await platform.createMerchant();
    const otherCustomers = [(await platform.mandates.createCustomer({ merchantId: other.id, scaCompleted: true })).customer!.id];
    const before = new Set((await seedMandates(platform.mandates, other.id, otherCustomers, 250)).map((m) => m.id));
    let n = 0;
    const { forward } = await walk(
      { order, page_size: '50' },
      async () => {
        await seedMandates(platform.mandates, other.id, otherCustomers, 3);
        n += 3;
      },
      platform.api(other.token),
    );
    expect(n).toBeGreaterThan(0);
    expect(new Set(forward).size).toBe(forward.length);
    expect(forward.filter((id) => before.has(id))).toHaveLength(before.size);
  });
});

describe('list query errors', () => {
  it.each([
    [{ page_size: '0' }, 'validation_error', 'page_size'],
    [{ page_size: 'abc' }, 'validation_error', 'page_size'],
    [{ page_size: '-1' }, 'validation_error', 'page_size'],
    [{ page_size: '201' }, 'page_size_too_large', 'page_size'],
    [{ order: 'amount' }, 'invalid_order', 'order'],
    [{ order: 'CREATED_AT' }, 'invalid_order', 'order'],
    [{ limit: '10' }, 'validation_error', 'limit'],
    [{ 'amount[gt]': '10' }, 'validation_error', 'amount[gt]'],
    [{ status: 'paused' }, 'validation_error', 'status'],
    [{ 'created_at[gte]': 'yesterday' }, 'validation_error', 'created_at[gte]'],
    [{ 'created_at[lte]': '2025-13-45T00:00:00Z' }, 'validation_error', 'created_at[lte]'],
    [{ 'amount[lte]': '10.50' }, 'validation_error', 'amount[lte]'],
    [{ cursor: 'not-a-cursor' }, 'invalid_cursor', 'cursor'],
  ])('%o -> 400 %s', async (query, code, param) => {
    expect(errorOf(await api.get(url(query)))).toEqual({ status: 400, code, param });
  });

  it('refuses a repeated parameter', async () => {
    expect(errorOf(await api.get('/v1/mandates?status=active&status=revoked'))).toEqual({
      status: 400,
      code: 'validation_error',
      param: 'status',
    });
  });

  it('refuses tampered cursors and cursors of another query', async () => {
    const first = await page({ status: 'pending_sca', page_size: '5' });
    const cursor = first.next_cursor!;
    const [body, sig] = cursor.split('.') as [string, string];
    const tampered = `${body.slice(0, -2)}${body.endsWith('A') ? 'B' : 'A'}${body.slice(-1)}.${sig}`;
    const invalid = { status: 400, code: 'invalid_cursor', param: 'cursor' };
    expect(errorOf(await api.get(url({ status: 'pending_sca', page_size: '5', cursor: tampered })))).toEqual(invalid);
    expect(errorOf(await api.get(url({ status: 'revoked', page_size: '5', cursor })))).toEqual(invalid);
    expect(errorOf(await api.get(url({ page_size: '5', cursor })))).toEqual(invalid);
    expect(errorOf(await api.get(url({ status: 'pending_sca', order: 'created_at', cursor })))).toEqual(invalid);
    // page_size may change between pages.
    expect((await api.get(url({ status: 'PENDING_SCA', page_size: '9', cursor }))).status).toBe(200);
    // Another merchant cannot use it either.
    const other = platform.api((await platform.createMerchant()).token);
    expect(errorOf(await other.get(url({ status: 'pending_sca', cursor })))).toEqual(invalid);
  });

  it('refuses expired cursors', async () => {
    const shortLived = await platform.startGateway({ CURSOR_TTL: '1ms' });
    const client = createApi(shortLived.url, token);
    const first = await client.get<Page>(url({ page_size: '1' }));
    expect(first.status).toBe(200);
    const res = await waitFor(async () => {
      const r = await client.get(url({ page_size: '1', cursor: first.body.next_cursor! }));
      return r.status === 400 ? r : undefined;
    });
    expect(errorOf(res)).toEqual({ status: 400, code: 'invalid_cursor', param: 'cursor' });
    expect((res.body.error as { message: string }).message).toMatch(/expired/);
  });

  it('refuses cursors signed with another secret', async () => {
    const otherSecret = await platform.startGateway({ CURSOR_SECRET: 'another-secret' });
    const first = await page({ page_size: '1' });
    expect(errorOf(await createApi(otherSecret.url, token).get(url({ page_size: '1', cursor: first.next_cursor! })))).toMatchObject({
      code: 'invalid_cursor',
    });
  });
});
