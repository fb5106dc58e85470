import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api, ApiResponse } from './support/api.js';
import { mandateBody, sandboxCustomer } from './support/fixtures.js';
import { startPlatform, type Platform } from './support/platform.js';

// Input a hostile client sends: each used to reach Postgres or a recursive function and come
// back as a 500, or to be accepted and stored differently from what was sent.
let platform: Platform;
let api: Api;
let customerId: string;
beforeAll(async () => {
  platform = await startPlatform({ overrides: { RATE_LIMIT_RPS: '1000', RATE_LIMIT_BURST: '1000' } });
  const merchant = await platform.createMerchant({ payoutCurrency: 'GBP' });
  api = platform.api(merchant.token);
  customerId = await sandboxCustomer(api);
});
afterAll(async () => platform?.stop());

/** The documented error body, with its request id matching the X-Request-Id header. */
function expectError(res: ApiResponse, status: number, code: string, param?: string) {
  expect({ status: res.status, code: (res.body.error as { code?: string })?.code }, res.text).toEqual({ status, code });
  const error = res.body.error as Record<string, unknown>;
  expect(error.request_id).toBe(res.headers.get('x-request-id'));
  expect(typeof error.message).toBe('string');
  if (param !== undefined) expect(error.param).toBe(param);
}

async function mandateCount(): Promise<number> {
  const res = await api.get('/v1/mandates?page_size=200');
  return (res.body.results as unknown[]).length;
}

