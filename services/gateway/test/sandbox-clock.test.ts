/**
 * The sandbox clock (docs/api.md, "Sandbox clock"): a merchant's time moves forward in every service at
 * once, and each time rule follows it: frequency and periodic limits, the validity window, the
 * 7-day retry window, automatic settlement, the webhook retry schedule and its 24 h window,
 * secret overlap and expiry. Everything below happens in seconds of real time. Assertions
 * compare times with the merchant's clock as the API reports it, never with the wall clock.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { sandboxClock } from '@vrp/contracts';
import { createServiceClient } from '@vrp/grpc';
import { waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from './support/api.js';
import { errorOf, mandateBody, sandboxCustomer } from './support/fixtures.js';
import { startPlatform, type Platform } from './support/platform.js';

const HOUR = 3600;
const DAY = 24 * HOUR;

let sandbox: Platform;
let production: Platform;
let receiver: http.Server;
let receiverUrl: string;
/** Requests the receiver answered, by event id. */
const hits = new Map<string, number>();
/** How many secrets signed each request (v1= entries of X-SVC-Signature), by event id. */
const signatures = new Map<string, number[]>();
let receiverDown = true;
let db: pg.Pool;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const id = String(req.headers['x-svc-event-id']);
    hits.set(id, (hits.get(id) ?? 0) + 1);
    const v1 = String(req.headers['x-svc-signature'])
      .split(',')
      .filter((p) => p.startsWith('v1=')).length;
    signatures.set(id, [...(signatures.get(id) ?? []), v1]);
    req.resume();
    req.on('end', () => res.writeHead(receiverDown ? 503 : 200).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  const overrides = {
    // Settlement a whole day after submission: only an advance of the clock gets there.
    SANDBOX_SETTLEMENT_DELAY_MS: String(DAY * 1000),
    WEBHOOK_ALLOW_INSECURE_LOOPBACK: 'true',
    // A production-like schedule (21.6 h in all): every retry needs the clock to move.
    WEBHOOK_RETRY_SCHEDULE: '1m,5m,30m,1h,2h,4h,6h,8h',
    // Five failures open an endpoint's circuit for 30 s: an advance past that half-opens it.
    WEBHOOK_BREAKER_VOLUME_THRESHOLD: '5',
  };
  [sandbox, production] = await Promise.all([startPlatform({ overrides }), startPlatform({ env: 'production' })]);
  db = new pg.Pool({ connectionString: sandbox.db.url, max: 2 });
});

afterAll(async () => {
  await db?.end();
  receiver?.closeAllConnections();
  await new Promise((r) => receiver?.close(r));
  await Promise.all([sandbox?.stop(), production?.stop()]);
});

async function merchantApi(): Promise<Api> {
  return sandbox.api((await sandbox.createMerchant()).token);
}

async function clockOf(api: Api): Promise<Date> {
  const res = await api.get<{ now: string }>('/v1/sandbox/clock');
  expect(res.status).toBe(200);
  return new Date(res.body.now);
}

async function advance(api: Api, seconds: number): Promise<Date> {
  const res = await api.post<{ now: string }>('/v1/sandbox/clock/advance', { seconds });
  expect(res.status, res.text).toBe(200);
  return new Date(res.body.now);
}

async function activeMandate(api: Api, overrides: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const created = await api.post('/v1/mandates', mandateBody(await sandboxCustomer(api), overrides));
  expect(created.status, created.text).toBe(201);
  const activated = await api.post(`/v1/sandbox/mandates/${created.body.id as string}/activate`);
  expect(activated.status).toBe(200);
  return activated.body;
}

async function pay(api: Api, mandateId: string, amount = '10.00') {
  return api.post('/v1/payments', { mandate_id: mandateId, amount, currency: 'GBP' });
}

async function paymentIn(api: Api, id: string, status: string): Promise<Record<string, unknown>> {
  return waitFor(
    async () => {
      const res = await api.get(`/v1/payments/${id}`);
      return res.body.status === status ? res.body : undefined;
    },
    { what: `payment ${id} ${status}` },
  );
}

