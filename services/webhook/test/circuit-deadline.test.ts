import { newId } from '@vrp/ids';
import { TestReceiver, waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvent } from './support/events.js';
import { createWebhookTestEnv, type Running, type WebhookTestEnv } from './support/harness.js';

let env: WebhookTestEnv;
let svc: Running;
let receiver: TestReceiver;

beforeAll(async () => {
  env = await createWebhookTestEnv();
  receiver = new TestReceiver(env.tls);
  receiver.behaviour = (r) => ({ status: r.path.includes('dead') ? 503 : 200 });
  await receiver.start();
  // Compressed schedule (window 8 x 100 ms, plus jitter) and a circuit that, once open, stays
  // open far longer than that: deliveries to the dead endpoint can only be postponed.
  svc = await env.start({ WEBHOOK_BREAKER_RESET_MS: '60000', WEBHOOK_BREAKER_VOLUME_THRESHOLD: '3' });
});
afterAll(async () => {
  await env?.cleanup();
  await receiver?.stop();
});

const statusOf = async (merchantId: string, id: string) => (await svc.client.getEvent({ merchantId, id })).event!;

describe('an endpoint whose circuit stays open', () => {
  it('fails its deliveries at the end of the retry window instead of postponing them forever', async () => {
    const merchantId = newId('merchant');
    const { secret } = await svc.client.createEndpoint({ merchantId, url: `${receiver.url}?dead` });
    receiver.secrets = [secret];
    const first = domainEvent('mandate.suspended', merchantId);
    await env.publish(first);
    // Three failures open the circuit; the fourth attempt can never happen within the window.
    const failed = await waitFor(
      async () => {
        const e = await statusOf(merchantId, first.eventId);
        return e.deliveryStatus === 'delivery_failed' ? e : null;
      },
      { timeoutMs: 10_000, what: 'first event delivery_failed' },
    );
    expect(failed.attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);

    // Later events to the same endpoint are never attempted, and still end delivery_failed.
    const later = Array.from({ length: 3 }, () => domainEvent('mandate.activated', merchantId));
    for (const ev of later) await env.publish(ev);
    for (const ev of later) {
      const e = await waitFor(
        async () => {
          const x = await statusOf(merchantId, ev.eventId);
          return x.deliveryStatus === 'delivery_failed' ? x : null;
        },
        { timeoutMs: 10_000, what: 'later event delivery_failed' },
      );
      expect(e.attempts).toHaveLength(0);
    }
    expect(receiver.received.filter((r) => later.some((ev) => ev.eventId === r.body.event_id))).toHaveLength(0);
  });
});

describe('a manual retry', () => {
  it('attempts at once while the circuit is open, and is delivered once the receiver is back', async () => {
    const merchantId = newId('merchant');
    let dead = true;
    const { secret } = await svc.client.createEndpoint({ merchantId, url: `${receiver.url}?flaky-${merchantId}` });
    receiver.secrets = [secret];
    const previous = receiver.behaviour;
    receiver.behaviour = (r, seen) => (r.path.includes(`flaky-${merchantId}`) ? { status: dead ? 503 : 200 } : previous(r, seen));
    try {
      const ev = domainEvent('payment.failed', merchantId);
      await env.publish(ev);
      await waitFor(async () => (await statusOf(merchantId, ev.eventId)).deliveryStatus === 'delivery_failed', {
        timeoutMs: 10_000,
        what: 'delivery_failed with the circuit open',
      });
      // The receiver is fixed, but the circuit stays open for a minute: only a manual retry gets through.
      dead = false;
      await svc.client.retryEvent({ merchantId, id: ev.eventId });
      const delivered = await waitFor(
        async () => {
          const e = await statusOf(merchantId, ev.eventId);
          return e.deliveryStatus === 'delivered' ? e : null;
        },
        { timeoutMs: 10_000, what: 'delivered after the manual retry' },
      );
      expect(delivered.attempts.map((a) => [a.attempt, a.success])).toEqual([
        [1, false],
        [2, false],
        [3, false],
        [4, true],
      ]);
    } finally {
      receiver.behaviour = previous;
    }
  });
});

describe('the event consumer', () => {
  it('drops (terminates) an event that carries no resource instead of redelivering it forever', async () => {
    const merchantId = newId('merchant');
    const { secret } = await svc.client.createEndpoint({ merchantId, url: receiver.url });
    receiver.secrets = [secret];
    const poison = domainEvent('mandate.created', merchantId);
    poison.resource = { case: undefined, value: undefined };
    const good = domainEvent('mandate.activated', merchantId);
    await env.publish(poison);
    await env.publish(good);
    await waitFor(() => receiver.acceptedEventIds().has(good.eventId), { what: 'the good event delivered' });
    await expect(svc.client.getEvent({ merchantId, id: poison.eventId })).rejects.toMatchObject({ code: 'not_found' });
    // Terminated, not nak'd: the consumer's ack floor moves past it and nothing waits for redelivery.
    const info = await waitFor(
      async () => {
        const i = await env.stream.bus.jsm.consumers.info(env.stream.stream, svc.config.consumerName);
        return i.ack_floor.stream_seq === i.delivered.stream_seq && i.num_ack_pending === 0 ? i : null;
      },
      { timeoutMs: 5_000, what: 'ack floor past the poison message' },
    );
    expect(info.num_redelivered).toBe(0);
  });
});