describe('hostile input gets the documented error, never a 500', () => {
  it('a NUL byte in any path id is not_found', async () => {
    const routes: [string, string][] = [
      ['GET', '/v1/mandates/MD%00'],
      ['GET', '/v1/payments/%00'],
      ['GET', '/v1/refunds/RF%00x'],
      ['GET', '/v1/webhook-endpoints/WE%00'],
      ['GET', '/v1/webhook-events/EV%00'],
      ['POST', '/v1/mandates/MD%00/cancel'],
      ['POST', '/v1/payments/PM%00/retry'],
      ['POST', '/v1/payments/PM%00/refunds'],
      ['POST', '/v1/webhook-endpoints/WE%00/rotate-secret'],
      ['POST', '/v1/webhook-events/EV%00/retry'],
      ['DELETE', '/v1/webhook-endpoints/WE%00'],
      ['POST', '/v1/sandbox/mandates/MD%00/activate'],
      ['POST', '/v1/sandbox/payments/PM%00/settle'],
      ['POST', '/v1/sandbox/refunds/RF%00/settle'],
      ['GET', '/v1/mandates/' + 'M'.repeat(300)],
    ];
    for (const [method, path] of routes)
      expectError(await api.raw(method, path, method === 'GET' || method === 'DELETE' ? undefined : '{}'), 404, 'not_found');
  });

  it('a NUL byte in an id filter is a validation_error naming it', async () => {
    expectError(await api.get('/v1/payments?mandate_id=%00'), 400, 'validation_error', 'mandate_id');
    expectError(await api.get('/v1/payments?payment_id=PM%00'), 400, 'validation_error', 'payment_id');
    expectError(await api.get('/v1/mandates?customer_id=CU%00'), 400, 'validation_error', 'customer_id');
    expectError(await api.get('/v1/refunds?payment_id=%00'), 400, 'validation_error', 'payment_id');
  });

  it('NUL and unpaired surrogates anywhere in a JSON body are refused, and nothing is created', async () => {
    const before = await mandateCount();
    const body = (overrides: Record<string, unknown>) => JSON.stringify(mandateBody(customerId, overrides));
    expectError(await api.raw('POST', '/v1/mandates', body({ description: 'a\u0000b' })), 400, 'validation_error', 'description');
    expectError(
      await api.raw('POST', '/v1/mandates', body({ metadata: { 'k\u0000': 'v' } })),
      400,
      'validation_error',
      'metadata[k\u0000]',
    );
    expectError(
      await api.raw('POST', '/v1/mandates', body({ metadata: { plan: 'gold\u0000' } })),
      400,
      'validation_error',
      'metadata[plan]',
    );
    // JSON.stringify writes a lone surrogate as the escape \ud800, exactly what a hostile client sends.
    expectError(await api.raw('POST', '/v1/mandates', body({ metadata: { note: 'a\ud800' } })), 400, 'validation_error', 'metadata[note]');
    expectError(await api.raw('POST', '/v1/mandates', body({ customer_id: 'CU\u0000' })), 400, 'validation_error', 'customer_id');
    expectError(
      await api.raw('POST', '/v1/payments', JSON.stringify({ mandate_id: '\u0000', amount: '1.00', currency: 'GBP' })),
      400,
      'validation_error',
      'mandate_id',
    );
    expectError(
      await api.raw('POST', '/v1/webhook-endpoints', JSON.stringify({ url: 'https://sandbox.example.com/\u0000' })),
      400,
      'validation_error',
      'url',
    );
    expect(await mandateCount()).toBe(before);
  });

  it('a number that cannot be stored exactly is refused instead of coming back as another number', async () => {
    const raw = JSON.stringify(mandateBody(customerId, { metadata: { plan: 'gold' } })).replace(
      '"metadata":{',
      '"metadata":{"big":12345678901234567890,',
    );
    expectError(await api.raw('POST', '/v1/mandates', raw), 400, 'validation_error', 'metadata[big]');
    const ok = await api.post('/v1/mandates', mandateBody(customerId, { metadata: { seats: 9007199254740991 } }));
    expect(ok.status).toBe(201);
    expect(ok.text).toContain('"seats":9007199254740991');
  });

  it('year 0000 in any date filter is a validation_error', async () => {
    expectError(await api.get('/v1/payments?created_at[gte]=0000-01-01'), 400, 'validation_error', 'created_at[gte]');
    expectError(await api.get('/v1/mandates?created_at[lte]=0000-06-30T00:00:00Z'), 400, 'validation_error', 'created_at[lte]');
    expectError(await api.get('/v1/payments?settlement_date[gte]=0000-01-01'), 400, 'validation_error', 'settlement_date[gte]');
    expectError(await api.get('/v1/refunds?created_at[gte]=0000-01-01'), 400, 'validation_error', 'created_at[gte]');
    expect((await api.get('/v1/payments?created_at[gte]=0001-01-01&settlement_date[gte]=0001-01-01')).status).toBe(200);
  });

  it('deeply nested JSON is a validation_error, with or without an Idempotency-Key', async () => {
    const deep = '{"metadata":' + '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000) + '}';
    expectError(await api.raw('POST', '/v1/mandates', deep, { 'idempotency-key': 'deep-1' }), 400, 'validation_error');
    expectError(await api.raw('POST', '/v1/mandates', deep), 400, 'validation_error');
    // The refused request did not take the key: a proper request with it goes through.
    expect((await api.post('/v1/mandates', mandateBody(customerId), { 'idempotency-key': 'deep-1' })).status).toBe(201);
  });

  it('a 20 KB query string is a validation_error with the documented body', async () => {
    expectError(await api.get(`/v1/mandates?customer_id=${'C'.repeat(20_000)}`), 400, 'validation_error', 'query');
  });

  it('a request head beyond what the parser takes still gets a JSON error body and an X-Request-Id', async () => {
    const url = new URL(platform.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => {
        socket.write(`GET /v1/mandates?x=${'a'.repeat(70_000)} HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`);
      });
      let text = '';
      socket.on('data', (d) => (text += d));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    const requestId = /x-request-id: (\S+)/i.exec(head!)?.[1];
    expect(requestId).toMatch(/^req_/);
    expect(JSON.parse(body!)).toMatchObject({ error: { code: 'validation_error', type: 'invalid_request_error', request_id: requestId } });
  });

  it('a cursor works only on the list that issued it', async () => {
    await api.post('/v1/mandates', mandateBody(customerId));
    await api.post('/v1/mandates', mandateBody(customerId));
    const page = await api.get('/v1/mandates?page_size=1');
    const cursor = page.body.next_cursor as string;
    expect(typeof cursor).toBe('string');
    expect((await api.get(`/v1/mandates?page_size=1&cursor=${cursor}`)).status).toBe(200);
    for (const list of ['payments', 'refunds', 'webhook-endpoints', 'webhook-events']) {
      expectError(await api.get(`/v1/${list}?page_size=1&cursor=${cursor}`), 400, 'invalid_cursor', 'cursor');
    }
  });
});