const dateOf = (d: Date) => d.toISOString().slice(0, 10);

describe('the clock routes', () => {
  it('reads and advances one merchant clock, leaving other merchants on the wall clock', async () => {
    const [api, other] = await Promise.all([merchantApi(), merchantApi()]);
    const before = await clockOf(api);
    const otherBefore = await clockOf(other);
    const after = await advance(api, 40 * DAY);
    const elapsed = after.getTime() - before.getTime();
    expect(elapsed).toBeGreaterThanOrEqual(40 * DAY * 1000);
    expect(elapsed).toBeLessThan(40 * DAY * 1000 + 60_000);
    expect((await clockOf(api)).getTime()).toBeGreaterThanOrEqual(after.getTime());
    expect((await clockOf(other)).getTime() - otherBefore.getTime()).toBeLessThan(60_000);
  });

  it('takes 1 second to 400 days and refuses anything else with validation_error naming seconds', async () => {
    const api = await merchantApi();
    for (const body of [{}, { seconds: 0 }, { seconds: -5 }, { seconds: 1.5 }, { seconds: '60' }, { seconds: 400 * DAY + 1 }]) {
      const res = await api.post('/v1/sandbox/clock/advance', body);
      expect(errorOf(res), JSON.stringify(body)).toEqual({ status: 400, code: 'validation_error', param: 'seconds' });
      expect((res.body.error as { details: unknown[] }).details).toEqual([{ param: 'seconds', message: expect.any(String) }]);
    }
    expect(errorOf(await api.post('/v1/sandbox/clock/advance', { seconds: 1, extra: true }))).toMatchObject({ status: 400 });
    const before = await clockOf(api);
    expect((await advance(api, 400 * DAY)).getTime() - before.getTime()).toBeGreaterThanOrEqual(400 * DAY * 1000);
  });

  it('does not exist in production: 404 at the gateway, and the services refuse a push', async () => {
    const api = production.api((await production.createMerchant()).token);
    expect(errorOf(await api.get('/v1/sandbox/clock'))).toEqual({ status: 404, code: 'not_found' });
    expect(errorOf(await api.post('/v1/sandbox/clock/advance', { seconds: 60 }))).toEqual({ status: 404, code: 'not_found' });
    // The connector here speaks to the model bank, in sandbox for a production platform too.
    for (const service of ['mandate', 'payment', 'refund', 'webhook']) {
      const url = production.services[service]!.gatewayEnv[`${service.toUpperCase()}_SERVICE_URL`]!;
      const client = createServiceClient(sandboxClock.SandboxClockService, { baseUrl: url });
      await expect(client.setSandboxClock({ merchantId: 'MR1', offsetMs: 60_000n }), service).rejects.toMatchObject({ code: 'not_found' });
      client.close();
    }
  });

  it('answers 503 when a service cannot take the clock, keeps the old time, and a repeat converges', async () => {
    const { id, token } = await sandbox.createMerchant();
    const api = sandbox.api(token);
    const broken = await sandbox.startGateway({ WEBHOOK_SERVICE_URL: 'http://127.0.0.1:1' });
    const before = await clockOf(api);
    const refused = await fetch(`${broken.url}/v1/sandbox/clock/advance`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ seconds: 10 * DAY }),
    });
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('service_unavailable');
    expect((await clockOf(api)).getTime() - before.getTime()).toBeLessThan(60_000);
    // The payment service took the first push; the repeat sets the same offset everywhere.
    const after = await advance(api, 10 * DAY);
    expect(after.getTime() - before.getTime()).toBeLessThan(10 * DAY * 1000 + 60_000);
    for (const schema of ['mandate', 'payment', 'refund', 'webhook']) {
      const { rows } = await db.query<{ offset_ms: string }>(
        `SELECT offset_ms::text AS offset_ms FROM ${schema}.merchant_clocks WHERE merchant_id = $1`,
        [id],
      );
      expect(rows[0]?.offset_ms, schema).toBe(String(10 * DAY * 1000));
    }
  });
});

