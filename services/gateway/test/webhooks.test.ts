import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { EVENT_TYPES } from '@vrp/contracts';
import { openapiDocument } from '@vrp/public-api';
import { waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from './support/api.js';
import { errorOf, mandateBody, sandboxCustomer } from './support/fixtures.js';
import { startPlatform, type Platform } from './support/platform.js';
import { schemaProblems } from './support/schema.js';

type Doc = Record<string, unknown> & {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content: { 'application/json': { schema: Record<string, unknown> } } }> }>
  >;
};
const doc = openapiDocument() as Doc;

/** Problems of a real response against what the OpenAPI document says for it. */
function offSpec(res: { status: number; body: unknown }, method: string, path: string): string[] {
  const schema = doc.paths[path]?.[method]?.responses[String(res.status)]?.content['application/json'].schema;
  if (!schema) return [`no ${res.status} response documented for ${method} ${path}`];
  return schemaProblems(res.body, schema, doc);
}

interface Delivery {
  raw: string;
  headers: http.IncomingHttpHeaders;
}

let sandbox: Platform;
let production: Platform;
let api: Api;
let receiver: http.Server;
let receiverUrl: string;
const deliveries: Delivery[] = [];

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      deliveries.push({ raw: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  // Local development setting: lets endpoints point at this loopback receiver.
  const overrides = { WEBHOOK_ALLOW_INSECURE_LOOPBACK: 'true' };
  [sandbox, production] = await Promise.all([startPlatform({ overrides }), startPlatform({ env: 'production' })]);
  api = sandbox.api((await sandbox.createMerchant()).token);
});
afterAll(async () => {
  await Promise.all([sandbox?.stop(), production?.stop()]);
  receiver?.closeAllConnections();
  await new Promise((r) => receiver?.close(r));
});

const del = (path: string) => api.raw('DELETE', path, undefined);

