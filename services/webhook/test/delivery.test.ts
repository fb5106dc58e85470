import { createHmac, timingSafeEqual } from 'node:crypto';
import { ApiError } from '@vrp/errors';
import { newId } from '@vrp/ids';
import { presentExport, presentMandate, presentMandateRequest, presentPayment, presentRefund, presentSchedule } from '@vrp/public-api';
import { TestReceiver, waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TYPES, domainEvent } from './support/events.js';
import { createWebhookTestEnv, type Running, type WebhookTestEnv } from './support/harness.js';

let env: WebhookTestEnv;
let svc: Running;
let receiver: TestReceiver;

beforeAll(async () => {
  env = await createWebhookTestEnv();
  receiver = new TestReceiver(env.tls);
  await receiver.start();
  svc = await env.start();
});
afterAll(async () => {
  await env?.cleanup();
  await receiver?.stop();
});

describe('delivery', () => {
  it('delivers all ten event types, signed and verifiable by hand, with the exact headers and body', async () => {
    const merchantId = newId('merchant');
    const { endpoint, secret } = await svc.client.createEndpoint({ merchantId, url: receiver.url });
    receiver.secrets = [secret];
    const events = EVENT_TYPES.map((type) => domainEvent(type, merchantId));
    for (const ev of events) await env.publish(ev);
    await waitFor(() => events.every((ev) => receiver.received.some((r) => r.body.event_id === ev.eventId)), { what: 'ten deliveries' });

    for (const ev of events) {
      const r = receiver.received.find((x) => x.body.event_id === ev.eventId)!;
      // Verified by hand: HMAC-SHA256 over "<t>.<raw body>" with the secret's UTF-8 bytes.
      const expected = createHmac('sha256', secret).update(`${r.timestamp}.${r.rawBody}`).digest();
      const v1 = String(r.headers['x-svc-signature'])
        .split(',')
        .find((p) => p.startsWith('v1='))!
        .slice(3);
      expect(timingSafeEqual(expected, Buffer.from(v1, 'hex'))).toBe(true);
      expect(Math.abs(Date.now() / 1000 - r.timestamp)).toBeLessThan(300);
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.headers['x-svc-event-id']).toBe(ev.eventId);
      expect(r.headers['x-svc-event-type']).toBe(ev.eventType);
      expect(r.headers['x-svc-delivery-attempt']).toBe('1');
      expect(r.headers['x-svc-sandbox']).toBe('true');
      expect(Object.keys(JSON.parse(r.rawBody))).toEqual(['event_id', 'event_type', 'created_at', 'data']);
      expect(r.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      const resource = ev.resource;
      const presented =
        resource.case === 'mandate'
          ? presentMandate(resource.value)
          : resource.case === 'payment'
            ? presentPayment(resource.value)
            : resource.case === 'refund'
              ? presentRefund(resource.value)
              : resource.case === 'schedule'
                ? presentSchedule(resource.value)
                : resource.case === 'export'
                  ? presentExport(resource.value)
                  : presentMandateRequest(resource.value!);
      expect(r.body.data).toEqual(JSON.parse(JSON.stringify(presented)));
    }
    const payment = receiver.received.find((r) => r.body.event_type === 'payment.settled')!.body.data;
    expect(payment).toMatchObject({
      id: expect.stringMatching(/^PM/),
      mandate_id: expect.stringMatching(/^MD/),
      amount: '125.50',
      currency: 'GBP',
      status: 'settled',
    });

    const got = await svc.client.getEvent({ merchantId, id: events[0]!.eventId });
    expect(got.event?.deliveryStatus).toBe('delivered');
    expect(got.event?.attempts).toEqual([
      expect.objectContaining({ endpointId: endpoint!.id, attempt: 1, statusCode: 200, success: true, error: '' }),
    ]);
  });

  it('keeps the first 500 characters of each answer on its attempt, as text', async () => {
    const merchantId = newId('merchant');
    const { endpoint, secret } = await svc.client.createEndpoint({ merchantId, url: receiver.url });
    receiver.secrets = [secret];
    const long = `${'é'.repeat(499)}XY and more after the cut`;
    const answers: Record<string, { status: number; body: string }> = {};
    receiver.behaviour = (r) => answers[r.body.event_id] ?? { status: 200 };
    const exploded = domainEvent('payment.failed', merchantId);
    const verbose = domainEvent('payment.settled', merchantId);
    const quiet = domainEvent('mandate.created', merchantId);
    answers[exploded.eventId] = { status: 500, body: 'upstream exploded\u0000\nretry later' };
    answers[verbose.eventId] = { status: 200, body: long };
    answers[quiet.eventId] = { status: 204, body: '' };
    for (const ev of [exploded, verbose, quiet]) await env.publish(ev);
    const attemptsOf = async (id: string) => (await svc.client.getEvent({ merchantId, id })).event!.attempts;
    await waitFor(
      async () =>
        (await attemptsOf(exploded.eventId)).length > 0 &&
        (await attemptsOf(verbose.eventId)).length > 0 &&
        (await attemptsOf(quiet.eventId)).length > 0,
      {
        what: 'one attempt of each event',
      },
    );
    expect((await attemptsOf(exploded.eventId))[0]).toMatchObject({
      endpointId: endpoint!.id,
      statusCode: 500,
      error: 'HTTP 500',
      responseExcerpt: 'upstream exploded\ufffd\nretry later',
    });
    expect((await attemptsOf(verbose.eventId))[0]!.responseExcerpt).toBe(`${'é'.repeat(499)}X`);
    expect((await attemptsOf(quiet.eventId))[0]).toMatchObject({ success: true, responseExcerpt: '' });
    receiver.behaviour = () => ({ status: 200 });
  });

  it('delivers only the subscribed event types, and nothing to disabled endpoints', async () => {
    const merchantId = newId('merchant');
    const all = await svc.client.createEndpoint({ merchantId, url: `${receiver.url}?all` });
    const some = await svc.client.createEndpoint({ merchantId, url: `${receiver.url}?some`, enabledEvents: ['mandate.revoked'] });
    const gone = await svc.client.createEndpoint({ merchantId, url: `${receiver.url}?gone` });
    await svc.client.deleteEndpoint({ merchantId, id: gone.endpoint!.id });
    receiver.secrets = [all.secret, some.secret, gone.secret];
    const created = domainEvent('mandate.created', merchantId);
    const revoked = domainEvent('mandate.revoked', merchantId);
    await env.publish(created);
    await env.publish(revoked);
    await waitFor(async () => (await svc.client.getEvent({ merchantId, id: revoked.eventId })).event?.deliveryStatus === 'delivered');
    await waitFor(async () => (await svc.client.getEvent({ merchantId, id: created.eventId })).event?.deliveryStatus === 'delivered');
    const urls = (id: string) => receiver.received.filter((r) => r.body.event_id === id).map((r) => String(r.validSignatures));
    expect(urls(created.eventId)).toHaveLength(1);
    expect(urls(revoked.eventId)).toHaveLength(2);
    const revokedAttempts = (await svc.client.getEvent({ merchantId, id: revoked.eventId }))
      .event!.attempts.map((a) => a.endpointId)
      .sort();
    expect(revokedAttempts).toEqual([all.endpoint!.id, some.endpoint!.id].sort());
  });

  it('records an event once however often it arrives', async () => {
    const merchantId = newId('merchant');
    const { secret } = await svc.client.createEndpoint({ merchantId, url: receiver.url });
    receiver.secrets = [secret];
    const ev = domainEvent('payment.submitted', merchantId);
    // Different JetStream message ids, so the stream keeps both copies and the service must dedupe.
    const subject = `${env.stream.subjectPrefix}.${ev.eventType}`;
    const { encodeDomainEvent } = await import('@vrp/outbox');
    await Promise.all([1, 2, 3].map((n) => env.stream.bus.js.publish(subject, encodeDomainEvent(ev), { msgID: `${ev.eventId}-${n}` })));
    await waitFor(async () => (await svc.client.getEvent({ merchantId, id: ev.eventId })).event?.deliveryStatus === 'delivered');
    const list = await svc.client.listEvents({ merchantId });
    expect(list.events.map((e) => e.id)).toEqual([ev.eventId]);
    expect(receiver.received.filter((r) => r.body.event_id === ev.eventId)).toHaveLength(1);
  });

  it('sends sandbox test events of every type, marked test, only in the sandbox', async () => {
    const merchantId = newId('merchant');
    const { secret } = await svc.client.createEndpoint({ merchantId, url: receiver.url, enabledEvents: ['refund.settled'] });
    receiver.secrets = [secret];
    const ids: Record<string, string> = {};
    for (const type of EVENT_TYPES) {
      const { event } = await svc.client.sendTestEvent({ merchantId, eventType: type });
      ids[type] = event!.id;
      expect(event).toMatchObject({ eventType: type, test: true, merchantId });
      expect(event!.id).toMatch(/^EV/);
      const data = JSON.parse(event!.dataJson);
      const prefix = type.startsWith('mandate_request')
        ? /^MQ/
        : type.startsWith('mandate')
          ? /^MD/
          : type.startsWith('payment')
            ? /^PM/
            : type.startsWith('schedule')
              ? /^SC/
              : type.startsWith('export')
                ? /^EX/
                : /^RF/;
      expect(data.id).toMatch(prefix);
      if (type === 'export.completed') {
        expect(data).toMatchObject({
          status: 'completed',
          row_count: 42,
          download_url: `http://127.0.0.1:8080/v1/exports/${data.id}/download`,
        });
      }
    }
    await waitFor(
      async () => (await svc.client.getEvent({ merchantId, id: ids['refund.settled']! })).event?.deliveryStatus === 'delivered',
    );
    expect(receiver.received.filter((r) => r.body.event_id === ids['refund.settled'] && r.validSignatures === 1)).toHaveLength(1);
    const refund = receiver.received.find((r) => r.body.event_id === ids['refund.settled'])!.body.data;
    expect(refund).toMatchObject({
      id: expect.stringMatching(/^RF/),
      payment_id: expect.stringMatching(/^PM/),
      amount: '25.00',
      status: 'settled',
    });
    const filtered = await svc.client.listEvents({ merchantId, eventType: 'payment.failed' });
    expect(filtered.events.map((e) => e.eventType)).toEqual(['payment.failed']);
    // The types no endpoint subscribes to have nothing to deliver: delivered, with no attempt.
    expect((await svc.client.listEvents({ merchantId, deliveryStatuses: ['pending'] })).events).toEqual([]);
    const delivered = await svc.client.listEvents({ merchantId, deliveryStatuses: ['delivered'] });
    expect(delivered.events).toHaveLength(EVENT_TYPES.length);
    expect((await svc.client.getEvent({ merchantId, id: ids['payment.failed']! })).event!.attempts).toEqual([]);
    await expect(svc.client.sendTestEvent({ merchantId, eventType: 'payment.exploded' })).rejects.toMatchObject({
      code: 'validation_error',
    });
    await expect(svc.client.listEvents({ merchantId, deliveryStatuses: ['lost'] })).rejects.toMatchObject({
      code: 'validation_error',
      param: 'delivery_status',
    });

    const production = await env.start({ VRP_ENV: 'production', WEBHOOK_CONSUMER_NAME: 'production-test-events' });
    await expect(production.client.sendTestEvent({ merchantId, eventType: 'payment.settled' })).rejects.toSatisfy(
      (e: ApiError) => e.code === 'not_found',
    );
    await production.stop();
  });
});
