import { waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from './support/api.js';
import { errorOf, mandateBody, sandboxCustomer } from './support/fixtures.js';
import { startPlatform, type Platform } from './support/platform.js';
import { withConcurrency } from './support/seed.js';

type Json = Record<string, unknown>;

let platform: Platform;
let api: Api;
beforeAll(async () => {
  platform = await startPlatform();
  api = platform.api((await platform.createMerchant({ payoutCurrency: 'GBP' })).token);
});
afterAll(async () => platform?.stop());

/** An active mandate of the API's merchant. */
async function activeMandate(overrides: Json = {}, client = api): Promise<string> {
  const created = await client.post('/v1/mandates', mandateBody(await sandboxCustomer(client), { frequency: 'adhoc', ...overrides }));
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  expect((await client.post(`/v1/sandbox/mandates/${id}/activate`)).status).toBe(200);
  return id;
}

const create = (body: Json, client = api) => client.post('/v1/payments', body);

async function until(id: string, status: string): Promise<Json> {
  return waitFor(
    async () => {
      const res = await api.get(`/v1/payments/${id}`);
      return res.body.status === status ? res.body : undefined;
    },
    { what: `payment ${id} ${status}` },
  );
}

describe('payments through the API', () => {
  it('creates a submitted payment and walks it to settled through the sandbox bank, with events in order', async () => {
    const mandateId = await activeMandate();
    const res = await create({ mandate_id: mandateId, amount: '12.5', currency: 'GBP', metadata: { order: 'A-1', n: 3 } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^PM/),
      mandate_id: mandateId,
      amount: '12.50',
      currency: 'GBP',
      status: 'submitted',
      clearing_status: 'pending',
      settlement_date: null,
      failure_code: null,
      failure: null,
      retry_count: 0,
      will_attempt_retry: false,
      next_retry_at: null,
      schedule_id: null,
      amount_refunded: '0.00',
      reference: expect.stringMatching(/^PM[0-9A-Z]{16}$/),
      end_to_end_id: res.body.id,
      metadata: { order: 'A-1', n: 3 },
      created_at: expect.any(String),
      timeline: [{ status: 'submitted', at: res.body.created_at }],
    });
    const id = res.body.id as string;
    await waitFor(async () => (await api.get(`/v1/payments/${id}`)).body.clearing_status === 'clearing');
    const dayBefore = new Date().toISOString().slice(0, 10);
    const settle = await api.post(`/v1/sandbox/payments/${id}/settle`);
    expect(settle.status).toBe(202);
    expect(settle.body.id).toBe(id);
    const settled = await until(id, 'settled');
    // The bank settles on its business day: today, or tomorrow if UTC midnight passed meanwhile.
    expect([dayBefore, new Date().toISOString().slice(0, 10)]).toContain(settled.settlement_date);
    expect(settled).toMatchObject({ clearing_status: 'cleared', failure_code: null });
    expect((settled.timeline as Json[]).map((t) => t.status)).toEqual(['submitted', 'settled']);
    const types = await waitFor(async () => {
      const mine = (await platform.stream.events()).filter((e) => e.resource.case === 'payment' && e.resource.value.id === id);
      return mine.length >= 2 ? mine.map((e) => e.eventType) : undefined;
    });
    expect(types).toEqual(['payment.submitted', 'payment.settled']);
    expect(errorOf(await api.post(`/v1/sandbox/payments/${id}/settle`))).toEqual({ status: 422, code: 'invalid_state_transition' });
  });

  it('fails with a failure code, retries up to 3 times, then answers retry_limit_reached', async () => {
    const mandateId = await activeMandate();
    const id = (await create({ mandate_id: mandateId, amount: '5.00', currency: 'GBP' })).body.id as string;
    expect(errorOf(await api.post(`/v1/payments/${id}/retry`))).toEqual({ status: 422, code: 'payment_not_failed' });
    expect(errorOf(await api.post(`/v1/sandbox/payments/${id}/fail`, { failure_code: 'nope' }))).toMatchObject({
      status: 400,
      code: 'validation_error',
      param: 'failure_code',
    });
    for (const attempt of [1, 2, 3]) {
      await waitFor(async () => (await api.get(`/v1/payments/${id}`)).body.clearing_status === 'clearing');
      expect((await api.post(`/v1/sandbox/payments/${id}/fail`, { failure_code: 'insufficient_funds' })).status).toBe(202);
      expect(await until(id, 'failed')).toMatchObject({ failure_code: 'insufficient_funds', clearing_status: 'rejected' });
      const retried = await api.post(`/v1/payments/${id}/retry`);
      expect(retried.status).toBe(200);
      expect(retried.body).toMatchObject({ status: 'submitted', retry_count: attempt, failure_code: null });
    }
    await waitFor(async () => (await api.get(`/v1/payments/${id}`)).body.clearing_status === 'clearing');
    await api.post(`/v1/sandbox/payments/${id}/fail`, { failure_code: 'account_closed' });
    await until(id, 'failed');
    expect(errorOf(await api.post(`/v1/payments/${id}/retry`))).toEqual({ status: 422, code: 'retry_limit_reached' });
  });

  it('answers every documented create error with its status and code', async () => {
    const mandateId = await activeMandate({ maximum_amount: '50.00' });
    const body = { mandate_id: mandateId, amount: '10.00', currency: 'GBP' };
    expect(errorOf(await create({ ...body, amount: 10 }))).toMatchObject({ status: 400, code: 'validation_error', param: 'amount' });
    expect(errorOf(await create({ ...body, amount: '1.001' }))).toMatchObject({ status: 400, code: 'validation_error', param: 'amount' });
    expect(errorOf(await create({ ...body, amount: '0' }))).toMatchObject({ status: 400, code: 'validation_error', param: 'amount' });
    expect(errorOf(await create({ ...body, extra: 1 }))).toMatchObject({ status: 400, code: 'validation_error', param: 'extra' });
    expect(errorOf(await create({ amount: '1.00', currency: 'GBP' }))).toMatchObject({
      status: 400,
      code: 'validation_error',
      param: 'mandate_id',
    });
    expect(errorOf(await create({ ...body, mandate_id: 'MD0000000000000000000000000X' }))).toMatchObject({
      status: 422,
      code: 'mandate_not_found',
    });
    expect(errorOf(await create({ ...body, currency: 'EUR' }))).toMatchObject({ status: 422, code: 'currency_mismatch' });
    expect(errorOf(await create({ ...body, amount: '50.01' }))).toMatchObject({ status: 422, code: 'amount_exceeds_mandate_limit' });
    expect((await create(body)).status).toBe(201);
    expect(errorOf(await create(body))).toMatchObject({ status: 409, code: 'open_payment_exists' });

    const monthly = await activeMandate({ frequency: 'monthly' });
    const first = (await create({ ...body, mandate_id: monthly })).body.id as string;
    await waitFor(async () => (await api.get(`/v1/payments/${first}`)).body.clearing_status === 'clearing');
    await api.post(`/v1/sandbox/payments/${first}/settle`);
    await until(first, 'settled');
    expect(errorOf(await create({ ...body, mandate_id: monthly }))).toMatchObject({ status: 422, code: 'frequency_limit_reached' });

    const cancelled = await activeMandate();
    await api.post(`/v1/mandates/${cancelled}/cancel`);
    expect(errorOf(await create({ ...body, mandate_id: cancelled }))).toMatchObject({ status: 422, code: 'mandate_not_active' });
    const suspended = await activeMandate();
    await api.post(`/v1/sandbox/mandates/${suspended}/suspend`);
    expect(errorOf(await create({ ...body, mandate_id: suspended }))).toMatchObject({ status: 422, code: 'mandate_not_active' });
    const revoked = await activeMandate();
    await api.post(`/v1/sandbox/mandates/${revoked}/revoke`, { by: 'customer' });
    expect(errorOf(await create({ ...body, mandate_id: revoked }))).toMatchObject({ status: 422, code: 'mandate_not_active' });
  });

  it('expands the mandate exactly as GET /v1/mandates/{id} returns it', async () => {
    const mandateId = await activeMandate();
    const id = (await create({ mandate_id: mandateId, amount: '10.00', currency: 'GBP' })).body.id as string;
    // The bank reports clearing asynchronously; compare two reads of the same state.
    await waitFor(async () => (await api.get(`/v1/payments/${id}`)).body.clearing_status === 'clearing');
    const plain = await api.get(`/v1/payments/${id}`);
    const expanded = await api.get(`/v1/payments/${id}?expand=mandate`);
    expect(expanded.status).toBe(200);
    const { mandate, ...rest } = expanded.body;
    expect(rest).toEqual(plain.body);
    expect(JSON.stringify(mandate)).toBe((await api.get(`/v1/mandates/${mandateId}`)).text);
    expect(errorOf(await api.get(`/v1/payments/${id}?expand=customer`))).toMatchObject({ status: 400, code: 'invalid_expand' });
    expect(errorOf(await api.get(`/v1/payments/${id}?foo=1`))).toMatchObject({ status: 400, code: 'validation_error' });
  });

  it('expands the refunds, each as GET /v1/refunds/{id} returns it', async () => {
    const mandateId = await activeMandate();
    const id = (await create({ mandate_id: mandateId, amount: '10.00', currency: 'GBP' })).body.id as string;
    expect((await api.get(`/v1/payments/${id}?expand=refunds`)).body.refunds).toEqual([]);
    await waitFor(async () => (await api.get(`/v1/payments/${id}`)).body.clearing_status === 'clearing');
    await api.post(`/v1/sandbox/payments/${id}/settle`);
    await until(id, 'settled');
    const refund = await api.post(`/v1/payments/${id}/refunds`, { amount: '4.00' });
    expect(refund.status).toBe(201);
    const expanded = await api.get(`/v1/payments/${id}?expand=refunds,mandate`);
    expect(expanded.body.refunds).toEqual([(await api.get(`/v1/refunds/${refund.body.id as string}`)).body]);
    expect(expanded.body.refunds_has_more).toBe(false);
    expect(expanded.body.amount_refunded).toBe('4.00');
    // The refunds are asked for together with the payment: the payment's 404 is still the answer.
    const other = platform.api((await platform.createMerchant({ payoutCurrency: 'GBP' })).token);
    expect(errorOf(await other.get(`/v1/payments/${id}?expand=refunds`))).toEqual({ status: 404, code: 'not_found' });
    expect(errorOf(await api.get('/v1/payments/PM00000000000000000000000000?expand=refunds'))).toEqual({ status: 404, code: 'not_found' });
  });

  it('embeds at most the 100 oldest refunds, says when there are more, and the refund list has them all', async () => {
    const mandateId = await activeMandate({ maximum_amount: '200.00' });
    const id = (await create({ mandate_id: mandateId, amount: '120.00', currency: 'GBP' })).body.id as string;
    await waitFor(async () => (await api.get(`/v1/payments/${id}`)).body.clearing_status === 'clearing');
    await api.post(`/v1/sandbox/payments/${id}/settle`);
    await until(id, 'settled');
    const made = await withConcurrency(Array.from({ length: 101 }), 8, () => api.post(`/v1/payments/${id}/refunds`, { amount: '1.00' }));
    expect(made.every((r) => r.status === 201)).toBe(true);
    const expanded = await api.get(`/v1/payments/${id}?expand=refunds`);
    const embedded = expanded.body.refunds as Json[];
    expect(embedded).toHaveLength(100);
    expect(expanded.body.refunds_has_more).toBe(true);
    expect(expanded.body.amount_refunded).toBe('101.00');
    const firstPage = await api.get(`/v1/refunds?payment_id=${id}&order=created_at&page_size=100`);
    expect(embedded).toEqual(firstPage.body.results);
    const rest = await api.get(
      `/v1/refunds?payment_id=${id}&order=created_at&page_size=100&cursor=${firstPage.body.next_cursor as string}`,
    );
    expect((rest.body.results as Json[]).map((r) => r.id)).toHaveLength(1);
    expect(new Set([...embedded, ...(rest.body.results as Json[])].map((r) => r.id))).toEqual(new Set(made.map((r) => r.body.id)));
  }, 120_000);

  it("answers 404 for another merchant's payment, on every route", async () => {
    const mandateId = await activeMandate();
    const id = (await create({ mandate_id: mandateId, amount: '10.00', currency: 'GBP' })).body.id as string;
    const other = platform.api((await platform.createMerchant({ payoutCurrency: 'GBP' })).token);
    expect(errorOf(await other.get(`/v1/payments/${id}`))).toEqual({ status: 404, code: 'not_found' });
    expect(errorOf(await other.post(`/v1/payments/${id}/retry`))).toEqual({ status: 404, code: 'not_found' });
    expect(errorOf(await other.post(`/v1/sandbox/payments/${id}/settle`))).toEqual({ status: 404, code: 'not_found' });
    expect(errorOf(await create({ mandate_id: mandateId, amount: '1.00', currency: 'GBP' }, other))).toMatchObject({
      status: 422,
      code: 'mandate_not_found',
    });
  });

  it('lists with filters and keyset cursors', async () => {
    const client = platform.api((await platform.createMerchant({ payoutCurrency: 'GBP' })).token);
    const ids: string[] = [];
    for (const amount of ['1.00', '2.00', '3.00']) {
      const mandateId = await activeMandate({}, client);
      ids.push((await create({ mandate_id: mandateId, amount, currency: 'GBP' }, client)).body.id as string);
    }
    const all = await client.get('/v1/payments');
    expect((all.body.results as Json[]).map((p) => p.id)).toEqual([...ids].reverse());
    const page1 = await client.get('/v1/payments?page_size=2&order=amount_minor');
    expect((page1.body.results as Json[]).map((p) => p.amount)).toEqual(['1.00', '2.00']);
    const page2 = await client.get(`/v1/payments?page_size=2&order=amount_minor&cursor=${page1.body.next_cursor as string}`);
    expect((page2.body.results as Json[]).map((p) => p.amount)).toEqual(['3.00']);
    expect(page2.body.next_cursor).toBeNull();
    expect((await client.get('/v1/payments?amount[gte]=200&status=SUBMITTED')).body.results).toHaveLength(2);
    expect((await client.get(`/v1/payments?payment_id=${ids[0]}`)).body.results).toHaveLength(1);
    expect((await client.get('/v1/payments?settlement_date[gte]=2000-01-01')).body.results).toHaveLength(0);
    expect(errorOf(await client.get('/v1/payments?status=open'))).toMatchObject({ status: 400, code: 'validation_error', param: 'status' });
    expect(errorOf(await client.get('/v1/payments?settlement_date[lte]=2025-02-30'))).toMatchObject({
      status: 400,
      code: 'validation_error',
    });
    expect(errorOf(await client.get('/v1/payments?order=amount'))).toMatchObject({ status: 400, code: 'invalid_order' });
  });
});
