import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, mandateBody, sandboxCustomer } from './support/fixtures.js';
import { startPlatform, type Platform } from './support/platform.js';
import type { Api } from './support/api.js';

let platform: Platform;
let api: Api;
let customer: string;
beforeAll(async () => {
  platform = await startPlatform();
  api = platform.api((await platform.createMerchant({ payoutCurrency: 'GBP' })).token);
  customer = await sandboxCustomer(api);
});
afterAll(async () => platform?.stop());

describe('mandates', () => {
  it('creates, gets, lists and cancels a mandate', async () => {
    const created = await api.post('/v1/mandates', mandateBody(customer, { maximum_amount: '25.5', metadata: { plan: 'gold', seats: 3 } }));
    expect(created.status).toBe(201);
    const mandate = created.body;
    expect(mandate).toMatchObject({
      customer_id: customer,
      status: 'pending_sca',
      description: 'Gym membership',
      metadata: { plan: 'gold', seats: 3 },
      limits: { maximum_amount: '25.50', currency: 'GBP', frequency: 'monthly' },
      revoked_at: null,
      revoked_by: null,
      suspended_at: null,
    });
    expect(mandate.id).toMatch(/^MD/);

    const fetched = await api.get(`/v1/mandates/${mandate.id}`);
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(mandate);

    const listed = await api.get(`/v1/mandates?customer_id=${customer}&status=PENDING_SCA`);
    expect(listed.status).toBe(200);
    expect(listed.body.results).toContainEqual(mandate);

    const cancelled = await api.post(`/v1/mandates/${mandate.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ id: mandate.id, status: 'revoked', revoked_by: 'merchant' });
    expect(typeof cancelled.body.revoked_at).toBe('string');

    expect(errorOf(await api.post(`/v1/mandates/${mandate.id}/cancel`))).toEqual({ status: 422, code: 'mandate_not_cancellable' });
    const revokedOnly = await api.get(`/v1/mandates?status=revoked`);
    expect((revokedOnly.body.results as { id: string }[]).map((m) => m.id)).toEqual([mandate.id]);
  });

  it('formats amounts with the currency digits (JPY has none)', async () => {
    const m = await platform.createMerchant({ payoutCurrency: 'JPY' });
    const jpy = platform.api(m.token);
    const res = await jpy.post('/v1/mandates', mandateBody(await sandboxCustomer(jpy), { currency: 'JPY', maximum_amount: '1000' }));
    expect(res.status).toBe(201);
    expect(res.body.limits).toEqual({ maximum_amount: '1000', currency: 'JPY', frequency: 'monthly' });
    expect(errorOf(await jpy.post('/v1/mandates', mandateBody(customer, { currency: 'JPY', maximum_amount: '10.5' })))).toEqual({
      status: 400,
      code: 'validation_error',
      param: 'maximum_amount',
    });
  });

  it.each([
    ['an unknown field', { colour: 'red' }, 'colour'],
    ['a missing customer_id', { customer_id: undefined }, 'customer_id'],
    ['a numeric customer_id', { customer_id: 42 }, 'customer_id'],
    ['a JSON number amount', { maximum_amount: 10 }, 'maximum_amount'],
    ['a negative amount', { maximum_amount: '-1.00' }, 'maximum_amount'],
    ['a zero amount', { maximum_amount: '0.00' }, 'maximum_amount'],
    ['an exponent amount', { maximum_amount: '1e3' }, 'maximum_amount'],
    ['too many decimals', { maximum_amount: '1.001' }, 'maximum_amount'],
    ['a missing amount', { maximum_amount: undefined }, 'maximum_amount'],
    ['an unknown currency', { currency: 'XXY' }, 'currency'],
    ['a lowercase currency', { currency: 'gbp' }, 'currency'],
    ['a missing currency', { currency: undefined }, 'currency'],
    ['an unknown frequency', { frequency: 'yearly' }, 'frequency'],
    ['a missing frequency', { frequency: undefined }, 'frequency'],
    ['a long description', { description: 'x'.repeat(1001) }, 'description'],
    ['a numeric description', { description: 5 }, 'description'],
    ['metadata that is not an object', { metadata: 'x' }, 'metadata'],
    ['more than 20 metadata keys', { metadata: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i])) }, 'metadata'],
    ['a metadata key over 40 characters', { metadata: { ['k'.repeat(41)]: 'v' } }, `metadata[${'k'.repeat(41)}]`],
    ['a metadata value over 200 characters', { metadata: { note: 'v'.repeat(201) } }, 'metadata[note]'],
    ['a boolean metadata value', { metadata: { vip: true } }, 'metadata[vip]'],
  ])('refuses %s with 400 validation_error naming the param', async (_name, overrides, param) => {
    const res = await api.post('/v1/mandates', mandateBody(customer, overrides));
    expect(errorOf(res)).toEqual({ status: 400, code: 'validation_error', param });
    expect(res.body.error).toMatchObject({ type: 'invalid_request_error', request_id: res.headers.get('x-request-id') });
  });

  it('accepts the limits exactly', async () => {
    const metadata = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`${i}`.padEnd(40, 'k'), 'v'.repeat(200)]));
    const res = await api.post('/v1/mandates', mandateBody(customer, { description: 'd'.repeat(1000), metadata }));
    expect(res.status).toBe(201);
    expect(res.body.metadata).toEqual(metadata);
  });

  it('answers the business rules with their 422 codes', async () => {
    const noSca = await sandboxCustomer(api, false);
    expect(errorOf(await api.post('/v1/mandates', mandateBody(noSca)))).toMatchObject({ status: 422, code: 'customer_sca_incomplete' });
    expect(errorOf(await api.post('/v1/mandates', mandateBody('CU01NOPE00000000000000000000')))).toMatchObject({
      status: 422,
      code: 'customer_not_found',
    });
    expect(errorOf(await api.post('/v1/mandates', mandateBody(customer, { currency: 'EUR' })))).toMatchObject({
      status: 422,
      code: 'currency_mismatch',
    });
  });

  it("hides other merchants' mandates and customers", async () => {
    const other = platform.api((await platform.createMerchant()).token);
    const mine = await api.post('/v1/mandates', mandateBody(customer));
    expect(errorOf(await other.get(`/v1/mandates/${mine.body.id}`))).toEqual({ status: 404, code: 'not_found' });
    expect(errorOf(await other.post(`/v1/mandates/${mine.body.id}/cancel`))).toEqual({ status: 404, code: 'not_found' });
    expect(errorOf(await other.post('/v1/mandates', mandateBody(customer)))).toMatchObject({ status: 422, code: 'customer_not_found' });
    expect((await other.get('/v1/mandates')).body.results).toEqual([]);
    expect(errorOf(await api.get('/v1/mandates/MD01NOPE00000000000000000000'))).toEqual({ status: 404, code: 'not_found' });
  });

  it('refuses a merchant_id filter other than the caller', async () => {
    const me = await platform.createMerchant();
    const mine = platform.api(me.token);
    expect((await mine.get(`/v1/mandates?merchant_id=${me.id}`)).status).toBe(200);
    expect(errorOf(await mine.get('/v1/mandates?merchant_id=MR01SOMEONEELSE000000000000'))).toEqual({
      status: 403,
      code: 'merchant_mismatch',
      param: 'merchant_id',
    });
  });

  it('refuses a body on cancel', async () => {
    const m = await api.post('/v1/mandates', mandateBody(customer));
    expect(errorOf(await api.post(`/v1/mandates/${m.body.id}/cancel`, { reason: 'x' }))).toEqual({
      status: 400,
      code: 'validation_error',
      param: 'reason',
    });
  });
});

describe('single-resource GET queries', () => {
  it('refuse an expand the resource does not have and any other parameter, naming it', async () => {
    const id = (await api.post('/v1/mandates', mandateBody(customer))).body.id as string;
    expect(errorOf(await api.get(`/v1/mandates/${id}?expand=customer`))).toEqual({ status: 400, code: 'invalid_expand', param: 'expand' });
    expect(errorOf(await api.get(`/v1/mandates/${id}?foo=1`))).toEqual({ status: 400, code: 'validation_error', param: 'foo' });
    expect((await api.get(`/v1/mandates/${id}`)).status).toBe(200);
    expect(errorOf(await api.get(`/v1/mandates?created_at[gte]=2025-02-30`))).toEqual({
      status: 400,
      code: 'validation_error',
      param: 'created_at[gte]',
    });
  });
});
