import { EVENT_TYPES } from '@vrp/contracts';
import { generateTestTls, type Received, TestReceiver, waitFor } from '@vrp/testing';
import { openapiDocument } from '@vrp/public-api';
import { EVENT_SCHEMAS, type EventType, verifyEvent, verifyWebhook, WebhookVerificationError } from '@vrp/webhook-verify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The webhook service's own test receiver: a real HTTPS server that checks X-SVC-Signature by hand.
import type { Api } from './support/api.js';
import { mandateBody, sandboxCustomer } from './support/fixtures.js';
import { startPlatform, type Platform } from './support/platform.js';
import { schemaProblems } from './support/schema.js';

/**
 * End to end, every one of the public event types: each is caused through the public API
 * (and, where the bank decides, the sandbox routes that drive the model bank), written
 * by its real producer (mandate, payment or refund service, inside the change's transaction),
 * relayed over NATS JetStream and delivered by the webhook service to a local HTTPS receiver.
 * No event is inserted by hand and the "send test event" route is never used.
 *
 * The receiver must get exactly the expected events (no more, no fewer), each signed correctly,
 * each carrying the object it is about, and the events API must show every one delivered.
 */

type Json = Record<string, unknown>;

/** One event the scenario must cause: its type, the object it is about, and what its data must show. */
interface Expected {
  type: string;
  id: string;
  data: Json;
}

const tls = generateTestTls();
const receiver = new TestReceiver(tls);
let platform: Platform;
let api: Api;

beforeAll(async () => {
  await receiver.start();
  // The receiver listens on https://127.0.0.1 (not https://sandbox…), which the local-development
  // setting allows; the webhook service trusts the receiver's throwaway CA.
  platform = await startPlatform({ webhookCa: tls.ca, overrides: { WEBHOOK_ALLOW_INSECURE_LOOPBACK: 'true' } });
  api = platform.api((await platform.createMerchant({ payoutCurrency: 'GBP' })).token);
});

afterAll(async () => {
  await platform?.stop();
  await receiver.stop();
});

/** Sends `method path` and expects `status`; answers the body. */
async function call(path: string, body: Json | undefined, status: number): Promise<Json> {
  const res = await api.post(path, body);
  expect(res.status, `POST ${path} answered ${res.status}: ${res.text}`).toBe(status);
  return res.body;
}

/** Waits until GET `path` shows `fields` (a partial match). */
async function until(path: string, fields: Json, what: string): Promise<Json> {
  return waitFor(
    async () => {
      const res = await api.get(path);
      const matches = Object.entries(fields).every(([k, v]) => res.body[k] === v);
      if (!matches) throw new Error(`GET ${path} is ${res.status} ${res.text}`);
      return res.body;
    },
    { what, timeoutMs: 15_000 },
  );
}

/** The model bank learns of a refund asynchronously: repeat the sandbox call until it accepts. */
async function bankDecidesRefund(refundId: string, action: 'settle' | 'fail'): Promise<void> {
  await waitFor(
    async () => {
      const res = await api.post(`/v1/sandbox/refunds/${refundId}/${action}`);
      if (res.status !== 202) throw new Error(`POST /v1/sandbox/refunds/${refundId}/${action} answered ${res.status} ${res.text}`);
      return true;
    },
    { what: `the bank to ${action} refund ${refundId}`, timeoutMs: 15_000 },
  );
}

/** Distinct deliveries by event id (delivery is at least once; a redelivery must be byte-identical). */
function deliveriesByEventId(): Map<string, Received> {
  const byId = new Map<string, Received>();
  for (const r of receiver.received) {
    const first = byId.get(r.body.event_id);
    if (first) expect(r.rawBody, `redelivery of ${r.body.event_id} differs from the first delivery`).toBe(first.rawBody);
    else byId.set(r.body.event_id, r);
  }
  return byId;
}

const key = (type: string, id: string) => `${type} ${id}`;

/** Counts of "type objectId" in `items`. */
function tally(items: { type: string; id: string }[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { type, id } of items) counts.set(key(type, id), (counts.get(key(type, id)) ?? 0) + 1);
  return counts;
}

/** Human-readable difference between the expected and received multisets of "type objectId". */
function difference(expected: Map<string, number>, got: Map<string, number>): { missing: string[]; unexpected: string[] } {
  const missing: string[] = [];
  const unexpected: string[] = [];
  for (const [k, n] of expected) for (let i = got.get(k) ?? 0; i < n; i++) missing.push(k);
  for (const [k, n] of got) for (let i = expected.get(k) ?? 0; i < n; i++) unexpected.push(k);
  return { missing, unexpected };
}

