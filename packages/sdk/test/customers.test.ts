import { afterEach, describe, expect, it, vi } from 'vitest';
import { VrpApiError, VrpClient, type Customer } from '../src/index.js';

// The customer methods generated from the OpenAPI document: each one's method, path, query and
// body on the wire, and the answer it returns. The platform itself is met in the gateway's SDK test.
const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const customer: Customer = {
  id: 'CU01JD3Q4M7P9X2K8V5N6R0T1W2Y',
  email: 'jo@example.com',
  name: 'Jo Bloggs',
  reference: 'ACC-1',
  metadata: {},
  sca_completed: false,
  created_at: '2026-11-27T10:00:00.000Z',
  erased_at: null,
};

interface Sent {
  method: string;
  url: URL;
  body: unknown;
  idempotencyKey: string | null;
}

/** A fetch that records each request and answers `answer`. */
function recording(answer: (sent: Sent) => Response) {
  const sent: Sent[] = [];
  globalThis.fetch = vi.fn((input: string | URL | Request, init?: RequestInit) => {
    const request: Sent = {
      method: init?.method ?? 'GET',
      url: new URL(String(input)),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      idempotencyKey: new Headers(init?.headers).get('idempotency-key'),
    };
    sent.push(request);
    return Promise.resolve(answer(request));
  }) as unknown as typeof fetch;
  return sent;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('customer methods of the SDK', () => {
  it('create, get, list, update and delete with the right method, path, query and body', async () => {
    const sent = recording((r) =>
      json(
        r.method === 'POST' ? 201 : 200,
        r.url.pathname === '/v1/customers' && r.method === 'GET'
          ? { results: [customer], next_cursor: null, previous_cursor: null, page_size: 1 }
          : customer,
      ),
    );
    const vrp = new VrpClient({ baseUrl: 'https://api.example', token: 'vrp_sandbox_x', maxRetries: 0 });
    expect(await vrp.createCustomer({ email: 'jo@example.com', reference: 'ACC-1' }, { idempotencyKey: 'k-1' })).toEqual(customer);
    await vrp.getCustomer('CU 1/2');
    const page = await vrp.listCustomers({ email: 'Jo@Example.com', reference: 'ACC-1', order: 'created_at', page_size: 10 });
    await vrp.updateCustomer(customer.id, { name: null, metadata: { plan: 'gold' } });
    await vrp.deleteCustomer(customer.id);
    expect(page.results).toEqual([customer]);
    expect(sent.map((s) => [s.method, s.url.pathname + s.url.search, s.body, s.idempotencyKey])).toEqual([
      ['POST', '/v1/customers', { email: 'jo@example.com', reference: 'ACC-1' }, 'k-1'],
      ['GET', '/v1/customers/CU%201%2F2', undefined, null],
      ['GET', '/v1/customers?email=Jo%40Example.com&reference=ACC-1&order=created_at&page_size=10', undefined, null],
      ['PATCH', `/v1/customers/${customer.id}`, { name: null, metadata: { plan: 'gold' } }, null],
      ['DELETE', `/v1/customers/${customer.id}`, undefined, null],
    ]);
  });

  it('throws the API’s refusal of an erase as a typed error', async () => {
    recording(() =>
      json(409, {
        error: { type: 'conflict_error', code: 'customer_has_active_mandates', message: 'cancel first', param: 'id', request_id: 'req_1' },
      }),
    );
    const vrp = new VrpClient({ baseUrl: 'https://api.example', token: 'vrp_sandbox_x', maxRetries: 0 });
    const err = await vrp.deleteCustomer(customer.id).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(VrpApiError);
    expect(err).toMatchObject({ status: 409, code: 'customer_has_active_mandates', param: 'id', requestId: 'req_1' });
  });
});
