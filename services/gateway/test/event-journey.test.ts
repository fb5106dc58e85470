import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { EVENT_TYPES } from '@vrp/contracts';
import { generateTestTls, waitFor } from '@vrp/testing';
import { verifyWebhook } from '@vrp/webhook-verify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from './support/api.js';
import { mandateBody, sandboxCustomer } from './support/fixtures.js';
import { startPlatform, type Platform } from './support/platform.js';

/**
 * Every one of the ten event types made by its real producer (the mandate, payment and refund
 * services, the bank simulator deciding payments and refunds) through the public API, and
 * delivered by the webhook service to a merchant's HTTPS receiver that verifies each signature
 * with the published verification package.
 */
interface Delivered {
  id: string;
  type: string;
  data: Record<string, unknown>;
  verified: boolean;
}

const tls = generateTestTls();
const delivered: Delivered[] = [];
let secret = '';
let receiver: https.Server;
let receiverUrl: string;
let platform: Platform;
let api: Api;

beforeAll(async () => {
  receiver = https.createServer({ cert: tls.cert, key: tls.key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      let verified = true;
      try {
        verifyWebhook({ body: raw, header: req.headers['x-svc-signature'] as string | undefined, secrets: secret });
      } catch {
        verified = false;
      }
      const body = JSON.parse(raw.toString('utf8')) as { event_id: string; event_type: string; data: Record<string, unknown> };
      delivered.push({ id: body.event_id, type: body.event_type, data: body.data, verified });
      res.writeHead(verified ? 200 : 400).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `https://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  platform = await startPlatform({ webhookCa: tls.ca, overrides: { WEBHOOK_ALLOW_INSECURE_LOOPBACK: 'true' } });
  api = platform.api((await platform.createMerchant({ payoutCurrency: 'GBP' })).token);
});
afterAll(async () => {
  await platform?.stop();
  receiver?.closeAllConnections();
  await new Promise((r) => receiver?.close(r));
});

/** POSTs and expects `status`, answering the body. */
async function ok(path: string, body?: Record<string, unknown>, status = 200): Promise<Record<string, unknown>> {
  const res = await api.post(path, body);
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(status);
  return res.body;
}

/** The delivered event of `type` about the object `id`, once it has arrived. */
const arrival = (type: string, id: string) =>
  waitFor(() => delivered.find((d) => d.type === type && d.data.id === id), { what: `${type} for ${id}`, timeoutMs: 20_000 });

describe('the ten event types, from their producers to a merchant', () => {
  it('delivers each, signed, with the object as the API shows it', async () => {
    const endpoint = await ok('/v1/webhook-endpoints', { url: receiverUrl }, 201);
    secret = endpoint.secret as string;
    const newMandate = async () => ok('/v1/mandates', mandateBody(await sandboxCustomer(api), { frequency: 'adhoc' }), 201);

    // Mandates: created, activated, suspended, (re)activated, revoked by the merchant.
    const m = await newMandate();
    const mandateId = m.id as string;
    await ok(`/v1/sandbox/mandates/${mandateId}/activate`);
    await ok(`/v1/sandbox/mandates/${mandateId}/suspend`);
    await ok(`/v1/sandbox/mandates/${mandateId}/reinstate`);

    // A payment the bank settles, refunded in full and the refund settled by the bank.
    const paid = await ok('/v1/payments', { mandate_id: mandateId, amount: '12.34', currency: 'GBP' }, 201);
    const paymentId = paid.id as string;
    await ok(`/v1/sandbox/payments/${paymentId}/settle`, undefined, 202);
    await waitFor(async () => (await api.get(`/v1/payments/${paymentId}`)).body.status === 'settled', { what: 'settlement' });
    const refund = await ok(`/v1/payments/${paymentId}/refunds`, { amount: '12.34' }, 201);
    const refundId = refund.id as string;
    await waitFor(async () => (await api.post(`/v1/sandbox/refunds/${refundId}/settle`)).status === 202, {
      what: 'the bank to settle the refund',
    });

    // A payment the bank fails; then the merchant cancels the mandate.
    const failing = await ok('/v1/payments', { mandate_id: mandateId, amount: '1.00', currency: 'GBP' }, 201);
    // The first payment is no longer open once settled, so this one may be made.
    await ok(`/v1/sandbox/payments/${failing.id as string}/fail`, { failure_code: 'insufficient_funds' }, 202);
    await ok(`/v1/mandates/${mandateId}/cancel`);

    const expected: [string, string][] = [
      ['mandate.created', mandateId],
      ['mandate.activated', mandateId],
      ['mandate.suspended', mandateId],
      ['mandate.revoked', mandateId],
      ['payment.submitted', paymentId],
      ['payment.settled', paymentId],
      ['payment.refunded', paymentId],
      ['payment.failed', failing.id as string],
      ['refund.created', refundId],
      ['refund.settled', refundId],
    ];
    expect(new Set(expected.map(([type]) => type))).toEqual(new Set(EVENT_TYPES));
    for (const [type, id] of expected) {
      const d = await arrival(type, id);
      expect(d.verified, `${type} signature`).toBe(true);
    }

    // Each payload is the object as it was right after its change.
    expect((await arrival('mandate.suspended', mandateId)).data.status).toBe('suspended');
    expect((await arrival('mandate.revoked', mandateId)).data).toMatchObject({ status: 'revoked', revoked_by: 'merchant' });
    expect((await arrival('payment.settled', paymentId)).data).toMatchObject({ status: 'settled', amount: '12.34', mandate_id: mandateId });
    expect((await arrival('payment.refunded', paymentId)).data).toMatchObject({ status: 'refunded', amount_refunded: '12.34' });
    expect((await arrival('payment.failed', failing.id as string)).data).toMatchObject({
      status: 'failed',
      failure_code: 'insufficient_funds',
    });
    expect((await arrival('refund.created', refundId)).data).toMatchObject({ payment_id: paymentId, amount: '12.34' });
    expect((await arrival('refund.settled', refundId)).data).toMatchObject({ status: 'settled', payment_id: paymentId });
    expect(delivered.filter((d) => d.type === 'mandate.activated' && d.data.id === mandateId)).toHaveLength(2);

    // The merchant's event log agrees: every event delivered, none failed.
    const events = await waitFor(
      async () => {
        const res = await api.get('/v1/webhook-events?page_size=100');
        const rows = res.body.results as { event_type: string; delivery_status: string }[];
        return rows.length === delivered.length && rows.every((e) => e.delivery_status === 'delivered') ? rows : undefined;
      },
      { what: 'every event to show delivered' },
    );
    expect(new Set(events.map((e) => e.event_type))).toEqual(new Set(EVENT_TYPES));
  });
});
