import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@vrp/testing';
import type { Api } from './support/api.js';
import { errorOf } from './support/fixtures.js';
import { startPlatform, type Platform } from './support/platform.js';

// Mandate requests through the whole platform, the model bank and the bank connector included:
// created through the API, decided at the model bank through its real pages (the sandbox routes
// walk them), recorded, and announced.
let platform: Platform;
let api: Api;
let merchantId: string;
beforeAll(async () => {
  platform = await startPlatform();
  const merchant = await platform.createMerchant({ name: 'Acme Gym' });
  merchantId = merchant.id;
  api = platform.api(merchant.token);
}, 60_000);
afterAll(async () => platform?.stop(), 60_000);

type Json = Record<string, unknown>;
const body = (over: Json = {}): Json => ({
  customer: { email: 'jo@example.com', name: 'Jo Bloggs' },
  maximum_amount: '50',
  currency: 'GBP',
  frequency: 'monthly',
  description: 'Gym membership',
  redirect_uri: 'https://merchant.example/done',
  ...over,
});
const newRequest = async (over: Json = {}) => {
  const res = await api.post('/v1/mandate-requests', body(over));
  expect(res.status, res.text).toBe(201);
  return res.body;
};
const eventTypesOf = async (id: string) =>
  (await platform.stream.events()).filter((e) => e.merchantId === merchantId && e.resource.value?.id === id).map((e) => e.eventType);

