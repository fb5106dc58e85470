import { VrpApiError, VrpClient } from '@vrp/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform, type Platform } from './support/platform.js';

// The published client against the running platform: generated methods, idempotency keys,
// auto-pagination, typed errors, and retries that honour Retry-After.
let platform: Platform;
let token: string;
const calls: { method: string; path: string; key: string | null; status: number }[] = [];
const countingFetch: typeof fetch = async (input, init) => {
  const res = await fetch(input, init);
  const url = new URL(String(input));
  calls.push({
    method: init?.method ?? 'GET',
    path: url.pathname,
    key: new Headers(init?.headers).get('idempotency-key'),
    status: res.status,
  });
  return res;
};
const waits: number[] = [];

beforeAll(async () => {
  platform = await startPlatform();
  token = (await platform.createMerchant({ payoutCurrency: 'GBP' })).token;
});
afterAll(async () => platform?.stop());

const client = (url = platform.url, options: { maxRetries?: number; token?: string } = {}) =>
  new VrpClient({
    baseUrl: url,
    token,
    fetch: countingFetch,
    sleep: async (ms) => {
      waits.push(ms);
      await new Promise((r) => setTimeout(r, ms));
    },
    ...options,
  });

describe('@vrp/sdk against the platform', () => {
  it('creates, reads and lists through typed methods, every page by itself', async () => {
    const vrp = client();
    const customer = await vrp.sandboxCreateCustomer({ sca_completed: true });
    const created = [];
    for (let i = 0; i < 7; i++) {
      created.push(
        await vrp.createMandate({ customer_id: customer.id, maximum_amount: `${10 + i}.00`, currency: 'GBP', frequency: 'adhoc' }),
      );
    }
    await vrp.sandboxActivateMandate(created[0]!.id);
    const payment = await vrp.createPayment({
      mandate_id: created[0]!.id,
      amount: '9.99',
      currency: 'GBP',
      metadata: { invoice: 'INV-1' },
    });
    expect(payment).toMatchObject({ status: 'submitted', amount: '9.99', metadata: { invoice: 'INV-1' } });
    expect((await vrp.getMandate(created[0]!.id)).status).toBe('active');

    const listed = [];
    for await (const m of vrp.paginate(vrp.listMandates, { page_size: '3', order: 'created_at' })) listed.push(m.id);
    expect(listed).toEqual(created.map((m) => m.id));
    expect(calls.filter((c) => c.path === '/v1/mandates' && c.method === 'GET')).toHaveLength(3);
  });

  it('creates, finds, updates and erases customers, and meets the API’s refusals as typed errors', async () => {
    const vrp = client();
    const jo = await vrp.createCustomer({ email: 'jo@example.com', name: 'Jo', reference: 'SDK-1', metadata: { plan: 'gold' } });
    expect(jo).toMatchObject({ email: 'jo@example.com', name: 'Jo', reference: 'SDK-1', sca_completed: false, erased_at: null });
    expect(await vrp.getCustomer(jo.id)).toEqual(jo);
    const found = [];
    for await (const c of vrp.paginate(vrp.listCustomers, { email: 'JO@example.com', page_size: '1' })) found.push(c.id);
    expect(found).toEqual([jo.id]);
    expect(await vrp.updateCustomer(jo.id, { name: null, metadata: { plan: 'silver' } })).toEqual({
      ...jo,
      name: null,
      metadata: { plan: 'silver' },
    });

    const payer = await vrp.sandboxCreateCustomer({ sca_completed: true });
    const mandate = await vrp.createMandate({ customer_id: payer.id, maximum_amount: '10.00', currency: 'GBP', frequency: 'adhoc' });
    await expect(vrp.deleteCustomer(payer.id)).rejects.toMatchObject({ status: 409, code: 'customer_has_active_mandates' });
    await vrp.cancelMandate(mandate.id);
    const erased = await vrp.deleteCustomer(payer.id);
    expect(erased).toMatchObject({ id: payer.id, email: null, erased_at: expect.any(String) });
    await expect(vrp.updateCustomer(payer.id, { name: 'Back' })).rejects.toMatchObject({ status: 422, code: 'customer_erased' });
  });

  it('throws typed errors with the code, the param and every field problem', async () => {
    const vrp = client();
    const invalid = await vrp
      .createMandate({ customer_id: '', maximum_amount: 'ten', currency: 'GBP', frequency: 'adhoc' })
      .catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(VrpApiError);
    expect(invalid).toMatchObject({ status: 400, code: 'validation_error', param: 'customer_id' });
    expect((invalid as VrpApiError).details.map((d) => d.param)).toEqual(['customer_id', 'maximum_amount']);
    expect((invalid as VrpApiError).requestId).toMatch(/^req_/);
    await expect(vrp.getMandate('MD01JD3Q4M7P9X2K8V5N6R0T1W2Y')).rejects.toMatchObject({ status: 404, code: 'not_found' });
  });

  it('sends one idempotency key per call, replayed by the API when the caller repeats it', async () => {
    const vrp = client();
    const customer = await vrp.sandboxCreateCustomer({ sca_completed: true });
    const body = { customer_id: customer.id, maximum_amount: '20.00', currency: 'GBP', frequency: 'monthly' as const };
    const first = await vrp.createMandate(body, { idempotencyKey: 'order-42' });
    const again = await vrp.createMandate(body, { idempotencyKey: 'order-42' });
    expect(again.id).toBe(first.id);
    const fresh = await vrp.createMandate(body);
    expect(fresh.id).not.toBe(first.id);
    const keys = calls.filter((c) => c.method === 'POST' && c.path === '/v1/mandates').map((c) => c.key);
    expect(keys.every((k) => k && k.length > 0)).toBe(true);
  });

  it('retries a 429 after the Retry-After the API sent, with the same idempotency key, and succeeds', async () => {
    // A gateway allowing one request per second: the second call in a row is refused with Retry-After.
    const slow = await platform.startGateway({ RATE_LIMIT_RPS: '1', RATE_LIMIT_BURST: '1' });
    const vrp = client(slow.url);
    waits.length = 0;
    const before = calls.length;
    const customer = await vrp.sandboxCreateCustomer({ sca_completed: true });
    const mandate = await vrp.createMandate({ customer_id: customer.id, maximum_amount: '5.00', currency: 'GBP', frequency: 'adhoc' });
    expect(mandate.status).toBe('pending_sca');
    const mine = calls.slice(before).filter((c) => c.path === '/v1/mandates');
    expect(mine.map((c) => c.status)).toContain(429);
    expect(mine.at(-1)!.status).toBe(201);
    expect(new Set(mine.map((c) => c.key)).size).toBe(1);
    expect(waits.length).toBeGreaterThan(0);
    expect(waits.every((ms) => ms >= 1000)).toBe(true);
  });

  it('gives up after maxRetries and throws the last error', async () => {
    const slow = await platform.startGateway({ RATE_LIMIT_RPS: '1', RATE_LIMIT_BURST: '1' });
    // A merchant of its own: every gateway on the database shares a merchant's bucket, and the test before spent this one's.
    const { token: fresh } = await platform.createMerchant({ payoutCurrency: 'GBP' });
    const vrp = client(slow.url, { maxRetries: 0, token: fresh });
    await vrp.sandboxCreateCustomer({ sca_completed: true });
    await expect(vrp.sandboxCreateCustomer({ sca_completed: true })).rejects.toMatchObject({ status: 429, code: 'rate_limited' });
  });
});
