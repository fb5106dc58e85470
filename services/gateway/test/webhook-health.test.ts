import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from './support/api.js';
import { errorOf } from './support/fixtures.js';
import { startPlatform, type Platform } from './support/platform.js';

type Json = Record<string, unknown>;

/** What the local receiver answers on each path; `seen` counts requests to that path so far. */
type Answer = (seen: number) => { status: number; headers?: Record<string, string> };
const answers = new Map<string, Answer>();
const seen = new Map<string, number>();

let platform: Platform;
let api: Api;
let receiver: http.Server;
let base: string;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const path = req.url ?? '/';
      const n = (seen.get(path) ?? 0) + 1;
      seen.set(path, n);
      const answer = (answers.get(path) ?? ((): ReturnType<Answer> => ({ status: 204 })))(n);
      res.writeHead(answer.status, answer.headers).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  platform = await startPlatform({
    overrides: {
      WEBHOOK_ALLOW_INSECURE_LOOPBACK: 'true',
      WEBHOOK_RETRY_SCHEDULE: '200ms,200ms,200ms,200ms,200ms,200ms,200ms,200ms',
      WEBHOOK_DISABLE_AFTER: '1s',
      WEBHOOK_BREAKER_VOLUME_THRESHOLD: '100',
      RATE_LIMIT_RPS: '500',
      RATE_LIMIT_BURST: '500',
    },
  });
  api = platform.api((await platform.createMerchant()).token);
});
afterAll(async () => {
  await platform?.stop();
  receiver?.closeAllConnections();
  await new Promise((r) => receiver?.close(r));
});

/** A fresh merchant with one endpoint at `path` of the local receiver, subscribed to payment.failed. */
async function merchantWithEndpoint(path: string, answer: Answer): Promise<{ api: Api; endpoint: Json }> {
  answers.set(path, answer);
  const client = platform.api((await platform.createMerchant()).token);
  const created = await client.post('/v1/webhook-endpoints', { url: base + path, enabled_events: ['payment.failed'] });
  expect(created.status).toBe(201);
  return { api: client, endpoint: created.body };
}

const testEvent = async (client: Api) => (await client.post('/v1/webhooks/test', { event_type: 'payment.failed' })).body.id as string;
const eventOf = async (client: Api, id: string) => (await client.get(`/v1/webhook-events/${id}`)).body;
const until = <T>(what: string, probe: () => Promise<T | undefined>) => waitFor(probe, { what, timeoutMs: 20_000 });

describe('endpoint health', () => {
  it('a 410 Gone disables the endpoint at once; enable turns it back on', async () => {
    const { api: client, endpoint } = await merchantWithEndpoint('/gone', () => ({ status: 410 }));
    const id = await testEvent(client);
    const failed = await until('delivery_failed after the 410', async () => {
      const e = await eventOf(client, id);
      return e.delivery_status === 'delivery_failed' ? e : undefined;
    });
    expect((failed.attempts as Json[]).map((a) => a.status_code)).toEqual([410]);
    expect((await client.get(`/v1/webhook-endpoints/${endpoint.id}`)).body).toMatchObject({ status: 'disabled', disabled_reason: 'gone' });
    // Disabled: a new event has no endpoint to go to.
    const next = await testEvent(client);
    const nextEvent = await until('recorded with nothing to deliver', async () => {
      const e = await eventOf(client, next);
      return e.delivery_status === 'delivered' ? e : undefined;
    });
    expect(nextEvent.attempts).toEqual([]);
    const enabled = await client.post(`/v1/webhook-endpoints/${endpoint.id}/enable`);
    expect(enabled.body).toMatchObject({ status: 'enabled', disabled_reason: null });
  });

  it('honours Retry-After on a 503 within the retry window', async () => {
    const { api: client } = await merchantWithEndpoint('/busy', (n) =>
      n === 1 ? { status: 503, headers: { 'Retry-After': '2' } } : { status: 204 },
    );
    const id = await testEvent(client);
    const delivered = await until('delivered after waiting', async () => {
      const e = await eventOf(client, id);
      return e.delivery_status === 'delivered' ? e : undefined;
    });
    const [first, second] = (delivered.attempts as Json[]).map((a) => Date.parse(a.attempted_at as string));
    // The schedule alone would have tried again after 200 ms; the receiver asked for 2 s.
    expect(second! - first!).toBeGreaterThanOrEqual(1_900);
  });

  it('disables an endpoint that keeps failing for WEBHOOK_DISABLE_AFTER without a success', async () => {
    const { api: client, endpoint } = await merchantWithEndpoint('/down', () => ({ status: 500 }));
    await testEvent(client);
    const disabled = await until('disabled as failing', async () => {
      const e = (await client.get(`/v1/webhook-endpoints/${endpoint.id}`)).body;
      return e.status === 'disabled' ? e : undefined;
    });
    expect(disabled.disabled_reason).toBe('failing');
  });

  it('the merchant can disable an endpoint: nothing is delivered to it until it is enabled', async () => {
    const { api: client, endpoint } = await merchantWithEndpoint('/paused', () => ({ status: 204 }));
    expect((await client.post(`/v1/webhook-endpoints/${endpoint.id}/disable`)).body).toMatchObject({
      status: 'disabled',
      disabled_reason: 'merchant',
    });
    const id = await testEvent(client);
    await until('recorded with nothing to deliver', async () => (await eventOf(client, id)).delivery_status === 'delivered' || undefined);
    expect(seen.get('/paused')).toBeUndefined();
    await client.post(`/v1/webhook-endpoints/${endpoint.id}/enable`);
    const later = await testEvent(client);
    await until('delivered once enabled', async () => (await eventOf(client, later)).delivery_status === 'delivered' || undefined);
    expect(seen.get('/paused')).toBe(1);
  });
});

