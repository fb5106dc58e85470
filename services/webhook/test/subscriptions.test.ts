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

describe('enabled_events wildcards', () => {
  it('delivers by type, by resource wildcard and by *, and nothing else', async () => {
    const merchantId = newId('merchant');
    const subscribe = (path: string, enabledEvents: string[]) =>
      svc.client.createEndpoint({ merchantId, url: `${receiver.url}${path}`, enabledEvents });
    expect((await subscribe('/payments', ['payment.*'])).endpoint!.enabledEvents).toEqual(['payment.*']);
    await subscribe('/all', ['*']);
    await subscribe('/refund-settled', ['refund.settled']);

    const sent = [];
    for (const eventType of ['payment.settled', 'payment.failed', 'refund.settled', 'mandate.created'])
      sent.push((await svc.client.sendTestEvent({ merchantId, eventType })).event!);
    const ids = new Set(sent.map((e) => e.id));
    const typesAt = (path: string) =>
      receiver.received
        .filter((r) => ids.has(r.body.event_id) && r.path === `/hooks${path}`)
        .map((r) => r.body.event_type)
        .sort();
    await waitFor(() => typesAt('/all').length === 4 || undefined, { what: 'every event at the * endpoint' });
    // Every delivery is in once the events say so: nothing more is coming.
    await waitFor(
      async () => {
        const { events } = await svc.client.listEvents({ merchantId });
        return events.every((e) => e.deliveryStatus === 'delivered') || undefined;
      },
      { what: 'every event delivered' },
    );
    expect(typesAt('/payments')).toEqual(['payment.failed', 'payment.settled']);
    expect(typesAt('/refund-settled')).toEqual(['refund.settled']);
  });

  it('refuses an unknown wildcard as a validation error naming enabled_events', async () => {
    const err = (await svc.client
      .createEndpoint({ merchantId: newId('merchant'), url: receiver.url, enabledEvents: ['pay*'] })
      .catch((e: unknown) => e)) as ApiError;
    expect([err.code, err.param]).toEqual(['validation_error', 'enabled_events']);
  });
});
