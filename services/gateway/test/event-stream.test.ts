import { waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type SqlPool } from '@vrp/sql';
import { MerchantRepository } from '../src/db/merchants.js';
import { createToken } from '../src/usecases/create-token.js';
import { revokeToken } from '../src/usecases/revoke-token.js';
import { createApi, type Api } from './support/api.js';
import { openStream, type OpenStream } from './support/event-stream-client.js';
import { errorOf, mandateBody, sandboxCustomer } from './support/fixtures.js';
import { startPlatform, type Platform } from './support/platform.js';

/**
 * GET /v1/webhook-events/stream against the whole platform: events come from their real producers
 * (the mandate service through the public API), are recorded by the webhook service and streamed.
 */
let platform: Platform;
let gatewayDb: SqlPool;
let merchants: MerchantRepository;
let a: { id: string; token: string };
let b: { id: string; token: string };
let apiA: Api;
const streams: OpenStream[] = [];

beforeAll(async () => {
  platform = await startPlatform({ overrides: { EVENT_STREAM_HEARTBEAT: '200ms' } });
  gatewayDb = createPool(platform.db.url);
  merchants = new MerchantRepository(gatewayDb);
  [a, b] = [await platform.createMerchant(), await platform.createMerchant()];
  apiA = platform.api(a.token);
});
afterAll(async () => {
  for (const s of streams) s.close();
  await gatewayDb?.end();
  await platform?.stop();
});

async function open(token: string, lastEventId?: string): Promise<OpenStream> {
  const s = await openStream(platform.url, token, lastEventId);
  streams.push(s);
  return s;
}

/** Waits until the webhook service has recorded `type` about `id` (so the next change is recorded after it). */
async function recorded(type: string, id: string): Promise<void> {
  await waitFor(
    async () => {
      const listed = await apiA.get<{ results: { data: { id: string } }[] }>(`/v1/webhook-events?event_type=${type}&page_size=200`);
      return listed.body.results.some((e) => e.data.id === id) || null;
    },
    { what: `${type} of ${id} to be recorded`, timeoutMs: 30_000 },
  );
}

/**
 * Causes mandate.created, mandate.activated and mandate.suspended for merchant A, each recorded
 * before the next happens (the stream's order is the order of recording); answers the mandate id.
 */
async function mandateEvents(): Promise<string> {
  const customer = await sandboxCustomer(apiA);
  const created = await apiA.post<{ id: string }>('/v1/mandates', mandateBody(customer, { frequency: 'adhoc' }));
  expect(created.status).toBe(201);
  const id = created.body.id;
  await recorded('mandate.created', id);
  expect((await apiA.post(`/v1/sandbox/mandates/${id}/activate`)).status).toBe(200);
  await recorded('mandate.activated', id);
  expect((await apiA.post(`/v1/sandbox/mandates/${id}/suspend`)).status).toBe(200);
  await recorded('mandate.suspended', id);
  return id;
}

async function untilEvents(s: OpenStream, count: number): Promise<ReturnType<OpenStream['events']>> {
  return waitFor(
    () => {
      const events = s.events();
      if (events.length < count) throw new Error(`${events.length}/${count} events on the stream`);
      return events;
    },
    { what: `${count} events on the stream`, timeoutMs: 30_000 },
  );
}

const bodies = (events: ReturnType<OpenStream['events']>) =>
  events.map(
    (e) => JSON.parse(e.data) as { event_id: string; event_type: string; created_at: string; data: { id: string; status: string } },
  );