describe('the ten webhook event types, each from its real producer to an HTTPS receiver', () => {
  it(
    'delivers exactly the caused events, signed, about the right objects, and the events API shows them delivered',
    { timeout: 90_000 },
    async () => {
      // The merchant registers its endpoint through the public API (all event types: no filter).
      const endpoint = await call('/v1/webhook-endpoints', { url: receiver.url, description: 'event types e2e' }, 201);
      const secret = endpoint.secret as string;
      expect(secret).toMatch(/^whsec_/);
      receiver.secrets = [secret];

      // ── Mandate A: created → activated (bank/customer SCA) → suspended → reinstated (activated). ──
      const customerA = await sandboxCustomer(api);
      const mandateA = (await call('/v1/mandates', mandateBody(customerA, { frequency: 'adhoc' }), 201)).id as string;
      await call(`/v1/sandbox/mandates/${mandateA}/activate`, undefined, 200);
      await call(`/v1/sandbox/mandates/${mandateA}/suspend`, undefined, 200);
      await call(`/v1/sandbox/mandates/${mandateA}/reinstate`, undefined, 200);

      // ── Payment 1: submitted → the bank settles it. ──
      const payment1 = (await call('/v1/payments', { mandate_id: mandateA, amount: '12.34', currency: 'GBP' }, 201)).id as string;
      await call(`/v1/sandbox/payments/${payment1}/settle`, undefined, 202);
      await until(`/v1/payments/${payment1}`, { status: 'settled' }, `payment ${payment1} to settle`);

      // ── Refund 1 (partial): created (payment.refunded too) → the bank settles it. ──
      const refund1 = await call(`/v1/payments/${payment1}/refunds`, { amount: '5.00', reason: 'partial' }, 201);
      const refund1Id = refund1.id as string;
      expect(refund1).toMatchObject({ payment_id: payment1, status: 'pending_settlement' });
      await bankDecidesRefund(refund1Id, 'settle');
      await until(`/v1/refunds/${refund1Id}`, { status: 'settled' }, `refund ${refund1Id} to settle`);

      // ── Refund 2 (the rest): created (payment.refunded, now fully) → the bank rejects it. ──
      // refund.failed, and the payment service gives the amount back and announces the payment as
      // it now is (settled again) with payment.settled.
      const refund2Id = (await call(`/v1/payments/${payment1}/refunds`, { amount: '7.34' }, 201)).id as string;
      await bankDecidesRefund(refund2Id, 'fail');
      await until(`/v1/refunds/${refund2Id}`, { status: 'failed' }, `refund ${refund2Id} to fail`);
      await until(`/v1/payments/${payment1}`, { status: 'settled', amount_refunded: '5.00' }, `payment ${payment1} to be settled again`);

      // ── Payment 2: submitted → the bank fails it → retried (submitted) → the bank settles it. ──
      const payment2 = (await call('/v1/payments', { mandate_id: mandateA, amount: '1.00', currency: 'GBP' }, 201)).id as string;
      await call(`/v1/sandbox/payments/${payment2}/fail`, { failure_code: 'insufficient_funds' }, 202);
      await until(`/v1/payments/${payment2}`, { status: 'failed' }, `payment ${payment2} to fail`);
      expect(await call(`/v1/payments/${payment2}/retry`, undefined, 200)).toMatchObject({ status: 'submitted', retry_count: 1 });
      await call(`/v1/sandbox/payments/${payment2}/settle`, undefined, 202);
      await until(`/v1/payments/${payment2}`, { status: 'settled' }, `payment ${payment2} to settle after its retry`);

      // ── The merchant cancels mandate A (revoked by merchant). ──
      await call(`/v1/mandates/${mandateA}/cancel`, undefined, 200);

      // ── Mandate B: created, then revoked by the customer at their bank before SCA. ──
      const mandateB = (await call('/v1/mandates', mandateBody(await sandboxCustomer(api), { frequency: 'adhoc' }), 201)).id as string;
      await call(`/v1/sandbox/mandates/${mandateB}/revoke`, { by: 'customer' }, 200);

      // ── Mandate D: valid for a moment, then expired (its valid_to passed on the merchant's clock). ──
      const { now } = (await api.get('/v1/sandbox/clock')).body;
      const mandateD = (
        await call(
          '/v1/mandates',
          mandateBody(await sandboxCustomer(api), {
            frequency: 'adhoc',
            controls: { valid_to: new Date(Date.parse(now as string) + 1500).toISOString() },
          }),
          201,
        )
      ).id as string;
      await until(`/v1/mandates/${mandateD}`, { status: 'expired' }, `mandate ${mandateD} to expire`);

      // ── Mandate requests: one approved at the model bank (its mandate created and activated), one declined, one expired. ──
      const requestBody = {
        customer: { name: 'Jo Bloggs' },
        maximum_amount: '30.00',
        currency: 'GBP',
        frequency: 'monthly',
        redirect_uri: 'https://sandbox.example.com/done',
      };
      const [approved, declined, expired] = [
        (await call('/v1/mandate-requests', requestBody, 201)).id as string,
        (await call('/v1/mandate-requests', requestBody, 201)).id as string,
        (await call('/v1/mandate-requests', requestBody, 201)).id as string,
      ];
      const mandateC = (await call(`/v1/sandbox/mandate-requests/${approved}/approve`, undefined, 200)).mandate_id as string;
      await call(`/v1/sandbox/mandate-requests/${declined}/decline`, undefined, 200);
      await call(`/v1/sandbox/mandate-requests/${expired}/expire`, undefined, 200);

      // ── Schedules: one collects its only cycle (completed); one is paused, resumed and cancelled;
      // under a monthly mandate that collected this month, one defers its first cycle and one skips it. ──
      const mandateS = (await call('/v1/mandates', mandateBody(await sandboxCustomer(api), { frequency: 'adhoc' }), 201)).id as string;
      await call(`/v1/sandbox/mandates/${mandateS}/activate`, undefined, 200);
      const scheduleBody = { amount: '3.00', interval_unit: 'month' };
      const once = (await call('/v1/schedules', { ...scheduleBody, mandate_id: mandateS, count: 1 }, 201)).id as string;
      await until(`/v1/schedules/${once}`, { status: 'completed' }, `schedule ${once} to complete`);
      const scheduledPayment = (await api.get<{ results: { id: string }[] }>(`/v1/payments?schedule_id=${once}`)).body.results;
      const later = (await call('/v1/schedules', { ...scheduleBody, mandate_id: mandateS, start_date: '2099-01-01' }, 201)).id as string;
      await call(`/v1/schedules/${later}/pause`, undefined, 200);
      await call(`/v1/schedules/${later}/resume`, undefined, 200);
      await call(`/v1/schedules/${later}/cancel`, undefined, 200);
      const mandateE = (await call('/v1/mandates', mandateBody(await sandboxCustomer(api), { frequency: 'monthly' }), 201)).id as string;
      await call(`/v1/sandbox/mandates/${mandateE}/activate`, undefined, 200);
      const payment3 = (await call('/v1/payments', { mandate_id: mandateE, amount: '2.00', currency: 'GBP' }, 201)).id as string;
      await call(`/v1/sandbox/payments/${payment3}/settle`, undefined, 202);
      await until(`/v1/payments/${payment3}`, { status: 'settled' }, `payment ${payment3} to settle`);
      const deferring = (await call('/v1/schedules', { ...scheduleBody, mandate_id: mandateE, count: 2 }, 201)).id as string;
      const skipping = (await call('/v1/schedules', { ...scheduleBody, mandate_id: mandateE, count: 2, on_limit: 'skip' }, 201))
        .id as string;

      // ── An export of refund 1 (one row): export.completed once its file is whole. ──
      const exportId = (
        await call('/v1/exports', { type: 'refunds', format: 'csv', filters: { payment_id: payment1, status: 'settled' } }, 202)
      ).id as string;
      await until(`/v1/exports/${exportId}`, { status: 'completed' }, `export ${exportId} to complete`);

      // Every event this scenario causes, per object in the order it happened.
      const expected: Expected[] = [
        {
          type: 'export.completed',
          id: exportId,
          data: {
            status: 'completed',
            type: 'refunds',
            row_count: 1,
            download_url: `${platform.gatewayEnv.PUBLIC_BASE_URL}/v1/exports/${exportId}/download`,
          },
        },
        { type: 'mandate.created', id: mandateS, data: { status: 'pending_sca' } },
        { type: 'mandate.activated', id: mandateS, data: { status: 'active' } },
        { type: 'schedule.created', id: once, data: { status: 'active', mandate_id: mandateS, payments_created: 0 } },
        { type: 'payment.submitted', id: scheduledPayment[0]!.id, data: { status: 'submitted', schedule_id: once, amount: '3.00' } },
        { type: 'schedule.completed', id: once, data: { status: 'completed', payments_created: 1, upcoming: [] } },
        { type: 'schedule.created', id: later, data: { status: 'active', next_charge_date: '2099-01-01' } },
        { type: 'schedule.paused', id: later, data: { status: 'paused' } },
        { type: 'schedule.resumed', id: later, data: { status: 'active' } },
        { type: 'schedule.cancelled', id: later, data: { status: 'cancelled', cancel_cause: 'merchant' } },
        { type: 'mandate.created', id: mandateE, data: { status: 'pending_sca' } },
        { type: 'mandate.activated', id: mandateE, data: { status: 'active' } },
        { type: 'payment.submitted', id: payment3, data: { status: 'submitted', schedule_id: null } },
        { type: 'payment.settled', id: payment3, data: { status: 'settled' } },
        { type: 'schedule.created', id: deferring, data: { status: 'active', on_limit: 'defer' } },
        { type: 'schedule.cycle_deferred', id: deferring, data: { status: 'active', payments_created: 0 } },
        { type: 'schedule.created', id: skipping, data: { status: 'active', on_limit: 'skip' } },
        { type: 'schedule.cycle_skipped', id: skipping, data: { status: 'active', payments_created: 0 } },
        { type: 'mandate.created', id: mandateC, data: { status: 'pending_sca', mandate_request_id: approved } },
        { type: 'mandate.activated', id: mandateC, data: { status: 'active', mandate_request_id: approved } },
        { type: 'mandate_request.authorised', id: approved, data: { status: 'authorised', mandate_id: mandateC } },
        { type: 'mandate_request.declined', id: declined, data: { status: 'declined', mandate_id: null } },
        { type: 'mandate_request.expired', id: expired, data: { status: 'expired', mandate_id: null } },
        { type: 'mandate.created', id: mandateA, data: { status: 'pending_sca', customer_id: customerA } },
        { type: 'mandate.activated', id: mandateA, data: { status: 'active' } },
        { type: 'mandate.suspended', id: mandateA, data: { status: 'suspended', suspension_reason: 'risk_review' } },
        { type: 'mandate.activated', id: mandateA, data: { status: 'active' } },
        {
          type: 'mandate.revoked',
          id: mandateA,
          data: { status: 'revoked', revoked_by: 'merchant', revocation_reason: 'merchant_cancelled' },
        },
        { type: 'mandate.created', id: mandateB, data: { status: 'pending_sca' } },
        {
          type: 'mandate.revoked',
          id: mandateB,
          data: { status: 'revoked', revoked_by: 'customer', revocation_reason: 'consent_revoked_at_bank' },
        },
        { type: 'mandate.created', id: mandateD, data: { status: 'pending_sca' } },
        { type: 'mandate.expired', id: mandateD, data: { status: 'expired' } },
        { type: 'payment.submitted', id: payment1, data: { status: 'submitted', mandate_id: mandateA, amount: '12.34', currency: 'GBP' } },
        { type: 'payment.settled', id: payment1, data: { status: 'settled', mandate_id: mandateA, amount_refunded: '0.00' } },
        { type: 'payment.refunded', id: payment1, data: { status: 'settled', amount_refunded: '5.00' } },
        { type: 'payment.refunded', id: payment1, data: { status: 'refunded', amount_refunded: '12.34' } },
        { type: 'payment.settled', id: payment1, data: { status: 'settled', amount_refunded: '5.00' } },
        { type: 'payment.submitted', id: payment2, data: { status: 'submitted', mandate_id: mandateA, amount: '1.00', retry_count: 0 } },
        { type: 'payment.failed', id: payment2, data: { status: 'failed', failure_code: 'insufficient_funds' } },
        { type: 'payment.submitted', id: payment2, data: { status: 'submitted', retry_count: 1 } },
        { type: 'payment.settled', id: payment2, data: { status: 'settled', retry_count: 1 } },
        { type: 'refund.created', id: refund1Id, data: { status: 'pending_settlement', payment_id: payment1, amount: '5.00' } },
        { type: 'refund.settled', id: refund1Id, data: { status: 'settled', payment_id: payment1, amount: '5.00' } },
        { type: 'refund.created', id: refund2Id, data: { status: 'pending_settlement', payment_id: payment1, amount: '7.34' } },
        { type: 'refund.failed', id: refund2Id, data: { status: 'failed', payment_id: payment1, amount: '7.34' } },
      ];
      // The scenario covers the whole catalogue: every type, nothing else.
      expect(new Set(expected.map((e) => e.type))).toEqual(new Set(EVENT_TYPES));

      // Wait for the receiver to hold every expected delivery; on a timeout the message names what is missing.
      const wanted = tally(expected);
      await waitFor(
        () => {
          const got = tally([...deliveriesByEventId().values()].map((r) => ({ type: r.body.event_type, id: String(r.body.data.id) })));
          const { missing } = difference(wanted, got);
          if (missing.length > 0) throw new Error(`the receiver is still missing: ${missing.join('; ')}`);
          return true;
        },
        { what: 'every expected event at the HTTPS receiver', timeoutMs: 20_000 },
      );

      // The events API agrees and shows each one delivered (this also lets any stray event surface).
      const listed = await waitFor(
        async () => {
          const res = await api.get<{ results: Json[]; has_more?: boolean }>('/v1/webhook-events?page_size=200');
          const rows = res.body.results;
          const notDelivered = rows
            .filter((e) => e.delivery_status !== 'delivered')
            .map((e) => `${e.event_type} ${e.id} (${e.delivery_status})`);
          if (rows.length < expected.length || notDelivered.length > 0) {
            throw new Error(`events API lists ${rows.length}/${expected.length}; not delivered: ${notDelivered.join('; ') || 'none'}`);
          }
          return rows;
        },
        { what: 'the events API to show every event delivered', timeoutMs: 20_000 },
      );

      // Exactly the expected events arrived: no missing and no unexpected type/object pair.
      const delivered = deliveriesByEventId();
      const received = [...delivered.values()];
      const got = tally(received.map((r) => ({ type: r.body.event_type, id: String(r.body.data.id) })));
      expect(difference(wanted, got), 'received events differ from the events this scenario causes').toEqual({
        missing: [],
        unexpected: [],
      });
      expect(new Set(received.map((r) => r.body.event_type)), 'received event types').toEqual(new Set(EVENT_TYPES));
      expect(received).toHaveLength(expected.length);

      // Each delivery's payload validates against its type's schema: the zod schema VrpEvent comes
      // from, and the JSON Schema GET /v1/event-types publishes for its data (both from the catalogue).
      const catalogue = (await api.get<{ type: string; schema: Json }[]>('/v1/event-types')).body;
      expect(catalogue.map((t) => t.type)).toEqual([...EVENT_TYPES, 'webhook_endpoint.disabled', 'webhook_endpoint.enabled']);
      const doc = openapiDocument();
      for (const r of received) {
        const type = r.body.event_type as EventType;
        const what = `${type} ${r.body.event_id}`;
        expect(EVENT_SCHEMAS[type].safeParse(r.body).error?.issues ?? [], `${what} against its zod schema`).toEqual([]);
        const schema = catalogue.find((t) => t.type === type)!.schema;
        expect(schemaProblems(r.body.data, schema, doc), `${what} data against GET /v1/event-types`).toEqual([]);
        expect(verifyEvent({ body: r.rawBody, headers: r.headers, secrets: secret }), `${what} via verifyEvent`).toEqual(r.body);
      }
      // The schemas are not vacuous: a payment's data is not a refund's.
      const payment = received.find((r) => r.body.event_type === 'payment.settled')!;
      expect(EVENT_SCHEMAS['refund.settled'].safeParse({ ...payment.body, event_type: 'refund.settled' }).success).toBe(false);
      expect(schemaProblems(payment.body.data, catalogue.find((t) => t.type === 'refund.settled')!.schema, doc)).not.toEqual([]);

      // Each delivery: correctly signed (by hand and with @vrp/webhook-verify), headers consistent with the body.
      for (const r of received) {
        const what = `${r.body.event_type} ${r.body.event_id}`;
        expect(r.path, `${what} path`).toBe('/hooks');
        expect({ valid: r.validSignatures, total: r.signatureCount }, `${what} signature (checked by hand)`).toEqual({
          valid: 1,
          total: 1,
        });
        const header = r.headers['x-svc-signature'] as string | undefined;
        expect(() => verifyWebhook({ body: r.rawBody, header, secrets: secret }), `${what} signature (@vrp/webhook-verify)`).not.toThrow();
        // The check is not vacuous: another secret does not verify the same delivery.
        expect(() => verifyWebhook({ body: r.rawBody, header, secrets: 'whsec_not_the_endpoint_secret' })).toThrow(
          WebhookVerificationError,
        );
        expect(r.headers['x-svc-event-id'], `${what} X-SVC-Event-Id`).toBe(r.body.event_id);
        expect(r.headers['x-svc-event-type'], `${what} X-SVC-Event-Type`).toBe(r.body.event_type);
        expect(r.headers['x-svc-sandbox'], `${what} X-SVC-Sandbox`).toBe('true');
        expect(Number(r.headers['x-svc-delivery-attempt']), `${what} X-SVC-Delivery-Attempt`).toBeGreaterThanOrEqual(1);
        expect(Object.keys(r.body).sort(), `${what} body fields`).toEqual(['created_at', 'data', 'event_id', 'event_type']);
        expect(r.body.event_id, `${what} event id`).toMatch(/^EV/);
      }

      // Each object's events, in the order they were created, carry the object as it was right after each change.
      const groups = new Map<string, Received[]>();
      for (const r of received) {
        const k = key(r.body.event_type, String(r.body.data.id));
        groups.set(k, [...(groups.get(k) ?? []), r]);
      }
      const chronological = (a: Received, b: Received) =>
        a.body.created_at.localeCompare(b.body.created_at) || a.body.event_id.localeCompare(b.body.event_id);
      for (const [k, group] of groups) {
        const wantedData = expected.filter((e) => key(e.type, e.id) === k).map((e) => expect.objectContaining({ id: e.id, ...e.data }));
        expect(
          group.sort(chronological).map((r) => r.body.data),
          `data of ${k}`,
        ).toEqual(wantedData);
      }

      // Each object's latest event carries it exactly as its own GET endpoint returns it now.
      const latest = (type: string, id: string) => groups.get(key(type, id))!.sort(chronological).at(-1)!.body.data;
      const exactly: [string, string, string][] = [
        ['mandate.revoked', mandateA, `/v1/mandates/${mandateA}`],
        ['mandate.revoked', mandateB, `/v1/mandates/${mandateB}`],
        ['payment.settled', payment2, `/v1/payments/${payment2}`],
        ['refund.settled', refund1Id, `/v1/refunds/${refund1Id}`],
      ];
      for (const [type, id, path] of exactly) {
        expect(latest(type, id), `${type} data vs GET ${path}`).toEqual((await api.get(path)).body);
      }
      // payment 1's last change was refund 2 being given back (payment.settled after payment.refunded).
      const payment1Events = received
        .filter((r) => r.body.data.id === payment1)
        .sort(chronological)
        .map((r) => r.body.event_type);
      expect(payment1Events).toEqual(['payment.submitted', 'payment.settled', 'payment.refunded', 'payment.refunded', 'payment.settled']);
      expect(latest('payment.settled', payment1)).toEqual((await api.get(`/v1/payments/${payment1}`)).body);

      // The events API lists exactly the delivered events, each as delivered, none a test event,
      // each with a successful attempt to this endpoint.
      expect(new Set(listed.map((e) => e.id)), 'events API ids vs received ids').toEqual(new Set(delivered.keys()));
      for (const row of listed) {
        const r = delivered.get(row.id as string)!;
        expect(row, `events API row ${row.id as string}`).toMatchObject({
          event_type: r.body.event_type,
          created_at: r.body.created_at,
          delivery_status: 'delivered',
          test: false,
          data: r.body.data,
        });
        const one = await api.get<{ attempts: Json[] }>(`/v1/webhook-events/${row.id as string}`);
        expect(one.status).toBe(200);
        expect(one.body.attempts, `attempts of ${row.id as string}`).toContainEqual(
          expect.objectContaining({ endpoint_id: endpoint.id, success: true, status_code: 200 }),
        );
      }
      for (const type of EVENT_TYPES) {
        const res = await api.get<{ results: Json[] }>(`/v1/webhook-events?event_type=${type}&delivery_status=delivered&page_size=200`);
        expect(res.body.results.length, `events API, ${type} delivered`).toBe(expected.filter((e) => e.type === type).length);
      }
    },
  );
});
