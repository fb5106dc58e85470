import { generateTestTls, TestReceiver, waitFor } from '@vrp/testing';
import { InMemorySpanExporter, startTracing, type ReadableSpan, type Tracing } from '@vrp/tracing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mandateBody, sandboxCustomer } from './support/fixtures.js';
import { startPlatform, type Platform } from './support/platform.js';

/**
 * One trace from the merchant's HTTP request to the webhook POST it causes: gateway → gRPC →
 * the payment service's queries and outbox row → the relay's NATS message → the webhook
 * service's consumer and its delivery attempt. Every service runs in this process here, so one
 * in-memory exporter sees every span each of them ends.
 */
const exporter = new InMemorySpanExporter();
const tls = generateTestTls();
const receiver = new TestReceiver(tls);
let tracing: Tracing;
let platform: Platform;

beforeAll(async () => {
  tracing = startTracing({ service: 'vrp-test', exporter });
  await receiver.start();
  platform = await startPlatform({ webhookCa: tls.ca, overrides: { WEBHOOK_ALLOW_INSECURE_LOOPBACK: 'true' } });
});

afterAll(async () => {
  await platform?.stop();
  await receiver.stop();
  await tracing?.shutdown();
});

const named = (spans: ReadableSpan[], name: string | RegExp) =>
  spans.filter((s) => (typeof name === 'string' ? s.name === name : name.test(s.name)));

describe('traces', () => {
  it('follow a payment create from the HTTP request to the webhook delivery it causes', async () => {
    const api = platform.api((await platform.createMerchant()).token);
    const endpoint = await api.post('/v1/webhook-endpoints', { url: receiver.url, description: 'tracing' });
    expect(endpoint.status).toBe(201);
    receiver.secrets = [endpoint.body.secret as string];
    const mandate = await api.post('/v1/mandates', mandateBody(await sandboxCustomer(api), { frequency: 'adhoc' }));
    await api.post(`/v1/sandbox/mandates/${mandate.body.id as string}/activate`);

    // The caller's own trace is continued: its traceparent names the root.
    const callerTrace = '4bf92f3577b34da6a3ce929d0e0e4736';
    const payment = await api.post(
      '/v1/payments',
      { mandate_id: mandate.body.id, amount: '12.00', currency: 'GBP' },
      { traceparent: `00-${callerTrace}-00f067aa0ba902b7-01` },
    );
    expect(payment.status).toBe(201);
    const delivered = await waitFor(
      () => receiver.received.find((r) => r.body.event_type === 'payment.submitted' && r.body.data.id === payment.body.id),
      {
        what: 'the payment.submitted delivery',
      },
    );

    const eventId = delivered.body.event_id as string;
    // The attempt's span ends after the POST inside it: wait for the attempt, not the POST.
    const spans = await waitFor(
      () => {
        const all = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === callerTrace);
        return named(all, 'deliver payment.submitted').some((s) => s.attributes['vrp.event.id'] === eventId) ? all : undefined;
      },
      { what: 'the delivery attempt span to end' },
    );

    // Every hop is in the caller's trace.
    const http = named(spans, 'POST /v1/payments');
    expect(http, 'the gateway request span').toHaveLength(1);
    expect(http[0]!.attributes['http.response.status_code']).toBe(201);
    expect(named(spans, 'vrp.payment.v1.PaymentService/CreatePayment').length, 'client and server span of the RPC').toBe(2);
    expect(
      named(spans, /^vrp\.mandate\.v1\.MandateService\//).length,
      'no call to the mandate service: the replica of active terms the activation pushed served the create',
    ).toBe(0);
    expect(spans.filter((s) => s.attributes['db.system.name'] === 'postgresql').length, 'database calls').toBeGreaterThan(0);
    expect(
      spans
        .filter((s) => s.attributes['db.system.name'] === 'postgresql')
        .some((s) => String(s.attributes['db.query.text']).includes('outbox_events')),
      'the outbox insert',
    ).toBe(true);
    const publish = named(spans, /^publish .*\.payment\.submitted$/);
    expect(
      publish.filter((s) => s.attributes['messaging.message.id'] === eventId),
      'the relay publishing the event',
    ).toHaveLength(1);
    const receive = named(spans, /^receive .*\.payment\.submitted$/).filter((s) => s.attributes['messaging.message.id'] === eventId);
    expect(receive.length, 'the webhook service receiving it').toBeGreaterThan(0);
    const deliver = named(spans, 'deliver payment.submitted').filter((s) => s.attributes['vrp.event.id'] === eventId);
    expect(deliver.length, 'the delivery attempt').toBeGreaterThan(0);
    const post = named(spans, 'POST').find((s) => s.parentSpanContext?.spanId === deliver[0]!.spanContext().spanId);
    expect(post?.attributes['http.response.status_code'], 'the POST to the merchant, under its attempt').toBe(200);

    // Parents chain back to the request: publish ← (outbox row written in the RPC), receive ← publish, deliver ← receive.
    const byId = new Map(spans.map((s) => [s.spanContext().spanId, s]));
    const ancestry = (s: ReadableSpan): string[] => {
      const up = s.parentSpanContext ? byId.get(s.parentSpanContext.spanId) : undefined;
      return up ? [up.name, ...ancestry(up)] : [];
    };
    expect(ancestry(post!)).toEqual(
      expect.arrayContaining(['deliver payment.submitted', receive[0]!.name, publish[0]!.name, 'POST /v1/payments']),
    );
    expect(http[0]!.parentSpanContext?.spanId, 'the gateway span continues the caller').toBe('00f067aa0ba902b7');
  });

  it('start a new trace per request and put its id on the access line', async () => {
    const lines: string[] = [];
    const { createLogger } = await import('@vrp/logging');
    const gateway = await platform.startGateway({}, undefined, createLogger('gateway', { write: (l) => lines.push(l) }));
    const res = await fetch(`${gateway.url}/v1/mandates`, {
      headers: { authorization: `Bearer ${(await platform.createMerchant()).token}` },
    });
    expect(res.status).toBe(200);
    const access = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.msg === 'request' && l.route === '/v1/mandates');
    expect(access?.trace_id).toMatch(/^[0-9a-f]{32}$/);
    const traced = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === access!.trace_id);
    expect(traced.map((s) => s.name)).toEqual(expect.arrayContaining(['GET /v1/mandates', 'vrp.mandate.v1.MandateService/ListMandates']));
  });
});