describe('GET /v1/webhook-events/stream', () => {
  it('answers 401 without a valid token, and 400 for a malformed Last-Event-ID or an unknown parameter', async () => {
    expect(errorOf(await platform.api().get('/v1/webhook-events/stream'))).toEqual({ status: 401, code: 'authentication_required' });
    expect(errorOf(await platform.api('vrp_sandbox_nope').get('/v1/webhook-events/stream'))).toEqual({
      status: 401,
      code: 'invalid_token',
    });
    expect(errorOf(await apiA.get('/v1/webhook-events/stream', { 'last-event-id': 'EV01' }))).toEqual({
      status: 400,
      code: 'validation_error',
      param: 'Last-Event-ID',
    });
    expect(errorOf(await apiA.get('/v1/webhook-events/stream?from=0'))).toEqual({ status: 400, code: 'validation_error', param: 'from' });
  });

  it("streams the merchant's events in order as they happen, each with the delivery body, and nobody else's", async () => {
    const streamA = await open(a.token);
    const streamB = await open(b.token);
    expect(streamA.status).toBe(200);
    expect(streamA.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const mandateId = await mandateEvents();
    const events = await untilEvents(streamA, 3);
    expect(events.map((e) => e.event)).toEqual(['mandate.created', 'mandate.activated', 'mandate.suspended']);
    const got = bodies(events);
    expect(got.map((e) => [e.event_type, e.data.id, e.data.status])).toEqual([
      ['mandate.created', mandateId, 'pending_sca'],
      ['mandate.activated', mandateId, 'active'],
      ['mandate.suspended', mandateId, 'suspended'],
    ]);
    for (const e of events) expect(Object.keys(JSON.parse(e.data) as object)).toEqual(['event_id', 'event_type', 'created_at', 'data']);
    // Ids are increasing positions; the events are the ones the events API lists, with the same data.
    const ids = events.map((e) => BigInt(e.id!));
    expect([...ids].sort((x, y) => (x < y ? -1 : 1))).toEqual(ids);
    for (const e of got) {
      const listed = await apiA.get<{ data: unknown; event_type: string }>(`/v1/webhook-events/${e.event_id}`);
      expect(listed.body).toMatchObject({ event_type: e.event_type, data: e.data });
    }
    // Merchant B saw heartbeats, never A's events.
    await waitFor(() => streamB.items.filter((i) => i.kind === 'comment' && i.text === 'heartbeat').length >= 2 || null, {
      what: 'heartbeats on B',
      timeoutMs: 30_000,
    });
    expect(streamB.events()).toEqual([]);
    streamA.close();
    streamB.close();
  });

  it('resumes after Last-Event-ID with exactly the events that followed, including those while disconnected', async () => {
    const first = await open(a.token);
    await mandateEvents();
    const seen = await untilEvents(first, 3);
    first.close();
    // While nobody listens, three more events happen.
    await mandateEvents();
    // Resuming after the first event: the two after it, then the three missed, in order, once each.
    const resumed = await open(a.token, seen[0]!.id);
    const again = await untilEvents(resumed, 5);
    expect(again.slice(0, 2).map((e) => e.id)).toEqual(seen.slice(1).map((e) => e.id));
    expect(again.map((e) => e.event)).toEqual([
      'mandate.activated',
      'mandate.suspended',
      'mandate.created',
      'mandate.activated',
      'mandate.suspended',
    ]);
    // Resuming after the last event: nothing until something new happens.
    const atEnd = await open(a.token, again.at(-1)!.id);
    await waitFor(() => atEnd.items.some((i) => i.kind === 'comment' && i.text === 'heartbeat') || null, {
      what: 'a heartbeat',
      timeoutMs: 30_000,
    });
    expect(atEnd.events()).toEqual([]);
    const customer = await sandboxCustomer(apiA);
    expect((await apiA.post('/v1/mandates', mandateBody(customer))).status).toBe(201);
    const next = await untilEvents(atEnd, 1);
    expect(next.map((e) => e.event)).toEqual(['mandate.created']);
    expect(BigInt(next[0]!.id!)).toBeGreaterThan(BigInt(again.at(-1)!.id!));
    expect(new Set([...seen, ...again, ...next].map((e) => JSON.parse(e.data).event_id)).size).toBe(7);
    resumed.close();
    atEnd.close();
  });

  it('sends heartbeat comments while nothing happens', async () => {
    const quiet = await open(b.token);
    await waitFor(() => quiet.items.filter((i) => i.kind === 'comment' && i.text === 'heartbeat').length >= 3 || null, {
      what: 'three heartbeats',
      timeoutMs: 30_000,
    });
    expect(quiet.events()).toEqual([]);
  });

  it('ends open streams when the gateway stops, instead of holding its shutdown', async () => {
    // A grace period longer than the test: only ending the stream lets stop() finish in time.
    const gateway = await platform.startGateway({ SHUTDOWN_GRACE: '10m' });
    const s = await openStream(gateway.url, a.token);
    expect(s.status).toBe(200);
    await gateway.stop();
    await s.ended;
  });

  it('ends the stream when its token is revoked, and the token is refused afterwards', async () => {
    const issued = await createToken(merchants, 'sandbox', a.id);
    const s = await open(issued.accessToken);
    expect(s.status).toBe(200);
    let ended = false;
    void s.ended.then(() => (ended = true));
    await waitFor(() => s.items.some((i) => i.kind === 'comment' && i.text === 'heartbeat') || null, {
      what: 'a heartbeat',
      timeoutMs: 30_000,
    });
    expect(ended).toBe(false);
    await revokeToken(merchants, { tokenId: issued.tokenId });
    await waitFor(() => ended || null, { what: 'the stream to end after the revocation', timeoutMs: 10_000 });
    // Every gateway refuses it within AUTH_CACHE_TTL_MS (the stream itself checks the database directly).
    await expect
      .poll(async () => errorOf(await platform.api(issued.accessToken).get('/v1/webhook-events/stream')), { timeout: 5000, interval: 100 })
      .toEqual({ status: 401, code: 'invalid_token' });
    // The merchant's other token still streams.
    const other = await open(a.token);
    expect(other.status).toBe(200);
    other.close();
  });
});

/** Prometheus text of a gateway's metrics port. */
async function metricsOf(port: number): Promise<string> {
  return (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
}

const checksIn = (text: string) => Number(/^vrp_gateway_stream_credential_checks_total(?:\{[^}]*\})? (\d+)$/m.exec(text)?.[1] ?? NaN);

describe('open event streams', () => {
  it('are at most 5 per merchant across every gateway: the 6th is 429 rate_limited with Retry-After, and a closed one makes room', async () => {
    const merchant = await platform.createMerchant();
    const second = await platform.startGateway({});
    const opened = [
      ...(await Promise.all([1, 2, 3].map(() => open(merchant.token)))),
      ...(await Promise.all([1, 2].map(() => openStream(second.url, merchant.token).then((s) => (streams.push(s), s))))),
    ];
    expect(opened.map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);
    // The sixth is refused on either gateway: the count is the merchant's, not a process's.
    for (const api of [platform.api(merchant.token), createApi(second.url, merchant.token)]) {
      const sixth = await api.get('/v1/webhook-events/stream');
      expect(errorOf(sixth)).toEqual({ status: 429, code: 'rate_limited' });
      expect(sixth.headers.get('retry-after')).toBe('10');
    }
    // Another merchant is not held back by this one's streams.
    const stranger = await open((await platform.createMerchant()).token);
    expect(stranger.status).toBe(200);
    stranger.close();
    opened[0]!.close();
    const again = await waitFor(
      async () => {
        const s = await openStream(platform.url, merchant.token);
        if (s.status === 200) return s;
        s.close();
        return undefined;
      },
      { what: 'a sixth stream once one closed', timeoutMs: 10_000 },
    );
    again.close();
    for (const s of opened) s.close();
  });

  it('with one token share one check of it per gateway, and all end within a second of its revocation', async () => {
    const merchant = await platform.createMerchant();
    const issued = await createToken(merchants, 'sandbox', merchant.id);
    const gateway = await platform.startGateway({});
    const five = await Promise.all([1, 2, 3, 4, 5].map(() => openStream(gateway.url, issued.accessToken)));
    streams.push(...five);
    expect(five.map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);
    await new Promise((r) => setTimeout(r, 600));
    const before = checksIn(await metricsOf(gateway.metricsPort));
    await new Promise((r) => setTimeout(r, 2000));
    const made = checksIn(await metricsOf(gateway.metricsPort)) - before;
    // One check every 500 ms for the token, not one per stream (which would be about 20).
    expect(made).toBeGreaterThanOrEqual(2);
    expect(made).toBeLessThanOrEqual(6);
    await revokeToken(merchants, { tokenId: issued.tokenId });
    const started = Date.now();
    await Promise.all(five.map((s) => s.ended));
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
