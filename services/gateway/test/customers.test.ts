import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from './support/api.js';
import { errorOf, mandateBody } from './support/fixtures.js';
import { startPlatform, type Platform } from './support/platform.js';

// Customers as a public resource, through the whole platform: create, read, list, update and erase.
let platform: Platform;
let api: Api;
beforeAll(async () => {
  platform = await startPlatform();
  api = platform.api((await platform.createMerchant()).token);
});
afterAll(async () => platform?.stop());

type Json = Record<string, unknown>;
const create = async (a: Api, body: Json = {}) => {
  const res = await a.post('/v1/customers', body);
  expect(res.status, res.text).toBe(201);
  return res.body;
};
/** A customer whose SCA is done, who can be given mandates. */
const withSca = async (a: Api) => (await a.post('/v1/sandbox/customers', { sca_completed: true })).body.id as string;
const ids = (res: { body: Json }) => (res.body.results as Json[]).map((c) => c.id);

describe('POST /v1/customers', () => {
  it('creates a customer with the details given, absent ones null, who has not completed SCA', async () => {
    const full = await create(api, {
      email: 'Jo@Example.com',
      name: 'Jo Bloggs',
      reference: 'ACC-1',
      metadata: { plan: 'gold', seats: 2 },
    });
    expect(full).toEqual({
      id: expect.stringMatching(/^CU/),
      email: 'Jo@Example.com',
      name: 'Jo Bloggs',
      reference: 'ACC-1',
      metadata: { plan: 'gold', seats: 2 },
      sca_completed: false,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      erased_at: null,
    });
    expect(await create(api)).toMatchObject({
      email: null,
      name: null,
      reference: null,
      metadata: {},
      sca_completed: false,
      erased_at: null,
    });
    // No mandate until they authenticate at their bank.
    expect(errorOf(await api.post('/v1/mandates', mandateBody(full.id as string)))).toEqual({
      status: 422,
      code: 'customer_sca_incomplete',
      param: 'customer_id',
    });
  });

  it('replays a repeated Idempotency-Key and refuses it for another body', async () => {
    const headers = { 'Idempotency-Key': 'customer-create-1' };
    const first = await api.post('/v1/customers', { email: 'idem@example.com' }, headers);
    const again = await api.post('/v1/customers', { email: 'idem@example.com' }, headers);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(ids(await api.get('/v1/customers?email=idem@example.com'))).toEqual([first.body.id]);
    expect(errorOf(await api.post('/v1/customers', { email: 'other@example.com' }, headers))).toEqual({
      status: 422,
      code: 'idempotency_key_reused',
      param: 'Idempotency-Key',
    });
  });

  it('refuses malformed details, naming each', async () => {
    const res = await api.post('/v1/customers', {
      email: 'not-an-email',
      name: 42,
      reference: 'r'.repeat(65),
      metadata: { plan: { nested: true } },
      sca_completed: true,
    });
    expect(errorOf(res)).toEqual({ status: 400, code: 'validation_error', param: 'email' });
    expect((res.body.error as { details: { param: string }[] }).details.map((d) => d.param)).toEqual([
      'email',
      'name',
      'reference',
      'metadata[plan]',
      'sca_completed',
    ]);
    expect(errorOf(await api.post('/v1/customers', { name: '' }))).toEqual({ status: 400, code: 'validation_error', param: 'name' });
    expect(errorOf(await api.post('/v1/customers', { email: null }))).toEqual({ status: 400, code: 'validation_error', param: 'email' });
  });
});

