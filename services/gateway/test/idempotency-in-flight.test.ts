import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startGateway } from '../src/app.js';
import { loadGatewayConfig } from '../src/config.js';
import { requestFingerprint } from '../src/domain/request-fingerprint.js';
import { createApi } from './support/api.js';
import { errorOf, mandateBody, sandboxCustomer } from './support/fixtures.js';
import { startPlatform, type Platform } from './support/platform.js';

let platform: Platform;
let sql: pg.Client;
beforeAll(async () => {
  platform = await startPlatform({ overrides: { IDEMPOTENCY_WAIT_MS: '300ms' } });
  sql = new pg.Client({ connectionString: platform.db.url });
  await sql.connect();
});
afterAll(async () => {
  await sql?.end();
  await platform?.stop();
});

/** A row as a gateway leaves it while the request runs (or when it crashed mid-request). */
async function inFlight(merchantId: string, key: string, body: unknown, lockedFor: string): Promise<void> {
  await sql.query(
    `INSERT INTO gateway.idempotency_keys (merchant_id, key, method, path, request_hash, lock_owner, locked_until, expires_at)
     VALUES ($1, $2, 'POST', '/v1/mandates', $3, 'another-gateway', now() + $4::interval, now() + interval '1 day')`,
    [merchantId, key, requestFingerprint('POST', '/v1/mandates', body), lockedFor],
  );
}

it('answers 409 idempotency_key_in_use when the first request is still running after the wait', async () => {
  const merchant = await platform.createMerchant();
  const api = platform.api(merchant.token);
  const body = mandateBody(await sandboxCustomer(api));
  await inFlight(merchant.id, 'busy', body, '1 minute');
  const res = await api.post('/v1/mandates', body, { 'idempotency-key': 'busy' });
  expect(errorOf(res)).toEqual({ status: 409, code: 'idempotency_key_in_use', param: 'Idempotency-Key' });
  expect(res.headers.get('retry-after')).toBe('1');
});

it('takes over a key abandoned by a crashed gateway once its lock has expired', async () => {
  const merchant = await platform.createMerchant();
  const api = platform.api(merchant.token);
  const body = mandateBody(await sandboxCustomer(api));
  await inFlight(merchant.id, 'abandoned', body, '-1 second');
  const res = await api.post('/v1/mandates', body, { 'idempotency-key': 'abandoned' });
  expect(res.status).toBe(201);
  const replay = await api.post('/v1/mandates', body, { 'idempotency-key': 'abandoned' });
  expect(replay.headers.get('idempotent-replayed')).toBe('true');
  expect(replay.text).toBe(res.text);
});

it('does not remember server errors, so the client can retry', async () => {
  const merchant = await platform.createMerchant();
  const api = platform.api(merchant.token);
  const body = mandateBody(await sandboxCustomer(api));
  // A second gateway over the same database whose mandate service is unreachable answers 503.
  const broken = await startGateway(
    loadGatewayConfig({
      DATABASE_URL: platform.db.url,
      GATEWAY_PORT: '0',
      LOG_LEVEL: 'silent',
      MANDATE_SERVICE_URL: 'http://127.0.0.1:9',
      GRPC_TIMEOUT: '500ms',
    }),
  );
  try {
    const failed = await createApi(broken.url, merchant.token).post('/v1/mandates', body, { 'idempotency-key': 'retry-after-5xx' });
    expect(errorOf(failed)).toEqual({ status: 503, code: 'service_unavailable' });
  } finally {
    await broken.stop();
  }
  const { rows } = await sql.query(`SELECT 1 FROM gateway.idempotency_keys WHERE merchant_id = $1`, [merchant.id]);
  expect(rows).toHaveLength(0);
  const retried = await api.post('/v1/mandates', body, { 'idempotency-key': 'retry-after-5xx' });
  expect(retried.status).toBe(201);
  expect(retried.headers.get('idempotent-replayed')).toBeNull();
});

it('keeps the key while a request runs after its client hung up, so the retry replays instead of creating twice', async () => {
  const merchant = await platform.createMerchant();
  const api = platform.api(merchant.token);
  const body = mandateBody(await sandboxCustomer(api));
  // A gateway whose mandate service answers creates slowly; the client gives up once its create
  // is running (so the key was claimed), long before the answer.
  const real = platform.mandates;
  const hangUp = new AbortController();
  const slow = {
    ...real,
    createMandate: async (...args: Parameters<typeof real.createMandate>) => {
      hangUp.abort();
      await new Promise((r) => setTimeout(r, 800));
      return real.createMandate(...args);
    },
  } as typeof real;
  const gateway = await startGateway(
    loadGatewayConfig({
      DATABASE_URL: platform.db.url,
      GATEWAY_PORT: '0',
      LOG_LEVEL: 'silent',
      MANDATE_SERVICE_URL: platform.services.mandate!.gatewayEnv.MANDATE_SERVICE_URL,
      IDEMPOTENCY_WAIT_MS: '30s',
      RATE_LIMIT_RPS: '1000',
      RATE_LIMIT_BURST: '1000',
    }),
    { clients: { mandate: slow } },
  );
  try {
    const headers = { authorization: `Bearer ${merchant.token}`, 'content-type': 'application/json', 'idempotency-key': 'hung-up' };
    const abandoned = fetch(`${gateway.url}/v1/mandates`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: hangUp.signal,
    });
    await expect(abandoned).rejects.toThrow();
    const retry = await createApi(gateway.url, merchant.token).post('/v1/mandates', body, { 'idempotency-key': 'hung-up' });
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    const { rows } = await sql.query('SELECT count(*)::int AS n FROM mandate.mandates WHERE customer_id = $1', [body.customer_id]);
    expect(rows[0].n).toBe(1);
  } finally {
    await gateway.stop();
  }
});
