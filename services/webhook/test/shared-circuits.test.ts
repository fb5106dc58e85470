import { newId } from '@vrp/ids';
import { TestReceiver, waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvent } from './support/events.js';
import { createWebhookTestEnv, type WebhookTestEnv } from './support/harness.js';

let env: WebhookTestEnv;
let receiver: TestReceiver;
// A circuit opens after three failures and stays open for a minute, far longer than this test.
const BREAKER = { WEBHOOK_BREAKER_RESET_MS: '60000', WEBHOOK_BREAKER_VOLUME_THRESHOLD: '3' };

beforeAll(async () => {
  env = await createWebhookTestEnv();
  receiver = new TestReceiver(env.tls);
  receiver.behaviour = (r) => ({ status: r.path.includes('dead') ? 503 : 200 });
  await receiver.start();
});
afterAll(async () => {
  await env?.cleanup();
  await receiver?.stop();
});

describe('an endpoint circuit opened by one webhook replica', () => {
  it('is open on every replica within seconds: the others never attempt the endpoint themselves', async () => {
    const first = await env.start(BREAKER);
    const merchantId = newId('merchant');
    const { secret } = await first.client.createEndpoint({ merchantId, url: `${receiver.url}?dead-${merchantId}` });
    receiver.secrets = [secret];
    const opening = domainEvent('mandate.suspended', merchantId);
    await env.publish(opening);
    await waitFor(() => first.service.worker.openCircuits() === 1 || null, {
      timeoutMs: 10_000,
      what: 'the first replica opens the circuit',
    });
    const attemptsWhenOpened = receiver.received.length;
    expect(attemptsWhenOpened).toBe(3);

    // A second worker instance that has never seen the endpoint fail learns of the open circuit
    // from the database; the first stops, so every later delivery is the second's to make.
    const second = await env.start(BREAKER);
    await waitFor(() => second.service.worker.openCircuits() === 1 || null, { timeoutMs: 5_000, what: 'the second replica adopts it' });
    await first.stop();
    const later = Array.from({ length: 4 }, () => domainEvent('mandate.activated', merchantId));
    for (const ev of later) await env.publish(ev);
    // Each is recorded and postponed, never attempted: a replica with a breaker of its own would
    // have made three failed attempts before opening it.
    for (const ev of later) {
      const status = await waitFor(
        async () => {
          const e = (await second.client.getEvent({ merchantId, id: ev.eventId })).event!;
          return e.deliveryStatus === 'delivery_failed' ? e : null;
        },
        { timeoutMs: 10_000, what: 'later event delivery_failed with the circuit open' },
      );
      expect(status.attempts).toHaveLength(0);
    }
    expect(receiver.received.length).toBe(attemptsWhenOpened);
  });
});