describe('GET /v1/customers', () => {
  it('lists newest first or oldest first, filtered by email (any case), reference and creation time, page by page', async () => {
    const mine = platform.api((await platform.createMerchant()).token);
    const made: Json[] = [];
    for (let i = 0; i < 5; i++)
      made.push(await create(mine, { email: i % 2 ? `c${i}@example.com` : 'Shared@Example.com', reference: `R-${i % 3}` }));
    await create(api, { email: 'shared@example.com', reference: 'R-0' }); // another merchant's
    const newest = [...made].reverse().map((c) => c.id);
    expect(ids(await mine.get('/v1/customers'))).toEqual(newest);
    expect(ids(await mine.get('/v1/customers?order=created_at'))).toEqual(made.map((c) => c.id));
    expect(ids(await mine.get('/v1/customers?email=SHARED@example.com'))).toEqual([made[4]!.id, made[2]!.id, made[0]!.id]);
    expect(ids(await mine.get('/v1/customers?reference=R-0'))).toEqual([made[3]!.id, made[0]!.id]);
    expect(ids(await mine.get('/v1/customers?reference=r-0'))).toEqual([]);
    const since = encodeURIComponent(made[3]!.created_at as string);
    expect(ids(await mine.get(`/v1/customers?created_at[gte]=${since}`))).toEqual([made[4]!.id, made[3]!.id]);

    const first = await mine.get('/v1/customers?page_size=2');
    expect(first.body).toMatchObject({ page_size: 2, previous_cursor: null });
    const second = await mine.get(`/v1/customers?page_size=2&cursor=${first.body.next_cursor as string}`);
    const third = await mine.get(`/v1/customers?page_size=2&cursor=${second.body.next_cursor as string}`);
    expect([...ids(first), ...ids(second), ...ids(third)]).toEqual(newest);
    expect(third.body.next_cursor).toBeNull();
    // A cursor belongs to its filters and its list.
    expect(errorOf(await mine.get(`/v1/customers?page_size=2&reference=R-0&cursor=${first.body.next_cursor as string}`))).toEqual({
      status: 400,
      code: 'invalid_cursor',
      param: 'cursor',
    });
    expect(errorOf(await mine.get(`/v1/mandates?cursor=${first.body.next_cursor as string}`))).toMatchObject({ code: 'invalid_cursor' });
  });

  it('keeps to the list rules: no amount orders, strict parameters, the caller’s merchant only', async () => {
    for (const [query, code, param] of [
      ['order=amount_minor', 'invalid_order', 'order'],
      ['order=-amount_minor', 'invalid_order', 'order'],
      ['amount[gte]=1', 'validation_error', 'amount[gte]'],
      ['status=active', 'validation_error', 'status'],
      ['email=nobody', 'validation_error', 'email'],
      ['email=', 'validation_error', 'email'],
      [`reference=${'r'.repeat(65)}`, 'validation_error', 'reference'],
      ['reference=a%00b', 'validation_error', 'reference'],
      ['reference=a&reference=b', 'validation_error', 'reference'],
      ['page_size=201', 'page_size_too_large', 'page_size'],
      ['created_at[gte]=yesterday', 'validation_error', 'created_at[gte]'],
    ] as const) {
      expect(errorOf(await api.get(`/v1/customers?${query}`)), query).toEqual({ status: 400, code, param });
    }
    expect(errorOf(await api.get('/v1/customers?merchant_id=MR01SOMEONEELSE0000000000000'))).toEqual({
      status: 403,
      code: 'merchant_mismatch',
      param: 'merchant_id',
    });
  });
});

describe('GET and PATCH /v1/customers/{id}', () => {
  it('reads the merchant’s own customer only', async () => {
    const c = await create(api, { name: 'Own' });
    expect((await api.get(`/v1/customers/${c.id as string}`)).body).toEqual(c);
    const other = platform.api((await platform.createMerchant()).token);
    expect(errorOf(await other.get(`/v1/customers/${c.id as string}`))).toEqual({ status: 404, code: 'not_found' });
    expect(errorOf(await api.get('/v1/customers/CU%00x'))).toEqual({ status: 404, code: 'not_found' });
    expect(errorOf(await api.get(`/v1/customers/${c.id as string}?expand=mandates`))).toMatchObject({
      status: 400,
      code: 'invalid_expand',
    });
  });

  it('changes only the fields sent; null clears one, metadata is replaced whole', async () => {
    const c = await create(api, { email: 'a@example.com', name: 'A', reference: 'R', metadata: { a: 1, b: 2 } });
    const path = `/v1/customers/${c.id as string}`;
    const renamed = await api.patch(path, { name: 'Alex' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ ...c, name: 'Alex' });
    const cleared = await api.patch(path, { email: null, reference: null, metadata: { c: 'x' } });
    expect(cleared.body).toEqual({ ...c, name: 'Alex', email: null, reference: null, metadata: { c: 'x' } });
    expect((await api.patch(path, { metadata: null })).body.metadata).toEqual({});
    expect((await api.patch(path, {})).body).toEqual({ ...cleared.body, metadata: {} });
    expect(errorOf(await api.patch(path, { email: 'nope' }))).toEqual({ status: 400, code: 'validation_error', param: 'email' });
    expect(errorOf(await api.patch(path, { sca_completed: true }))).toEqual({
      status: 400,
      code: 'validation_error',
      param: 'sca_completed',
    });
    expect(errorOf(await api.patch('/v1/customers/CU01JD3Q4M7P9X2K8V5N6R0T1W2Y', { name: 'x' }))).toEqual({
      status: 404,
      code: 'not_found',
    });
  });
});

