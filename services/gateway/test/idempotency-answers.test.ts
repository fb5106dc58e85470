import { refund } from '@vrp/contracts';
import { ApiError } from '@vrp/errors';
import { createServiceClient } from '@vrp/grpc';
import { waitFor } from '@vrp/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi, type Api } from './support/api.js';
import { errorOf, mandateBody, sandboxCustomer } from './support/fixtures.js';
import { startPlatform, type Platform } from './support/platform.js';

// What an Idempotency-Key keeps: only final answers, and never a secret in plaintext.
let platform: Platform;
let api: Api;
let merchantId: string;
let token: string;
let sql: pg.Client;

beforeAll(async () => {
  platform = await startPlatform();
  ({ id: merchantId, token } = await platform.createMerchant());
  api = platform.api(token);
  sql = new pg.Client({ connectionString: platform.db.url });
  await sql.connect();
});
afterAll(async () => {
  await sql?.end();
  await platform?.stop();
});

async function storedAnswer(key: string): Promise<{ response_status: number; response_body: string } | undefined> {
  const { rows } = await sql.query<{ response_status: number; response_body: string }>(
    'SELECT response_status, response_body FROM gateway.idempotency_keys WHERE merchant_id = $1 AND key = $2',
    [merchantId, key],
  );
  return rows[0];
}

/** A settled payment of 50.00 under a fresh active mandate. */
async function settledPayment(): Promise<string> {
  const mandate = await api.post('/v1/mandates', mandateBody(await sandboxCustomer(api), { frequency: 'adhoc' }));
  await api.post(`/v1/sandbox/mandates/${mandate.body.id as string}/activate`);
  const payment = await api.post('/v1/payments', { mandate_id: mandate.body.id, amount: '50.00', currency: 'GBP' });
  const id = payment.body.id as string;
  await api.post(`/v1/sandbox/payments/${id}/settle`);
  await waitFor(async () => (await api.get(`/v1/payments/${id}`)).body.status === 'settled' || null, { what: 'the payment settled' });
  return id;
}

describe('answers that are not final', () => {
  it('a downstream 409 idempotency_key_in_use and a 429 are not kept: the retry with the same key refunds, once', async () => {
    const paymentId = await settledPayment();
    // The real refund service behind a client that first answers as a busy service and a limited one would.
    const real = createServiceClient(refund.RefundService, { baseUrl: platform.services.refund!.gatewayEnv.REFUND_SERVICE_URL! });
    const faults = [
      new ApiError('idempotency_key_in_use', 'A refund with this Idempotency-Key is still being made; retry shortly.', { retryAfter: 1 }),
      new ApiError('rate_limited', 'Slow down.', { retryAfter: 1 }),
    ];
    const flaky = new Proxy(real, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if (prop !== 'createRefund' || typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const fault = faults.shift();
          return fault ? Promise.reject(fault) : (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const gateway = await platform.startGateway({}, undefined, undefined, { refund: flaky });
    const client = createApi(gateway.url, token);
    const refundOnce = () =>
      client.post(`/v1/payments/${paymentId}/refunds`, { amount: '5.00' }, { 'idempotency-key': 'refund-under-faults' });

    const busy = await refundOnce();
    expect(errorOf(busy)).toEqual({ status: 409, code: 'idempotency_key_in_use' });
    expect(await storedAnswer('refund-under-faults')).toBeUndefined();
    const limited = await refundOnce();
    expect(errorOf(limited)).toEqual({ status: 429, code: 'rate_limited' });
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(await storedAnswer('refund-under-faults')).toBeUndefined();
    const made = await refundOnce();
    expect(made.status).toBe(201);
    const replayed = await refundOnce();
    expect([replayed.status, replayed.headers.get('idempotent-replayed'), replayed.text]).toEqual([201, 'true', made.text]);
    const refunds = (await api.get(`/v1/refunds?payment_id=${paymentId}`)).body.results as { id: string }[];
    expect(refunds.map((r) => r.id)).toEqual([made.body.id]);
    real.close();
  });
});

describe('secrets in kept answers', () => {
  it('a webhook secret from a create or a rotation is sealed in the record, and the replay still shows it', async () => {
    const create = () =>
      api.post('/v1/webhook-endpoints', { url: 'https://sandbox.example.com/sealed' }, { 'idempotency-key': 'endpoint-with-secret' });
    const created = await create();
    expect(created.status).toBe(201);
    const secret = created.body.secret as string;
    expect(secret).toMatch(/^whsec_/);
    const stored = (await storedAnswer('endpoint-with-secret'))!;
    expect(stored.response_body).not.toContain(secret);
    expect(stored.response_body).not.toContain('whsec_');
    expect(JSON.parse(stored.response_body).secret).toMatch(/^sealed:v1:test-1:[\w-]+$/);
    const replay = await create();
    expect([replay.status, replay.headers.get('idempotent-replayed'), replay.text]).toEqual([201, 'true', created.text]);

    const rotate = () =>
      api.post(`/v1/webhook-endpoints/${created.body.id as string}/rotate-secret`, undefined, { 'idempotency-key': 'rotation' });
    const rotated = await rotate();
    expect(rotated.status).toBe(200);
    expect((await storedAnswer('rotation'))!.response_body).not.toContain(rotated.body.secret as string);
    expect((await rotate()).text).toBe(rotated.text);
  });

  it('replays the endpoint without its secret once the key that sealed it is no longer configured, and opens it under a rotated keyring', async () => {
    const created = await api.post(
      '/v1/webhook-endpoints',
      { url: 'https://sandbox.example.com/rotated' },
      { 'idempotency-key': 'old-key' },
    );
    expect(created.status).toBe(201);
    const newKey = 'test-2:' + 'cd'.repeat(32);
    const rotatedRing = await platform.startGateway({
      IDEMPOTENCY_SEALING_KEYS: `${newKey},test-1:${'74657374206964656d706f74656e6379207365616c696e67206b657920303121'}`,
    });
    const again = await createApi(rotatedRing.url, token).post(
      '/v1/webhook-endpoints',
      { url: 'https://sandbox.example.com/rotated' },
      { 'idempotency-key': 'old-key' },
    );
    expect(again.text).toBe(created.text);
    const withoutOld = await platform.startGateway({ IDEMPOTENCY_SEALING_KEYS: newKey });
    const lost = await createApi(withoutOld.url, token).post(
      '/v1/webhook-endpoints',
      { url: 'https://sandbox.example.com/rotated' },
      { 'idempotency-key': 'old-key' },
    );
    expect(lost.status).toBe(201);
    const { secret, ...rest } = created.body;
    expect(secret).toEqual(expect.any(String));
    expect(lost.body).toEqual(rest);
  });
});
