import { mandate, payment, refund } from '@vrp/contracts';
import { createServiceClient } from '@vrp/grpc';
import { waitFor } from '@vrp/testing';
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

const paymentsOf = async (mandateId: string) =>
  ((await api.get(`/v1/payments?mandate_id=${mandateId}`)).body.results as { id: string }[]).map((p) => p.id);

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
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => apis[i % 2]!.post('/v1/payments', body, { 'idempotency-key': 'race-key' })),
    );
    const created = answers.filter((a) => a.status === 201);
    // Every caller that got an answer got the same payment; the rest were told to retry (409).
    expect(answers.every((a) => a.status === 201 || errorOf(a).code === 'idempotency_key_in_use')).toBe(true);
    expect(new Set(created.map((a) => a.body.id))).toEqual(new Set([created[0]!.body.id]));
    expect(new Set(created.map((a) => a.text)).size).toBe(1);
    expect(await paymentsOf(mandateId)).toEqual([created[0]!.body.id]);
  });

  it('concurrent creates with one key reach the payment service at once (no gateway record), and still make one payment', async () => {
    const mandateId = await activeMandate();
    const payments = createServiceClient(payment.PaymentService, { baseUrl: platform.services.payment!.gatewayEnv.PAYMENT_SERVICE_URL! });
    const create = () =>
      payments
        .createPayment({ merchantId, mandateId, amountMinor: 700n, currency: 'GBP', idempotency: { key: 'direct-key', fingerprint: 'f1' } })
        .then(
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

describe('idempotent mandate creates', () => {
  it('a retry after the gateway lost its record returns the same mandate; concurrent ones make one', async () => {
    const body = mandateBody(await sandboxCustomer(api));
    const first = await api.post('/v1/mandates', body, { 'idempotency-key': 'mandate-once' });
    expect(first.status).toBe(201);
    await forgetGatewayKeys();
    const again = await api.post('/v1/mandates', body, { 'idempotency-key': 'mandate-once' });
    expect(again.body.id).toBe(first.body.id);
    await forgetGatewayKeys();
    expect(errorOf(await api.post('/v1/mandates', { ...body, description: 'other' }, { 'idempotency-key': 'mandate-once' }))).toMatchObject(
      {
        status: 422,
        code: 'idempotency_key_reused',
      },
    );

    const mandates = createServiceClient(mandate.MandateService, { baseUrl: platform.services.mandate!.gatewayEnv.MANDATE_SERVICE_URL! });
    const customerId = body.customer_id as string;
    const create = () =>
      mandates
        .createMandate({
          merchantId,
          merchantPayoutCurrency: 'GBP',
          customerId,
          maximumAmountMinor: 1000n,
          currency: 'GBP',
          frequency: mandate.Frequency.MONTHLY,
          idempotency: { key: 'direct-mandate', fingerprint: 'f' },
        })
        .then((r) => r.mandate!.id);
    const ids = await Promise.all(Array.from({ length: 20 }, create));
    mandates.close();
    expect(new Set(ids).size).toBe(1);
    const listed = (await api.get(`/v1/mandates?customer_id=${customerId}&page_size=200`)).body.results as { id: string }[];
    expect(listed.filter((m) => m.id === ids[0])).toHaveLength(1);
    expect(listed).toHaveLength(2);
  });
});

describe('idempotent refund creates', () => {
  it('a retry after the gateway lost its record returns the same refund, and never refunds twice', async () => {
    const mandateId = await activeMandate();
    const paid = await api.post('/v1/payments', { mandate_id: mandateId, amount: '40.00', currency: 'GBP' });
    await api.post(`/v1/sandbox/payments/${paid.body.id}/settle`);
    await waitFor(async () => (await api.get(`/v1/payments/${paid.body.id}`)).body.status === 'settled');
    const path = `/v1/payments/${paid.body.id}/refunds`;
    const first = await api.post(path, { amount: '10.00' }, { 'idempotency-key': 'refund-once' });
    expect(first.status).toBe(201);
    await forgetGatewayKeys();
    const again = await api.post(path, { amount: '10.00' }, { 'idempotency-key': 'refund-once' });
    expect(again.body.id).toBe(first.body.id);
    await forgetGatewayKeys();
    expect(errorOf(await api.post(path, { amount: '11.00' }, { 'idempotency-key': 'refund-once' }))).toMatchObject({
      status: 422,
      code: 'idempotency_key_reused',
    });

    // Concurrent repeats straight at the refund service: one refund, the others get it or are told to retry.
    const refunds = createServiceClient(refund.RefundService, { baseUrl: platform.services.refund!.gatewayEnv.REFUND_SERVICE_URL! });
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        refunds
          .createRefund({
            merchantId,
            paymentId: paid.body.id as string,
            amountMinor: 500n,
            idempotency: { key: 'direct-refund', fingerprint: 'f' },
          })
          .then(
            (r) => r.refund!.id,
            (err: { code: string }) => err.code,
          ),
      ),
    );
    refunds.close();
    const ids = new Set(outcomes.filter((o) => o.startsWith('RF')));
    expect(ids.size).toBe(1);
    expect(outcomes.every((o) => o.startsWith('RF') || o === 'idempotency_key_in_use')).toBe(true);
    await waitFor(async () => (await api.get(`/v1/payments/${paid.body.id}`)).body.amount_refunded === '15.00', {
      what: 'exactly 10.00 + 5.00 refunded',
    });
    expect(((await api.get(`/v1/refunds?payment_id=${paid.body.id}`)).body.results as unknown[]).length).toBe(2);
  });
});
