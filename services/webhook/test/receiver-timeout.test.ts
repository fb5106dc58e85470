import { newId } from '@vrp/ids';
import { TestReceiver, waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvent } from './support/events.js';
import { createWebhookTestEnv, type Running, type WebhookTestEnv } from './support/harness.js';

// The documented numbers, uncompressed: a receiver has 10 seconds to answer; one that takes
// 12 seconds has failed that attempt, even though it would eventually have said 200.
let env: WebhookTestEnv;
let svc: Running;
let receiver: TestReceiver;

beforeAll(async () => {
  env = await createWebhookTestEnv();
  receiver = new TestReceiver(env.tls);
  receiver.behaviour = () => ({ status: 200, delayMs: 12_000 });
  await receiver.start();
  svc = await env.start({ WEBHOOK_TIMEOUT_MS: '10000' });
});
afterAll(async () => {
  await env?.cleanup();
  await receiver?.stop();
});

describe('the 10-second acknowledgement rule', () => {
  it('counts a 12-second receiver as a timed-out attempt and schedules a retry', async () => {
    const merchantId = newId('merchant');
    const { secret } = await svc.client.createEndpoint({ merchantId, url: `${receiver.url}?twelve` });
    receiver.secrets = [secret];
    const ev = domainEvent('payment.settled', merchantId);
    await env.publish(ev);
    const event = await waitFor(
      async () => {
        const e = (await svc.client.getEvent({ merchantId, id: ev.eventId })).event!;
        return e.attempts.length >= 1 ? e : null;
      },
      { timeoutMs: 25_000, what: 'the first attempt to finish' },
    );
    expect(event.attempts[0]).toMatchObject({ attempt: 1, statusCode: 0, success: false, error: 'timed out after 10000 ms' });
    expect(event.attempts[0]!.latencyMs).toBeGreaterThanOrEqual(9_900);
    expect(event.attempts[0]!.latencyMs).toBeLessThan(12_000);
    expect(event.deliveryStatus).toBe('retrying');
    // The receiver did get the request: a timeout is at-least-once, never a lost event.
    expect(receiver.received.some((r) => r.body.event_id === ev.eventId)).toBe(true);
  }, 30_000);
});