describe('DELETE /v1/customers/{id}', () => {
  it('erases personal data once no mandate is live, keeps ids and money records, and is final', async () => {
    const id = await withSca(api);
    await api.patch(`/v1/customers/${id}`, { email: 'gone@example.com', name: 'Gone', reference: 'G-1', metadata: { k: 'v' } });
    const mandate = (await api.post('/v1/mandates', mandateBody(id, { frequency: 'adhoc' }))).body.id as string;
    await api.post(`/v1/sandbox/mandates/${mandate}/activate`);
    const payment = await api.post('/v1/payments', { mandate_id: mandate, amount: '5.00', currency: 'GBP' });
    expect(payment.status, payment.text).toBe(201);
    expect(errorOf(await api.delete(`/v1/customers/${id}`))).toEqual({ status: 409, code: 'customer_has_active_mandates', param: 'id' });
    await api.post(`/v1/sandbox/mandates/${mandate}/suspend`);
    expect(errorOf(await api.delete(`/v1/customers/${id}`))).toMatchObject({ status: 409, code: 'customer_has_active_mandates' });
    await api.post(`/v1/mandates/${mandate}/cancel`);

    const erased = await api.delete(`/v1/customers/${id}`);
    expect(erased.status).toBe(200);
    expect(erased.body).toEqual({
      id,
      email: null,
      name: null,
      reference: null,
      metadata: {},
      sca_completed: true,
      created_at: expect.any(String),
      erased_at: expect.stringMatching(/Z$/),
    });
    expect((await api.delete(`/v1/customers/${id}`)).body).toEqual(erased.body);
    expect((await api.get(`/v1/customers/${id}`)).body).toEqual(erased.body);
    expect(ids(await api.get(`/v1/customers?email=gone@example.com`))).toEqual([]);
    // Ids and money records stay: the mandate still names the customer, the payment is there.
    expect(ids(await api.get(`/v1/mandates?customer_id=${id}`))).toEqual([mandate]);
    expect((await api.get(`/v1/mandates/${mandate}`)).body).toMatchObject({ customer_id: id, status: 'revoked' });
    expect((await api.get(`/v1/payments/${payment.body.id as string}`)).status).toBe(200);

    expect(errorOf(await api.patch(`/v1/customers/${id}`, { name: 'Back' }))).toEqual({
      status: 422,
      code: 'customer_erased',
      param: 'id',
    });
    expect(errorOf(await api.post('/v1/mandates', mandateBody(id)))).toEqual({
      status: 422,
      code: 'customer_erased',
      param: 'customer_id',
    });
    const other = platform.api((await platform.createMerchant()).token);
    expect(errorOf(await other.delete(`/v1/customers/${id}`))).toEqual({ status: 404, code: 'not_found' });
  });

  it('never leaves a live mandate of an erased customer when an erase races a mandate create', async () => {
    const outcomes: string[] = [];
    for (let i = 0; i < 12; i++) {
      const id = await withSca(api);
      const [erase, create] = await Promise.all([api.delete(`/v1/customers/${id}`), api.post('/v1/mandates', mandateBody(id))]);
      const outcome = `${erase.status} ${erase.status === 200 ? '' : errorOf(erase).code} / ${create.status} ${create.status === 201 ? '' : errorOf(create).code}`;
      expect(['200  / 422 customer_erased', '409 customer_has_active_mandates / 201 ']).toContain(outcome);
      outcomes.push(outcome);
      const live = ids(await api.get(`/v1/mandates?customer_id=${id}&status=pending_sca,active,suspended`));
      const customer = (await api.get(`/v1/customers/${id}`)).body;
      expect(customer.erased_at === null || live.length === 0, `${id}: erased with live mandates ${live.join(',')}`).toBe(true);
    }
    expect(outcomes).toHaveLength(12);
  });
});