describe('mandate requests', { timeout: 60_000 }, () => {
  it('are created awaiting authorisation with the bank’s link, and validated as docs/api.md says', async () => {
    const r = await newRequest();
    expect(r).toMatchObject({
      id: expect.stringMatching(/^MQ/),
      status: 'awaiting_authorisation',
      authorisation_url: expect.stringMatching(/\/v1\/bank\/authorise\//),
      redirect_uri: 'https://merchant.example/done',
      customer_id: expect.stringMatching(/^CU/),
      mandate_id: null,
      limits: { maximum_amount: '50.00', currency: 'GBP', frequency: 'monthly' },
    });
    expect(Date.parse(r.expires_at as string) - Date.parse(r.created_at as string)).toBe(30 * 60 * 1000);
    expect((await api.get(`/v1/mandate-requests/${r.id}`)).body).toEqual(r);
    const listed = await api.get(`/v1/mandate-requests?status=awaiting_authorisation&customer_id=${r.customer_id}`);
    expect((listed.body.results as Json[]).map((x) => x.id)).toEqual([r.id]);

    const refused = async (over: Json) => errorOf(await api.post('/v1/mandate-requests', body(over)));
    expect(await refused({ redirect_uri: 'http://merchant.example/done' })).toMatchObject({
      status: 400,
      code: 'validation_error',
      param: 'redirect_uri',
    });
    expect(await refused({ redirect_uri: 'not a url' })).toMatchObject({ status: 400, param: 'redirect_uri' });
    expect((await api.post('/v1/mandate-requests', body({ redirect_uri: 'http://127.0.0.1:9/done' }))).status).toBe(201);
    expect(await refused({ expires_in: 30 })).toMatchObject({ status: 400, code: 'validation_error', param: 'expires_in' });
    expect(await refused({ customer_id: 'CU0NOBODY' })).toMatchObject({ status: 400, code: 'validation_error', param: 'customer_id' });
    expect(await refused({ customer: undefined, customer_id: 'CU0NOBODY' })).toMatchObject({ status: 422, code: 'customer_not_found' });
    expect(await refused({ currency: 'EUR' })).toMatchObject({ status: 422, code: 'currency_mismatch' });
    expect(errorOf(await api.get('/v1/mandate-requests/MQ0NOPE'))).toMatchObject({ status: 404, code: 'not_found' });
    expect(errorOf(await api.get('/v1/mandate-requests?status=pending'))).toMatchObject({ status: 400, code: 'validation_error' });
  });

  it('approved at the model bank: the customer’s SCA done, the mandate created and active, each event once', async () => {
    const r = await newRequest();
    const approved = await api.post(`/v1/sandbox/mandate-requests/${r.id}/approve`);
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body).toMatchObject({ status: 'authorised', mandate_id: expect.stringMatching(/^MD/) });
    const mandateId = approved.body.mandate_id as string;
    expect((await api.get(`/v1/mandates/${mandateId}`)).body).toMatchObject({
      status: 'active',
      customer_id: r.customer_id,
      mandate_request_id: r.id,
      limits: { maximum_amount: '50.00', currency: 'GBP', frequency: 'monthly' },
    });
    expect((await api.get(`/v1/customers/${r.customer_id}`)).body).toMatchObject({ sca_completed: true });
    await waitFor(async () => (await eventTypesOf(mandateId)).length === 2 && (await eventTypesOf(r.id as string)).length === 1);
    expect(await eventTypesOf(mandateId)).toEqual(['mandate.created', 'mandate.activated']);
    expect(await eventTypesOf(r.id as string)).toEqual(['mandate_request.authorised']);
    // The journey has ended: neither the customer nor the merchant can change it now.
    expect(errorOf(await api.post(`/v1/sandbox/mandate-requests/${r.id}/decline`))).toMatchObject({
      status: 422,
      code: 'invalid_state_transition',
    });
    expect(errorOf(await api.post(`/v1/mandate-requests/${r.id}/cancel`))).toMatchObject({ status: 422, code: 'invalid_state_transition' });
  });

  it('declined, expired or cancelled: no mandate, and the customer’s link ends with that outcome', async () => {
    const declined = await newRequest();
    expect((await api.post(`/v1/sandbox/mandate-requests/${declined.id}/decline`)).body).toMatchObject({
      status: 'declined',
      mandate_id: null,
    });

    const expired = await newRequest();
    expect((await api.post(`/v1/sandbox/mandate-requests/${expired.id}/expire`)).body).toMatchObject({
      status: 'expired',
      mandate_id: null,
    });
    const link = await fetch(expired.authorisation_url as string, { redirect: 'manual' });
    expect(link.status).toBe(303);
    expect(link.headers.get('location')).toBe(`https://merchant.example/done?mandate_request_id=${expired.id}&outcome=expired`);

    const cancelled = await newRequest();
    expect((await api.post(`/v1/mandate-requests/${cancelled.id}/cancel`)).body).toMatchObject({ status: 'cancelled' });
    expect((await api.post(`/v1/mandate-requests/${cancelled.id}/cancel`)).body).toMatchObject({ status: 'cancelled' });
    const cancelledLink = await fetch(cancelled.authorisation_url as string, { redirect: 'manual' });
    expect(cancelledLink.headers.get('location')).toContain('outcome=expired');
    expect(errorOf(await api.post(`/v1/sandbox/mandate-requests/${cancelled.id}/approve`))).toMatchObject({ status: 422 });

    await waitFor(
      async () => (await eventTypesOf(declined.id as string)).length === 1 && (await eventTypesOf(expired.id as string)).length === 1,
    );
    expect(await eventTypesOf(declined.id as string)).toEqual(['mandate_request.declined']);
    expect(await eventTypesOf(expired.id as string)).toEqual(['mandate_request.expired']);
    expect(await eventTypesOf(cancelled.id as string)).toEqual([]);
  });

  it('refuse a bank redirect whose state is not theirs with a clear error, and take no code from it', async () => {
    const res = await fetch(`${platform.url}/v1/bank/callback?code=forged&state=not-ours`, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('validation_error');
  });

  it('forward the bank\u2019s event notifications to the connector, which refuses one not signed by the bank', async () => {
    const post = (body: string) =>
      fetch(`${platform.url}/v1/bank/event-notifications`, {
        method: 'POST',
        headers: { 'content-type': 'application/jwt', 'x-fapi-interaction-id': 'f0e1d2c3-0000-4000-8000-000000000001' },
        body,
      });
    const forged = await post('eyJhbGciOiJub25lIn0.eyJpc3MiOiJtZSJ9.');
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { error: { code: string } }).error.code).toBe('validation_error');
    const empty = await post('');
    expect(empty.status).toBe(400);
  });
});
