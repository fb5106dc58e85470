import { timestampDate } from '@bufbuild/protobuf/wkt';
import { ApiError } from '@vrp/errors';
import { newId } from '@vrp/ids';
import { TestReceiver, waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

// The documented figure: 100 events to an endpoint limited to 5/s take at least 19.8 s.
const EVENTS = 100;
const PER_SECOND = 5;

describe('rate_limit.per_second', () => {
  it('spaces an endpoint’s deliveries without failing an attempt, and slows no other endpoint', async () => {
    const merchantId = newId('merchant');
    const limited = await svc.client.createEndpoint({ merchantId, url: `${receiver.url}/limited`, rateLimitPerSecond: PER_SECOND });
    expect(limited.endpoint!.rateLimitPerSecond).toBe(PER_SECOND);
    const free = await svc.client.createEndpoint({ merchantId, url: `${receiver.url}/free` });

    const startedAt = Date.now();
    const ids: string[] = [];
    for (let i = 0; i < EVENTS; i++) ids.push((await svc.client.sendTestEvent({ merchantId, eventType: 'payment.settled' })).event!.id);
    const events = await waitFor(
      async () => {
        const all = await Promise.all(ids.map((id) => svc.client.getEvent({ merchantId, id })));
        return all.every((e) => e.event!.deliveryStatus === 'delivered') ? all.map((e) => e.event!) : undefined;
      },
      { what: 'every event delivered to both endpoints', timeoutMs: 60_000 },
    );
    const attemptsTo = (endpointId: string) =>
      events
        .flatMap((e) => e.attempts.filter((a) => a.endpointId === endpointId))
        .map((a) => ({ ...a, at: timestampDate(a.attemptedAt!).getTime() }));
    const slow = attemptsTo(limited.endpoint!.id);
    const fast = attemptsTo(free.endpoint!.id);
    // One successful attempt per event at each endpoint: waiting for the throttle is no attempt.
    expect([slow.length, slow.every((a) => a.success && a.attempt === 1)]).toEqual([EVENTS, true]);
    expect([fast.length, fast.every((a) => a.success && a.attempt === 1)]).toEqual([EVENTS, true]);
    // Slots are 1/PER_SECOND apart from the first: the last cannot come before (EVENTS - 1) of them have passed.
    const lastSlow = Math.max(...slow.map((a) => a.at));
    expect(lastSlow - startedAt).toBeGreaterThanOrEqual(((EVENTS - 1) * 1000) / PER_SECOND);
    // The unthrottled endpoint had every delivery before the throttled one got its last.
    expect(Math.max(...fast.map((a) => a.at))).toBeLessThan(lastSlow);
  }, 90_000);

  it('refuses a limit outside 1..1000 naming rate_limit.per_second, and can be changed and removed', async () => {
    const merchantId = newId('merchant');
    const err = (await svc.client
      .createEndpoint({ merchantId, url: receiver.url, rateLimitPerSecond: 1001 })
      .catch((e: unknown) => e)) as ApiError;
    expect([err.code, err.param]).toEqual(['validation_error', 'rate_limit[per_second]']);
    const { endpoint } = await svc.client.createEndpoint({ merchantId, url: receiver.url, rateLimitPerSecond: 5 });
    expect((await svc.client.updateEndpoint({ merchantId, id: endpoint!.id, rateLimitPerSecond: 50 })).endpoint!.rateLimitPerSecond).toBe(
      50,
    );
    expect((await svc.client.updateEndpoint({ merchantId, id: endpoint!.id, rateLimitPerSecond: 0 })).endpoint!.rateLimitPerSecond).toBe(0);
  });
});