describe('webhook endpoints', () => {
  it('registers, reads, lists, rotates and deletes an endpoint; the secret shows only on create and rotate', async () => {
    const created = await api.post('/v1/webhook-endpoints', {
      url: 'https://sandbox.example.com/hooks',
      description: 'main',
      enabled_events: ['payment.settled'],
    });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body)).toEqual([
      'id',
      'url',
      'description',
      'enabled_events',
      'status',
      'disabled_reason',
      'rate_limit',
      'signature_scheme',
      'created_at',
      'secret',
      'secret_expires_at',
      'previous_secret_expires_at',
    ]);
    expect(created.body).toMatchObject({
      url: 'https://sandbox.example.com/hooks',
      description: 'main',
      enabled_events: ['payment.settled'],
      status: 'enabled',
      disabled_reason: null,
      rate_limit: null,
      signature_scheme: 'vrp',
      previous_secret_expires_at: null,
    });
    expect(created.body.secret).toMatch(/^whsec_/);
    const id = created.body.id as string;
    expect(offSpec(created, 'post', '/v1/webhook-endpoints')).toEqual([]);

    const got = await api.get(`/v1/webhook-endpoints/${id}`);
    expect(got.status).toBe(200);
    expect(got.body.secret).toBeUndefined();
    expect(got.text).not.toContain(created.body.secret as string);
    expect(offSpec(got, 'get', '/v1/webhook-endpoints/{id}')).toEqual([]);

    const listed = await api.get('/v1/webhook-endpoints?page_size=1');
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ page_size: 1, previous_cursor: null });
    expect((listed.body.results as { id: string }[])[0]?.id).toBe(id);
    expect(offSpec(listed, 'get', '/v1/webhook-endpoints')).toEqual([]);

    const rotated = await api.post(`/v1/webhook-endpoints/${id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(created.body.secret);
    expect(offSpec(rotated, 'post', '/v1/webhook-endpoints/{id}/rotate-secret')).toEqual([]);
    // Both secrets' expiry during the overlap: the replaced one signs for 24 h, the new one is good for 90 days.
    const rotatedAt = Date.now();
    const overlap = Date.parse(rotated.body.previous_secret_expires_at as string) - rotatedAt;
    expect(overlap).toBeGreaterThan(24 * 3_600_000 - 60_000);
    expect(overlap).toBeLessThanOrEqual(24 * 3_600_000);
    expect(Date.parse(rotated.body.secret_expires_at as string) - rotatedAt).toBeGreaterThan(90 * 86_400_000 - 60_000);
    expect((await api.get(`/v1/webhook-endpoints/${id}`)).body.previous_secret_expires_at).toBe(rotated.body.previous_secret_expires_at);

    // PATCH changes what it is sent and nothing else; an empty subscription means every event.
    const patch = (body: unknown) => api.raw('PATCH', `/v1/webhook-endpoints/${id}`, JSON.stringify(body));
    const described = await patch({ description: 'ledger' });
    expect(described.status).toBe(200);
    expect(described.body).toMatchObject({
      id,
      url: 'https://sandbox.example.com/hooks',
      description: 'ledger',
      enabled_events: ['payment.settled'],
    });
    expect(described.body.secret).toBeUndefined();
    expect(offSpec(described, 'patch', '/v1/webhook-endpoints/{id}')).toEqual([]);
    const moved = await patch({ url: 'https://sandbox.example.com/v2/hooks', enabled_events: [] });
    expect(moved.body).toMatchObject({ url: 'https://sandbox.example.com/v2/hooks', description: 'ledger', enabled_events: [] });
    expect((await api.get(`/v1/webhook-endpoints/${id}`)).body).toMatchObject({
      url: 'https://sandbox.example.com/v2/hooks',
      enabled_events: [],
    });
    expect(errorOf(await patch({ url: 'https://example.com/hooks' }))).toEqual({ status: 422, code: 'invalid_webhook_url', param: 'url' });
    expect(errorOf(await patch({ enabled_events: ['payment.lost'] }))).toMatchObject({ status: 400, param: 'enabled_events' });
    expect(errorOf(await patch({}))).toMatchObject({ status: 400, code: 'validation_error' });
    expect(errorOf(await patch({ secret: 'whsec_mine' }))).toMatchObject({ status: 400, code: 'validation_error' });
    expect((await api.get(`/v1/webhook-endpoints/${id}`)).body).toMatchObject({
      url: 'https://sandbox.example.com/v2/hooks',
      description: 'ledger',
    });
    const stranger = sandbox.api((await sandbox.createMerchant()).token);
    expect(errorOf(await stranger.raw('PATCH', `/v1/webhook-endpoints/${id}`, JSON.stringify({ description: 'mine now' })))).toEqual({
      status: 404,
      code: 'not_found',
    });

    const deleted = await del(`/v1/webhook-endpoints/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id, status: 'disabled' });
    expect(deleted.body.secret).toBeUndefined();
    expect(offSpec(deleted, 'delete', '/v1/webhook-endpoints/{id}')).toEqual([]);
    expect(errorOf(await patch({ description: 'gone' }))).toEqual({ status: 404, code: 'not_found' });
  });

  it('takes a rate limit, changes it and removes it', async () => {
    const created = await api.post('/v1/webhook-endpoints', { url: 'https://sandbox.example.com/r', rate_limit: { per_second: 5 } });
    expect(created.status).toBe(201);
    expect(created.body.rate_limit).toEqual({ per_second: 5 });
    expect(offSpec(created, 'post', '/v1/webhook-endpoints')).toEqual([]);
    const patch = (body: unknown) => api.raw('PATCH', `/v1/webhook-endpoints/${created.body.id}`, JSON.stringify(body));
    expect((await patch({ rate_limit: { per_second: 1000 } })).body.rate_limit).toEqual({ per_second: 1000 });
    expect((await patch({ rate_limit: null })).body.rate_limit).toBeNull();
    for (const bad of [0, 1001, 2.5, '5'])
      expect(errorOf(await patch({ rate_limit: { per_second: bad } })), String(bad)).toEqual({
        status: 400,
        code: 'validation_error',
        param: 'rate_limit[per_second]',
      });
    expect((await del(`/v1/webhook-endpoints/${created.body.id}`)).status).toBe(200);
  });

  it('takes wildcards in enabled_events', async () => {
    const created = await api.post('/v1/webhook-endpoints', {
      url: 'https://sandbox.example.com/w',
      enabled_events: ['payment.*', 'refund.settled'],
    });
    expect(created.status).toBe(201);
    expect(created.body.enabled_events).toEqual(['payment.*', 'refund.settled']);
    expect(offSpec(created, 'post', '/v1/webhook-endpoints')).toEqual([]);
    const patched = await api.raw('PATCH', `/v1/webhook-endpoints/${created.body.id}`, JSON.stringify({ enabled_events: ['*'] }));
    expect(patched.body.enabled_events).toEqual(['*']);
    expect((await del(`/v1/webhook-endpoints/${created.body.id}`)).status).toBe(200);
  });

  it('signs the Standard Webhooks way when asked, with a standard base64 whsec_ secret', async () => {
    const created = await api.post('/v1/webhook-endpoints', {
      url: 'https://sandbox.example.com/sw',
      signature_scheme: 'standard_webhooks',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      signature_scheme: 'standard_webhooks',
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]+={0,2}$/),
    });
    expect((await api.get(`/v1/webhook-endpoints/${created.body.id}`)).body.signature_scheme).toBe('standard_webhooks');
    expect((await del(`/v1/webhook-endpoints/${created.body.id}`)).status).toBe(200);
  });

  it('answers the exact error codes', async () => {
    expect(errorOf(await api.post('/v1/webhook-endpoints', { url: 'https://example.com/hooks' }))).toEqual({
      status: 422,
      code: 'invalid_webhook_url',
      param: 'url',
    });
    expect(errorOf(await api.post('/v1/webhook-endpoints', { url: 'http://sandbox.example.com' }))).toEqual({
      status: 422,
      code: 'invalid_webhook_url',
      param: 'url',
    });
    expect(errorOf(await api.post('/v1/webhook-endpoints', { url: 'https://sandbox.x.com', enabled_events: ['payment.lost'] }))).toEqual({
      status: 400,
      code: 'validation_error',
      param: 'enabled_events',
    });
    expect(errorOf(await api.post('/v1/webhook-endpoints', { url: 'https://sandbox.x.com', secret: 'mine' }))).toEqual({
      status: 400,
      code: 'validation_error',
      param: 'secret',
    });
    expect(errorOf(await api.post('/v1/webhook-endpoints', { url: 'https://sandbox.x.com', signature_scheme: 'hmac' }))).toEqual({
      status: 400,
      code: 'validation_error',
      param: 'signature_scheme',
    });
    expect(errorOf(await api.post('/v1/webhook-endpoints', {}))).toEqual({ status: 400, code: 'validation_error', param: 'url' });
    expect(errorOf(await api.get('/v1/webhook-endpoints/WE01JD3Q4M7P9X2K8V5N6R0T1W2Y'))).toEqual({ status: 404, code: 'not_found' });
    expect(errorOf(await del('/v1/webhook-endpoints/WE01JD3Q4M7P9X2K8V5N6R0T1W2Y'))).toEqual({ status: 404, code: 'not_found' });
    expect(errorOf(await api.get('/v1/webhook-endpoints?order=amount_minor'))).toEqual({
      status: 400,
      code: 'invalid_order',
      param: 'order',
    });
    expect(errorOf(await api.get('/v1/webhook-events?delivery_status=lost'))).toEqual({
      status: 400,
      code: 'validation_error',
      param: 'delivery_status',
    });
    expect(errorOf(await api.get('/v1/webhook-events?event_type=payment.lost'))).toEqual({
      status: 400,
      code: 'validation_error',
      param: 'event_type',
    });
    expect(errorOf(await api.get('/v1/webhook-events/EV01JD3Q4M7P9X2K8V5N6R0T1W2Y'))).toEqual({ status: 404, code: 'not_found' });
    expect(errorOf(await api.post('/v1/webhook-events/EV01JD3Q4M7P9X2K8V5N6R0T1W2Y/retry'))).toEqual({ status: 404, code: 'not_found' });
  });
});