describe('bulk replay', () => {
  it('redelivers the failed events once the receiver is fixed, and validates its filters', async () => {
    let broken = true;
    const { api: client, endpoint } = await merchantWithEndpoint('/replay', () => ({ status: broken ? 500 : 204 }));
    const ids = [await testEvent(client), await testEvent(client), await testEvent(client)];
    for (const id of ids)
      await until('delivery_failed', async () => (await eventOf(client, id)).delivery_status === 'delivery_failed' || undefined);
    broken = false;
    // Failing for over a second disabled it too: enable it, then replay.
    await client.post(`/v1/webhook-endpoints/${endpoint.id}/enable`);
    const replay = await client.post('/v1/webhook-events/retry', { delivery_status: 'delivery_failed', endpoint_id: endpoint.id });
    expect(replay).toMatchObject({ status: 202, body: { count: 3 } });
    for (const id of ids)
      await until('delivered after the replay', async () => (await eventOf(client, id)).delivery_status === 'delivered' || undefined);

    expect(errorOf(await client.post('/v1/webhook-events/retry', { delivery_status: 'lost' }))).toMatchObject({
      status: 400,
      code: 'validation_error',
      param: 'delivery_status',
    });
    expect(errorOf(await client.post('/v1/webhook-events/retry', { extra: 1 }))).toMatchObject({
      status: 400,
      code: 'validation_error',
      param: 'extra',
    });
    expect(errorOf(await client.post('/v1/webhook-events/retry', { 'created_at[gte]': '0000-01-01' }))).toMatchObject({
      status: 400,
      param: 'created_at[gte]',
    });
    expect(errorOf(await client.post('/v1/webhook-events/retry', { endpoint_id: 'WE01NOSUCHENDPOINT00000000000' }))).toMatchObject({
      status: 404,
      code: 'not_found',
    });
    // One accepted replay a minute per merchant: the next is 429 with Retry-After (refused requests did not count).
    const again = await client.post('/v1/webhook-events/retry', { 'created_at[lte]': '2000-01-01T00:00:00Z' });
    expect(errorOf(again)).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThanOrEqual(50);
    const other = platform.api((await platform.createMerchant()).token);
    expect((await other.post('/v1/webhook-events/retry', { 'created_at[lte]': '2000-01-01T00:00:00Z' })).body).toEqual({ count: 0 });
  });
});

describe('deleted endpoints and URLs', () => {
  it('a deleted endpoint is not_found everywhere and gone from the list', async () => {
    const { api: client, endpoint } = await merchantWithEndpoint('/deleted', () => ({ status: 204 }));
    expect((await client.raw('DELETE', `/v1/webhook-endpoints/${endpoint.id}`, undefined)).status).toBe(200);
    for (const res of [
      await client.get(`/v1/webhook-endpoints/${endpoint.id}`),
      await client.raw('DELETE', `/v1/webhook-endpoints/${endpoint.id}`, undefined),
      await client.post(`/v1/webhook-endpoints/${endpoint.id}/rotate-secret`),
      await client.post(`/v1/webhook-endpoints/${endpoint.id}/enable`),
      await client.post(`/v1/webhook-endpoints/${endpoint.id}/disable`),
    ]) {
      expect(errorOf(res)).toMatchObject({ status: 404, code: 'not_found' });
    }
    expect((await client.get('/v1/webhook-endpoints')).body.results).toEqual([]);
  });

  it('refuses a URL with white space or control characters the parser would drop', async () => {
    for (const url of [`${base}/hooks\n`, ` ${base}/hooks`, `${base}/ho\toks`]) {
      expect(errorOf(await api.post('/v1/webhook-endpoints', { url }))).toMatchObject({
        status: 422,
        code: 'invalid_webhook_url',
        param: 'url',
      });
    }
  });
});
