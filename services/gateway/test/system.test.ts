import { createLogger } from '@vrp/logging';
import { waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { requestFingerprint } from '../src/domain/request-fingerprint.js';
import { createApi } from './support/api.js';
import { errorOf } from './support/fixtures.js';
import { startPlatform, type Platform } from './support/platform.js';

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => platform?.stop());

describe('operations and cross-cutting behaviour', () => {
  it('answers liveness and readiness without a token; readiness says only up or down', async () => {
    const anonymous = platform.api();
    expect((await anonymous.get('/healthz')).body).toEqual({ status: 'ok' });
    const ready = await anonymous.get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.text).toBe('{"status":"ready"}');
    const metrics = await (await fetch(`http://127.0.0.1:${platform.gateway.metricsPort}/metrics`)).text();
    for (const dependency of ['postgres', 'nats', 'mandate', 'payment', 'refund', 'webhook', 'connector'])
      expect(metrics).toMatch(new RegExp(`^vrp_gateway_dependency_up\\{[^}]*dependency="${dependency}"[^}]*\\} 1$`, 'm'));
  });

  it('checks the bank connector by default: unreachable, it shows down in the metrics and the log', async () => {
    const lines: string[] = [];
    const gateway = await platform.startGateway(
      { READINESS_SERVICES: '', CONNECTOR_SERVICE_URL: 'http://127.0.0.1:9' },
      undefined,
      createLogger('gateway', { write: (l) => lines.push(l) }),
    );
    expect((await fetch(`${gateway.url}/readyz`)).status).toBe(200);
    const metrics = await (await fetch(`http://127.0.0.1:${gateway.metricsPort}/metrics`)).text();
    expect(metrics).toMatch(/^vrp_gateway_dependency_up\{[^}]*dependency="connector"[^}]*\} 0$/m);
    const down = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === 'readiness: a dependency is down');
    expect(down).toMatchObject({ dependency: 'connector' });
  });

  it('stays ready while a downstream service is unreachable, says which only in its logs and metrics, and answers 503 only on its routes', async () => {
    const lines: string[] = [];
    const gateway = await platform.startGateway(
      { READINESS_SERVICES: 'mandate,payment', PAYMENT_SERVICE_URL: 'http://127.0.0.1:9' },
      undefined,
      createLogger('gateway', { write: (l) => lines.push(l) }),
    );
    const res = await fetch(`${gateway.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('{"status":"ready"}');
    const metrics = await (await fetch(`http://127.0.0.1:${gateway.metricsPort}/metrics`)).text();
    expect(metrics).toMatch(/^vrp_gateway_dependency_up\{[^}]*dependency="payment"[^}]*\} 0$/m);
    expect(metrics).toMatch(/^vrp_gateway_dependency_up\{[^}]*dependency="mandate"[^}]*\} 1$/m);
    const down = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === 'readiness: a dependency is down');
    expect(down).toMatchObject({ level: 'warn', dependency: 'payment', error: expect.any(String) });
    const api = createApi(gateway.url, (await platform.createMerchant()).token);
    expect((await api.get('/v1/mandates')).status).toBe(200);
    expect(errorOf(await api.get('/v1/payments'))).toEqual({ status: 503, code: 'service_unavailable' });
  });

  it('is not ready without its own database, and tells the public nothing of the driver’s error', async () => {
    const lines: string[] = [];
    const gateway = await platform.startGateway(
      { DATABASE_URL: 'postgresql://postgres@127.0.0.1:9/nowhere' },
      undefined,
      createLogger('gateway', { write: (l) => lines.push(l) }),
    );
    const res = await fetch(`${gateway.url}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.text()).toBe('{"status":"not_ready"}');
    const down = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.dependency === 'postgres');
    expect(down).toMatchObject({ msg: 'readiness: a dependency is down', error: expect.any(String) });
  });

  it('writes one access line per request, with no credential in it', async () => {
    const lines: string[] = [];
    const gateway = await platform.startGateway({}, undefined, createLogger('gateway', { write: (l) => lines.push(l) }));
    const merchant = await platform.createMerchant();
    const api = createApi(gateway.url, merchant.token);
    await api.get('/v1/mandates/MD01UNKNOWN000000000000000000', {
      'x-request-id': 'req-access-1',
      cookie: '__Host-vrp_console_session=abc',
    });
    await api.post('/v1/sandbox/customers', { sca_completed: true }, { 'x-request-id': 'req-access-2' });
    await waitFor(() => lines.filter((l) => l.includes('"msg":"request"')).length >= 2, { what: 'two access lines' });
    const access = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((r) => r.msg === 'request');
    expect(access[0]).toMatchObject({
      level: 'info',
      service: 'gateway',
      method: 'GET',
      route: '/v1/mandates/:id',
      status: 404,
      request_id: 'req-access-1',
      merchant_id: merchant.id,
    });
    expect(access[0]!.duration_ms).toEqual(expect.any(Number));
    expect(access[1]).toMatchObject({ method: 'POST', route: '/v1/sandbox/customers', status: 201, request_id: 'req-access-2' });
    const written = lines.join('\n');
    expect(written).not.toContain(merchant.token);
    expect(written).not.toContain('__Host-vrp_console_session=abc');
    expect(written).not.toContain('MD01UNKNOWN'); // paths' ids stay out of access lines
  });

  it('echoes X-Request-Id or makes one, in headers and error bodies', async () => {
    const api = platform.api((await platform.createMerchant()).token);
    const echoed = await api.get('/v1/mandates/MD01UNKNOWN000000000000000000', { 'x-request-id': 'client-req-42' });
    expect(echoed.headers.get('x-request-id')).toBe('client-req-42');
    expect(echoed.body.error).toMatchObject({ request_id: 'client-req-42' });
    const generated = await platform.api().get('/healthz');
    expect(generated.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{32}$/);
  });

  it('answers unknown routes, malformed JSON and non-object bodies with API errors', async () => {
    const api = platform.api((await platform.createMerchant()).token);
    expect(errorOf(await api.get('/v1/unknown'))).toEqual({ status: 404, code: 'not_found' });
    expect(errorOf(await platform.api().get('/nowhere'))).toEqual({ status: 404, code: 'not_found' });
    expect(errorOf(await api.raw('POST', '/v1/mandates', '{"customer_id": '))).toEqual({
      status: 400,
      code: 'validation_error',
      param: 'body',
    });
    expect(errorOf(await api.raw('POST', '/v1/mandates', '[1,2]'))).toEqual({ status: 400, code: 'validation_error', param: 'body' });
    expect(errorOf(await api.raw('POST', '/v1/mandates', 'null'))).toEqual({ status: 400, code: 'validation_error', param: 'body' });
    const res = await api.raw('POST', '/v1/mandates', '{"customer_id": ', {});
    expect(Object.keys(res.body.error as object).sort()).toEqual(['code', 'message', 'param', 'request_id', 'type']);
  });

  it('stops cleanly: a request in flight finishes, then the port closes', async () => {
    const gateway = await platform.startGateway({ IDEMPOTENCY_WAIT_MS: '1500ms' });
    const merchant = await platform.createMerchant();
    // A key held by another request keeps this one busy (waiting for it) for 1.5 s.
    const sql = new pg.Client({ connectionString: platform.db.url });
    await sql.connect();
    await sql.query(
      `INSERT INTO gateway.idempotency_keys (merchant_id, key, method, path, request_hash, lock_owner, locked_until, expires_at)
       VALUES ($1, 'busy', 'POST', '/v1/mandates', $2, 'other', now() + interval '1 minute', now() + interval '1 day')`,
      [merchant.id, requestFingerprint('POST', '/v1/mandates', {})],
    );
    await sql.end();
    const pending = createApi(gateway.url, merchant.token).post('/v1/mandates', {}, { 'idempotency-key': 'busy' });
    await waitFor(() => gateway.inFlight() === 1, { what: 'the request to reach the gateway' });
    const [res] = await Promise.all([pending, gateway.stop()]);
    // It waited its 1.5 s for the key through the shutdown and was answered, not cut off.
    expect(errorOf(res)).toMatchObject({ status: 409, code: 'idempotency_key_in_use' });
    await expect(fetch(`${gateway.url}/healthz`)).rejects.toThrow();
  });
});