describe('event types', () => {
  it('lists every event type with when it is sent and the JSON Schema of its data', async () => {
    const res = await api.get<{ type: string; description: string; schema: Record<string, unknown> }[]>('/v1/event-types');
    expect(res.status).toBe(200);
    // The resource events, then the operational ones about the endpoints themselves.
    expect(res.body.map((t) => t.type)).toEqual([...EVENT_TYPES, 'webhook_endpoint.disabled', 'webhook_endpoint.enabled']);
    const settled = res.body.find((t) => t.type === 'payment.settled')!;
    expect(settled.description).toMatch(/settled/);
    expect(settled.schema).toMatchObject({ type: 'object', additionalProperties: false, properties: { amount: { type: 'string' } } });
    expect(errorOf(await api.get('/v1/event-types?type=payment.settled'))).toEqual({
      status: 400,
      code: 'validation_error',
      param: 'type',
    });
  });
});

describe('webhook events', () => {
  it('delivers a mandate event whose data is the mandate exactly as GET returns it, and shows it with attempts', async () => {
    const merchant = await sandbox.createMerchant();
    const mapi = sandbox.api(merchant.token);
    const endpoint = await mapi.post('/v1/webhook-endpoints', { url: receiverUrl, enabled_events: ['mandate.created'] });
    expect(endpoint.status).toBe(201);
    const mandate = await mapi.post('/v1/mandates', mandateBody(await sandboxCustomer(mapi)));
    expect(mandate.status).toBe(201);
    const delivery = await waitFor(() => deliveries.find((d) => JSON.parse(d.raw).data.id === mandate.body.id), { timeoutMs: 15_000 });

    const t = /t=(\d+)/.exec(String(delivery.headers['x-svc-signature']))![1];
    const v1 = /v1=([0-9a-f]+)/.exec(String(delivery.headers['x-svc-signature']))![1]!;
    const expected = createHmac('sha256', endpoint.body.secret as string)
      .update(`${t}.${delivery.raw}`)
      .digest();
    expect(timingSafeEqual(expected, Buffer.from(v1, 'hex'))).toBe(true);
    expect(delivery.headers['x-svc-sandbox']).toBe('true');
    const body = JSON.parse(delivery.raw);
    expect(body.event_type).toBe('mandate.created');
    // The mandate as it was created: its consent is staged at the bank just after, so the link to
    // authorise it is in the create's answer (and GET) but not yet in mandate.created.
    expect(body.data).toEqual({ ...mandate.body, authorisation: null });

    const eventId = body.event_id as string;
    await waitFor(async () => (await mapi.get(`/v1/webhook-events/${eventId}`)).body.delivery_status === 'delivered');
    const event = await mapi.get(`/v1/webhook-events/${eventId}`);
    expect(offSpec(event, 'get', '/v1/webhook-events/{event_id}')).toEqual([]);
    expect(event.body).toMatchObject({ id: eventId, event_type: 'mandate.created', test: false, data: body.data });
    expect(event.body.attempts).toEqual([
      expect.objectContaining({ endpoint_id: endpoint.body.id, attempt: 1, status_code: 204, error: null, success: true }),
    ]);

    const list = await mapi.get('/v1/webhook-events?event_type=mandate.created&delivery_status=DELIVERED');
    expect((list.body.results as { id: string; attempts?: unknown }[]).map((e) => e.id)).toEqual([eventId]);
    expect((list.body.results as { attempts?: unknown }[])[0]!.attempts).toBeUndefined();
    expect(offSpec(list, 'get', '/v1/webhook-events')).toEqual([]);

    // resource_id: the events about this mandate (created, and activated when sandbox got to it), nothing else.
    const about = await mapi.get(`/v1/webhook-events?resource_id=${mandate.body.id as string}`);
    const aboutRows = about.body.results as { id: string; data: { id: string } }[];
    expect(aboutRows.map((e) => e.id)).toContain(eventId);
    expect(aboutRows.every((e) => e.data.id === mandate.body.id)).toBe(true);
    expect(offSpec(about, 'get', '/v1/webhook-events')).toEqual([]);
    expect((await mapi.get('/v1/webhook-events?resource_id=PM01JD3Q4M7P9X2K8V5N6R0T1W2Y')).body.results).toEqual([]);
    expect(errorOf(await mapi.get('/v1/webhook-events?resource_id=not%20an%20id'))).toEqual({
      status: 400,
      code: 'validation_error',
      param: 'resource_id',
    });

    const retried = await mapi.post(`/v1/webhook-events/${eventId}/retry`);
    expect(retried.status).toBe(202);
    expect(retried.body).toMatchObject({ id: eventId, delivery_status: 'retrying' });
    expect(offSpec(retried, 'post', '/v1/webhook-events/{event_id}/retry')).toEqual([]);
    await waitFor(async () => ((await mapi.get(`/v1/webhook-events/${eventId}`)).body.attempts as unknown[]).length === 2);
    expect(deliveries.filter((d) => JSON.parse(d.raw).event_id === eventId).map((d) => d.headers['x-svc-delivery-attempt'])).toEqual([
      '1',
      '2',
    ]);
  });

  it('generates sandbox test events; production has no such route', async () => {
    const res = await api.post('/v1/webhooks/test', { event_type: 'payment.failed' });
    expect(res.status).toBe(201);
    // No endpoint of this merchant subscribes to it: nothing to deliver.
    expect(res.body).toMatchObject({ event_type: 'payment.failed', test: true, delivery_status: 'delivered', attempts: [] });
    expect(res.body.data).toMatchObject({ id: expect.stringMatching(/^PM/), status: 'failed', failure_code: expect.any(String) });
    expect(offSpec(res, 'post', '/v1/webhooks/test')).toEqual([]);
    for (const type of ['mandate.revoked', 'payment.settled', 'payment.refunded', 'refund.created', 'refund.settled']) {
      const generated = await api.post('/v1/webhooks/test', { event_type: type });
      expect(offSpec(generated, 'post', '/v1/webhooks/test'), type).toEqual([]);
    }
    expect(errorOf(await api.post('/v1/webhooks/test', { event_type: 'payment.lost' }))).toEqual({
      status: 400,
      code: 'validation_error',
      param: 'event_type',
    });

    const live = production.api((await production.createMerchant()).token);
    expect(errorOf(await live.post('/v1/webhooks/test', { event_type: 'payment.failed' }))).toEqual({ status: 404, code: 'not_found' });
    expect(errorOf(await live.post('/v1/webhook-endpoints', { url: 'http://example.com/hooks' }))).toEqual({
      status: 422,
      code: 'invalid_webhook_url',
      param: 'url',
    });
    expect((await live.post('/v1/webhook-endpoints', { url: 'https://hooks.example.com/vrp' })).status).toBe(201);
  });
});
