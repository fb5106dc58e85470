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
  // /gone answers 410: its first attempt disables it.
  receiver.behaviour = (r) => ({ status: r.path.endsWith('/gone') ? 410 : 200 });
  svc = await env.start();
});
afterAll(async () => {
  await env?.cleanup();
  await receiver?.stop();
});

describe('webhook_endpoint.disabled and .enabled', () => {
  it('go to the merchant’s other endpoints and the event list, never to the endpoint concerned', async () => {
    const merchantId = newId('merchant');
    const watcher = await svc.client.createEndpoint({ merchantId, url: `${receiver.url}/watcher`, enabledEvents: ['webhook_endpoint.*'] });
    const other = await svc.client.createEndpoint({
      merchantId,
      url: `${receiver.url}/other`,
      enabledEvents: ['payment.settled', 'webhook_endpoint.enabled'],
    });
    const seenBy = (path: string, type: string, id: string) =>
      receiver.received.filter((r) => r.path === `/hooks/${path}` && r.body.event_type === type && r.body.data.id === id);

    // The merchant disables `other`, then enables it again.
    await svc.client.setEndpointEnabled({ merchantId, id: other.endpoint!.id, enabled: false });
    await svc.client.setEndpointEnabled({ merchantId, id: other.endpoint!.id, enabled: false }); // no change: no event
    await svc.client.setEndpointEnabled({ merchantId, id: other.endpoint!.id, enabled: true });
    const disabled = await waitFor(() => seenBy('watcher', 'webhook_endpoint.disabled', other.endpoint!.id)[0], { what: 'disabled event' });
    expect(disabled.body.data).toMatchObject({ id: other.endpoint!.id, status: 'disabled', disabled_reason: 'merchant' });
    expect(disabled.body.data).not.toHaveProperty('secret');
    const enabled = await waitFor(() => seenBy('watcher', 'webhook_endpoint.enabled', other.endpoint!.id)[0], { what: 'enabled event' });
    expect(enabled.body.data).toMatchObject({ status: 'enabled', disabled_reason: null });

    // An endpoint that answers 410 is disabled by the worker, and the watcher hears of it.
    const gone = await svc.client.createEndpoint({ merchantId, url: `${receiver.url}/gone`, enabledEvents: ['payment.settled'] });
    await svc.client.sendTestEvent({ merchantId, eventType: 'payment.settled' });
    const goneEvent = await waitFor(() => seenBy('watcher', 'webhook_endpoint.disabled', gone.endpoint!.id)[0], { what: 'gone event' });
    expect(goneEvent.body.data).toMatchObject({ status: 'disabled', disabled_reason: 'gone' });

    const listed = await svc.client.listEvents({ merchantId, eventType: 'webhook_endpoint.disabled' });
    expect(listed.events.map((e) => JSON.parse(e.dataJson).id).sort()).toEqual([other.endpoint!.id, gone.endpoint!.id].sort());
    // Every endpoint event delivered (the payment event is not: /gone refused it).
    await waitFor(
      async () => {
        const lists = await Promise.all(
          ['webhook_endpoint.disabled', 'webhook_endpoint.enabled'].map((eventType) => svc.client.listEvents({ merchantId, eventType })),
        );
        return lists.every((l) => l.events.every((e) => e.deliveryStatus === 'delivered')) || undefined;
      },
      { what: 'every endpoint event delivered' },
    );
    // Exactly once each, and never to the endpoint concerned (`other` is subscribed to .enabled).
    expect(seenBy('watcher', 'webhook_endpoint.disabled', other.endpoint!.id)).toHaveLength(1);
    expect(seenBy('other', 'webhook_endpoint.enabled', other.endpoint!.id)).toEqual([]);
    expect(receiver.received.filter((r) => r.path === '/hooks/watcher' && r.body.data.id === watcher.endpoint!.id)).toEqual([]);
  });
});
