import { newId } from '@vrp/ids';
import { TestReceiver, waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvent } from './support/events.js';
import { createWebhookTestEnv, type Running, type WebhookTestEnv } from './support/harness.js';

// One slow merchant endpoint must not take every place of the worker: it never sees more than
// WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT requests at once, and another endpoint is served meanwhile.
const CAP = 3;
const SLOW_MS = 300;

let env: WebhookTestEnv;
let svc: Running;
let slow: TestReceiver;
let fast: TestReceiver;
/** Requests the slow receiver holds now, and the most it ever held at once. */
let holding = 0;
let mostHeld = 0;

beforeAll(async () => {
  env = await createWebhookTestEnv();
  slow = new TestReceiver(env.tls);
  slow.behaviour = () => {
    holding++;
    mostHeld = Math.max(mostHeld, holding);
    return {
      status: 200,
      until: new Promise<void>((resolve) =>
        setTimeout(() => {
          holding--;
          resolve();
        }, SLOW_MS),
      ),
    };
  };
  fast = new TestReceiver(env.tls);
  await Promise.all([slow.start(), fast.start()]);
  svc = await env.start({ WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT: String(CAP), WEBHOOK_DELIVERY_CONCURRENCY: '64' });
});
afterAll(async () => {
  await env?.cleanup();
  await slow?.stop();
  await fast?.stop();
});

describe('the per-endpoint cap on attempts in flight', () => {
  it('never has more than the cap in flight to one slow endpoint, while another endpoint is served meanwhile', async () => {
    const slowMerchant = newId('merchant');
    const fastMerchant = newId('merchant');
    const slowEndpoint = await svc.client.createEndpoint({ merchantId: slowMerchant, url: `${slow.url}?slow` });
    const fastEndpoint = await svc.client.createEndpoint({ merchantId: fastMerchant, url: `${fast.url}?fast` });
    slow.secrets = [slowEndpoint.secret];
    fast.secrets = [fastEndpoint.secret];

    const slowEvents = Array.from({ length: 20 }, () => domainEvent('payment.settled', slowMerchant));
    const fastEvents = Array.from({ length: 5 }, () => domainEvent('mandate.created', fastMerchant));
    for (const ev of slowEvents) await env.publish(ev);
    // The slow endpoint's backlog is due and at its cap before the other endpoint's events arrive.
    await waitFor(() => holding === CAP, { what: 'the slow endpoint to be at its cap' });
    for (const ev of fastEvents) await env.publish(ev);

    await waitFor(() => fastEvents.every((ev) => fast.acceptedEventIds().has(ev.eventId)), {
      timeoutMs: 5_000,
      what: 'the other endpoint to get its deliveries',
    });
    expect(mostHeld).toBeLessThanOrEqual(CAP);
    // Served while the slow endpoint still had most of its backlog waiting.
    expect(slow.acceptedEventIds().size).toBeLessThan(slowEvents.length);

    await waitFor(() => slowEvents.every((ev) => slow.acceptedEventIds().has(ev.eventId)), {
      timeoutMs: 20_000,
      what: 'every delivery to the slow endpoint',
    });
    expect(mostHeld).toBe(CAP);
    // Waiting at the cap is neither an attempt nor a failure: each went once, on its first attempt.
    expect(slow.received).toHaveLength(slowEvents.length);
    expect(slow.received.every((r) => r.headers['x-svc-delivery-attempt'] === '1' && r.validSignatures > 0)).toBe(true);
    for (const ev of slowEvents) {
      const event = await waitFor(
        async () => {
          const e = (await svc.client.getEvent({ merchantId: slowMerchant, id: ev.eventId })).event!;
          return e.deliveryStatus === 'delivered' ? e : null;
        },
        { what: 'the delivery to be recorded' },
      );
      expect(event.attempts).toHaveLength(1);
    }
  }, 30_000);
});