describe('time rules on the clock', () => {
  it('walks a monthly mandate through a year of collections, each settled by itself and dated on the clock', async () => {
    const api = await merchantApi();
    const mandate = await activeMandate(api, {
      frequency: 'monthly',
      controls: { periodic_limits: [{ period: 'year', alignment: 'consent', max_payments: 12 }] },
    });
    const id = mandate.id as string;
    const createdAt = Date.parse(mandate.created_at as string);
    // Collections on the 2nd of each month at 10:00 (UTC), starting next month.
    let now = await clockOf(api);
    const secondOfMonth = (from: Date) => Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 2, 10);
    const settlementDates: string[] = [];
    for (let month = 0; month < 12; month++) {
      now = await advance(api, Math.ceil((secondOfMonth(now) - now.getTime()) / 1000));
      const paid = await pay(api, id);
      expect(paid.status, paid.text).toBe(201);
      expect(Date.parse(paid.body.created_at as string)).toBeGreaterThanOrEqual(now.getTime());
      expect(errorOf(await pay(api, id))).toMatchObject({ status: 409, code: 'open_payment_exists' });
      // It settles a day after the bank took it (on the clock): the hand-over runs after the create answered.
      await waitFor(async () => (await api.get(`/v1/payments/${paid.body.id as string}`)).body.clearing_status === 'clearing', {
        what: 'the bank to take the payment',
      });
      now = await advance(api, DAY);
      const settled = await paymentIn(api, paid.body.id as string, 'settled');
      settlementDates.push(settled.settlement_date as string);
      expect(settled.settlement_date).toBe(dateOf(now));
      // Settled, it still counts: the month allows no second one.
      expect(errorOf(await pay(api, id))).toMatchObject({ status: 422, code: 'frequency_limit_reached' });
    }
    expect(new Set(settlementDates.map((d) => d.slice(0, 7))).size).toBe(12);
    // The consent year began when the mandate was made, on the merchant's clock: all twelve are in it.
    const inYear = await api.get<{ usage: Record<string, unknown>[] }>(`/v1/mandates/${id}`);
    expect(inYear.body.usage).toEqual([
      expect.objectContaining({ period: 'year', alignment: 'consent', payments_used: 12, payments_remaining: 0 }),
    ]);
    expect(Date.parse(inYear.body.usage[0]!.period_start as string)).toBe(createdAt);
    // Past the anniversary a new consent year, and a thirteenth collection, begin.
    now = await advance(api, Math.ceil((secondOfMonth(now) - now.getTime()) / 1000));
    expect(now.getTime()).toBeGreaterThan(Date.parse(inYear.body.usage[0]!.period_end as string));
    expect((await pay(api, id)).status).toBe(201);
    const nextYear = await api.get<{ usage: Record<string, unknown>[] }>(`/v1/mandates/${id}`);
    expect(nextYear.body.usage[0]).toMatchObject({ payments_used: 1, period_start: inYear.body.usage[0]!.period_end });
  });

  it('retries a failed payment on day 6 and refuses the retry on day 8', async () => {
    const api = await merchantApi();
    const mandate = await activeMandate(api, { frequency: 'adhoc' });
    const paid = await pay(api, mandate.id as string);
    const id = paid.body.id as string;
    await api.post(`/v1/sandbox/payments/${id}/fail`, { failure_code: 'insufficient_funds' });
    await paymentIn(api, id, 'failed');
    await advance(api, 6 * DAY);
    const retried = await api.post(`/v1/payments/${id}/retry`);
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body).toMatchObject({ status: 'submitted', retry_count: 1 });
    await api.post(`/v1/sandbox/payments/${id}/fail`, { failure_code: 'insufficient_funds' });
    await paymentIn(api, id, 'failed');
    await advance(api, 2 * DAY);
    expect(errorOf(await api.post(`/v1/payments/${id}/retry`))).toEqual({ status: 422, code: 'retry_window_expired' });
  });

  it('activates a mandate made on an advanced clock once its sandbox delay has passed on that clock', async () => {
    const api = await merchantApi();
    await advance(api, 90 * DAY);
    const created = await api.post('/v1/mandates', mandateBody(await sandboxCustomer(api)));
    expect(created.body.status).toBe('pending_sca');
    expect(Date.parse(created.body.created_at as string)).toBeGreaterThanOrEqual((await clockOf(api)).getTime() - 60_000);
    // The harness sets a 10-minute activation delay: nothing happens on the wall clock meanwhile.
    await new Promise((r) => setTimeout(r, 300));
    expect((await api.get(`/v1/mandates/${created.body.id as string}`)).body.status).toBe('pending_sca');
    await advance(api, 11 * 60);
    await waitFor(async () => (await api.get(`/v1/mandates/${created.body.id as string}`)).body.status === 'active', {
      what: 'mandate activated',
    });
  });

  it('dates a refund on the clock and settles it by itself a day later on the clock', async () => {
    const api = await merchantApi();
    const mandate = await activeMandate(api, { frequency: 'adhoc' });
    const paid = await pay(api, mandate.id as string);
    await api.post(`/v1/sandbox/payments/${paid.body.id as string}/settle`);
    await paymentIn(api, paid.body.id as string, 'settled');
    const now = await advance(api, 60 * DAY);
    const refund = await api.post(`/v1/payments/${paid.body.id as string}/refunds`, { amount: '4.00' });
    expect(refund.status, refund.text).toBe(201);
    expect(Date.parse(refund.body.created_at as string)).toBeGreaterThanOrEqual(now.getTime());
    expect((refund.body.expected_settlement_date as string) > dateOf(now)).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect((await api.get(`/v1/refunds/${refund.body.id as string}`)).body.status).toBe('pending_settlement');
    await advance(api, DAY);
    const settled = await waitFor(async () => {
      const res = await api.get(`/v1/refunds/${refund.body.id as string}`);
      return res.body.status === 'settled' ? res.body : undefined;
    });
    expect(Date.parse(settled.settled_at as string)).toBeGreaterThanOrEqual(now.getTime() + DAY * 1000);
  });

  it('opens and closes the validity window', async () => {
    const api = await merchantApi();
    const now = await clockOf(api);
    const mandate = await activeMandate(api, {
      frequency: 'adhoc',
      controls: {
        valid_from: new Date(now.getTime() + 2 * DAY * 1000).toISOString(),
        valid_to: new Date(now.getTime() + 10 * DAY * 1000).toISOString(),
      },
    });
    expect(errorOf(await pay(api, mandate.id as string))).toMatchObject({ status: 422, code: 'mandate_not_yet_valid' });
    await advance(api, 3 * DAY);
    const paid = await pay(api, mandate.id as string);
    expect(paid.status, paid.text).toBe(201);
    await api.post(`/v1/sandbox/payments/${paid.body.id as string}/settle`);
    await paymentIn(api, paid.body.id as string, 'settled');
    await advance(api, 8 * DAY);
    // Past valid_to the mandate expires (mandate.expired); from then on a payment is not possible under it.
    await waitFor(async () => (await api.get(`/v1/mandates/${mandate.id as string}`)).body.status === 'expired');
    expect(errorOf(await pay(api, mandate.id as string))).toMatchObject({ status: 422, code: 'mandate_not_active' });
  });

  it('settles a payment by itself once a day has passed on the clock, dated on the clock', async () => {
    const api = await merchantApi();
    const mandate = await activeMandate(api, { frequency: 'adhoc' });
    const paid = await pay(api, mandate.id as string);
    expect(paid.status).toBe(201);
    await new Promise((r) => setTimeout(r, 300));
    expect((await api.get(`/v1/payments/${paid.body.id as string}`)).body.status).toBe('submitted');
    const now = await advance(api, 30 * DAY);
    const settled = await paymentIn(api, paid.body.id as string, 'settled');
    expect(settled.settlement_date).toBe(dateOf(now));
  });

  it('runs webhook retries on the schedule, signs with a rotated secret for 24 h only, and fails a delivery after its 24 h window', async () => {
    const api = await merchantApi();
    const endpoint = await api.post('/v1/webhook-endpoints', { url: receiverUrl, enabled_events: ['mandate.created'] });
    expect(endpoint.status, endpoint.text).toBe(201);
    const endpointId = endpoint.body.id as string;
    const created = await clockOf(api);
    expect(Date.parse(endpoint.body.secret_expires_at as string) - created.getTime()).toBeGreaterThan(89 * DAY * 1000);

    const rotated = await api.post(`/v1/webhook-endpoints/${endpointId}/rotate-secret`);
    expect(rotated.status).toBe(200);
    const overlapEnd = Date.parse(rotated.body.previous_secret_expires_at as string);

    receiverDown = true;
    await api.post('/v1/mandates', mandateBody(await sandboxCustomer(api)));
    const eventId = await waitFor(async () => {
      const list = await api.get<{ results: { id: string }[] }>('/v1/webhook-events?event_type=mandate.created');
      return list.body.results[0]?.id;
    });
    await waitFor(() => (hits.get(eventId) ?? 0) >= 1, { what: 'first attempt' });
    // Nothing more happens on the wall clock: the next attempt is a minute away on the merchant's.
    await new Promise((r) => setTimeout(r, 300));
    expect(hits.get(eventId)).toBe(1);

    // The endpoint stays down for 25 hours, walked an hour at a time.
    for (let hour = 1; hour <= 25; hour++) {
      const now = await advance(api, HOUR);
      await settledDeliveries(eventId);
      if (hour === 25) expect(now.getTime()).toBeGreaterThan(overlapEnd);
    }
    const event = await waitFor(async () => {
      const res = await api.get<{ delivery_status: string; attempts: { attempted_at: string }[] }>(`/v1/webhook-events/${eventId}`);
      return res.body.delivery_status === 'delivery_failed' ? res.body : undefined;
    });
    expect(event.attempts).toHaveLength(9);
    expect(hits.get(eventId)).toBe(9);
    const times = event.attempts.map((a) => Date.parse(a.attempted_at));
    // No attempt came before its time (a minute, five, half an hour, ... six hours, less 10% jitter);
    // each ran at the first advance that reached it. The last one, which its eight hours would have
    // put past the 24 h window, is made at the window's end (and so at most an hour late).
    const waits = times.slice(1).map((t, i) => (t - times[i]!) / 60_000);
    [1, 5, 30, 60, 120, 240, 360].forEach((minutes, i) => expect(waits[i]).toBeGreaterThanOrEqual(minutes * 0.9));
    expect(times[8]! - times[0]!).toBeGreaterThanOrEqual(21 * HOUR * 1000);
    expect(times[8]! - times[0]!).toBeLessThan(25 * HOUR * 1000);

    // The rotated-out secret signed beside the new one until its overlap ended on the merchant's clock.
    expect(signatures.get(eventId)![0]).toBe(2);
    expect(signatures.get(eventId)![8]).toBe(1);
    const after = await api.get(`/v1/webhook-endpoints/${endpointId}`);
    expect(after.body.previous_secret_expires_at ?? null).toBeNull();
  });
});

/** Waits until no delivery of `eventId` is due on its merchant's clock and every request the receiver got is recorded as an attempt. */
async function settledDeliveries(eventId: string): Promise<void> {
  await waitFor(
    async () => {
      // Neither due nor in flight (claimed, its POST perhaps not even sent yet), and every POST recorded.
      const { rows } = await db.query<{ due: number; attempts: number }>(
        `SELECT (SELECT count(*)::int FROM webhook.deliveries d LEFT JOIN webhook.merchant_clocks c USING (merchant_id)
                  WHERE d.event_id = $1 AND d.status IN ('pending', 'retrying')
                    AND (d.next_attempt_at <= now() + coalesce(c.offset_ms, 0) * interval '1 millisecond'
                         OR d.leased_until > now())) AS due,
                (SELECT count(*)::int FROM webhook.attempts WHERE event_id = $1) AS attempts`,
        [eventId],
      );
      return rows[0]!.due === 0 && rows[0]!.attempts === (hits.get(eventId) ?? 0);
    },
    { what: `deliveries of ${eventId} settled` },
  );
}
