import { payment } from '@vrp/contracts';
import { createServiceClient } from '@vrp/grpc';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi, type Api } from './support/api.js';
import { errorOf, mandateBody, sandboxCustomer } from './support/fixtures.js';
import { startPlatform, type Platform } from './support/platform.js';

// Idempotent creates hold even when a gateway loses its own record of the key (it died between
// running the create and storing the answer): the owning service keeps the key with the
// resource, so the retry gets the same resource and never a second one.
let platform: Platform;
let api: Api;
let token: string;
let merchantId: string;
beforeAll(async () => {
  platform = await startPlatform({ overrides: { RATE_LIMIT_RPS: '1000', RATE_LIMIT_BURST: '1000' } });
  ({ id: merchantId, token } = await platform.createMerchant({ payoutCurrency: 'GBP' }));
  api = platform.api(token);
});
afterAll(async () => platform?.stop());

/** An active adhoc mandate of the merchant. */
async function activeMandate(): Promise<string> {
  const mandate = await api.post('/v1/mandates', mandateBody(await sandboxCustomer(api), { maximum_amount: '500.00', frequency: 'adhoc' }));
  await api.post(`/v1/sandbox/mandates/${mandate.body.id}/activate`);
  return mandate.body.id as string;
}

/** What a gateway that died mid-request leaves behind: no record of the key at all. */
async function forgetGatewayKeys(): Promise<void> {
  const client = new pg.Client({ connectionString: platform.db.url });
  await client.connect();
  try {
    await client.query('DELETE FROM gateway.idempotency_keys');
  } finally {
    await client.end();
  }
}

const paymentsOf = async (mandateId: string) => ((await api.get(`/v1/payments?mandate_id=${mandateId}`)).body.results as { id: string }[]).map((p) => p.id);

describe('idempotent payment creates', () => {
  it('a retry after the gateway lost its record returns the same payment; another request under the key is refused', async () => {
    const mandateId = await activeMandate();
    const body = { mandate_id: mandateId, amount: '12.34', currency: 'GBP' };
    const first = await api.post('/v1/payments', body, { 'idempotency-key': 'pay-once' });
    expect(first.status).toBe(201);
    await forgetGatewayKeys();
    const again = await api.post('/v1/payments', body, { 'idempotency-key': 'pay-once' });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(await paymentsOf(mandateId)).toEqual([first.body.id]);

    await forgetGatewayKeys();
    const other = await api.post('/v1/payments', { ...body, amount: '99.00' }, { 'idempotency-key': 'pay-once' });
    expect(errorOf(other)).toMatchObject({ status: 422, code: 'idempotency_key_reused' });
  });

  it('50 concurrent creates with one key, split across two gateways, make exactly one payment', async () => {
    const mandateId = await activeMandate();
    const second = await platform.startGateway({});
    const apis = [api, createApi(second.url, token)];
    const body = { mandate_id: mandateId, amount: '5.00', currency: 'GBP' };
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => apis[i % 2]!.post('/v1/payments', body, { 'idempotency-key': 'race-key' })));
    const created = answers.filter((a) => a.status === 201);
    // Every caller that got an answer got the same payment; the rest were told to retry (409).
    expect(answers.every((a) => a.status === 201 || errorOf(a).code === 'idempotency_key_in_use')).toBe(true);
    expect(new Set(created.map((a) => a.body.id))).toEqual(new Set([created[0]!.body.id]));
    expect(new Set(created.map((a) => a.text)).size).toBe(1);
    expect(await paymentsOf(mandateId)).toEqual([created[0]!.body.id]);
  });

  it('concurrent creates with one key reach the payment service at once (no gateway record), and still make one payment', async () => {
    const mandateId = await activeMandate();
    const body = { mandate_id: mandateId, amount: '7.00', currency: 'GBP' };
    const payments = createServiceClient(payment.PaymentService, { baseUrl: platform.services.payment!.gatewayEnv.PAYMENT_SERVICE_URL! });
    const create = () =>
      payments.createPayment({ merchantId, mandateId, amountMinor: 700n, currency: 'GBP', idempotency: { key: 'direct-key', fingerprint: 'f1' } }).then(
        (r) => r.payment!.id,
        (err: { code: string }) => err.code,
      );
    const calls = await Promise.all(Array.from({ length: 20 }, create));
    payments.close();
    expect(new Set(calls).size).toBe(1);
    expect(calls[0]).toMatch(/^PM/);
    expect(await paymentsOf(mandateId)).toEqual([calls[0]]);
  });
});
