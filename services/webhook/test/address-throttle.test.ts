import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { newId } from '@vrp/ids';
import { TestReceiver, waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { domainEvent } from './support/events.js';
import { createWebhookTestEnv, type WebhookTestEnv } from './support/harness.js';

// Many endpoints of many merchants pointing at one address must not turn the platform into a
// flood: deliveries are throttled per resolved destination address, whoever's endpoints they are.
let env: WebhookTestEnv;
let slow: TestReceiver;
let elsewhere: TestReceiver;
let fast: TestReceiver;
let holding = 0;
let mostHeld = 0;

beforeAll(async () => {
  env = await createWebhookTestEnv();
  slow = new TestReceiver(env.tls);
  slow.behaviour = () => {
    mostHeld = Math.max(mostHeld, ++holding);
    return { status: 200, until: new Promise<void>((resolve) => setTimeout(() => (holding--, resolve()), 250)) };
  };
  elsewhere = new TestReceiver(env.tls);
  fast = new TestReceiver(env.tls);
  // 127.0.0.1 and ::1: two destination addresses on one machine.
  await Promise.all([slow.start(0, '127.0.0.1'), elsewhere.start(0, '::1'), fast.start(0, '127.0.0.1')]);
});
afterAll(async () => {
  await env?.cleanup();
  await Promise.all([slow?.stop(), elsewhere?.stop(), fast?.stop()]);
});

/** `merchants` merchants with `perMerchant` endpoints each at `receiver` (distinct paths), and their secrets. */
async function endpointsAt(
  client: Awaited<ReturnType<WebhookTestEnv['start']>>['client'],
  receiver: TestReceiver,
  merchants: number,
  perMerchant: number,
) {
  const ids: string[] = [];
  for (let m = 0; m < merchants; m++) {
    const merchantId = newId('merchant');
    ids.push(merchantId);
    for (let e = 0; e < perMerchant; e++) {
      // Resource events only: the endpoints' own events (disabled, enabled) are not what these tests count.
      const { secret } = await client.createEndpoint({
        merchantId,
        url: `${receiver.url}?${merchantId}-${e}`,
        enabledEvents: ['payment.*', 'mandate.*'],
      });
      receiver.secrets.push(secret);
    }
  }
  return ids;
}

describe('deliveries per destination address', () => {
  it('never hold more than the cap in flight at one address, across merchants and endpoints, while another address is served', async () => {
    const svc = await env.start({ WEBHOOK_MAX_IN_FLIGHT_PER_ADDRESS: '3', WEBHOOK_DELIVERY_CONCURRENCY: '64' });
    onTestFinished(() => svc.stop());
    const crowd = await endpointsAt(svc.client, slow, 4, 2);
    const [loner] = await endpointsAt(svc.client, elsewhere, 1, 1);
    const events = crowd.flatMap((m) => Array.from({ length: 4 }, () => domainEvent('payment.settled', m)));
    for (const ev of events) await env.publish(ev);
    await waitFor(() => holding === 3, { what: 'the address at its cap' });
    const other = domainEvent('mandate.created', loner!);
    await env.publish(other);
    await waitFor(() => elsewhere.acceptedEventIds().has(other.eventId), { timeoutMs: 3_000, what: 'the other address served meanwhile' });
    // Served while the crowded address still had most of its 32 deliveries (8 endpoints x 4 events) waiting.
    expect(slow.received.length).toBeLessThan(events.length * 2);
    await waitFor(() => slow.received.length === events.length * 2, {
      timeoutMs: 20_000,
      what: `every delivery to the crowded address (${slow.received.length} so far)`,
    });
    expect(mostHeld).toBe(3);
    // Waiting for a place is no attempt and no failure: each went once, on its first attempt, signed.
    expect(slow.received.every((r) => r.headers['x-svc-delivery-attempt'] === '1' && r.validSignatures > 0)).toBe(true);
  });

  it('start at most the configured number a second at one address', async () => {
    const svc = await env.start({ WEBHOOK_MAX_PER_SECOND_PER_ADDRESS: '5', WEBHOOK_CONSUMER_NAME: 'rate' });
    onTestFinished(() => svc.stop());
    // 30 deliveries due at the same instant: events recorded while their endpoints were disabled
    // (so none was delivered), then the endpoints enabled and the events replayed at once.
    const merchants = await endpointsAt(svc.client, fast, 3, 2);
    const endpoints = await Promise.all(
      merchants.map(async (merchantId) => ({ merchantId, list: (await svc.client.listEndpoints({ merchantId })).endpoints })),
    );
    const setAll = (enabled: boolean) =>
      Promise.all(
        endpoints.flatMap(({ merchantId, list }) => list.map((e) => svc.client.setEndpointEnabled({ merchantId, id: e.id, enabled }))),
      );
    await setAll(false);
    const from = timestampFromDate(new Date());
    const events = merchants.flatMap((m) => Array.from({ length: 5 }, () => domainEvent('payment.settled', m)));
    for (const ev of events) await env.publish(ev);
    await waitFor(
      async () =>
        (await Promise.all(merchants.map((merchantId) => svc.client.listEvents({ merchantId, eventType: 'payment.settled' })))).every(
          (l) => l.events.length === 5,
        ),
      {
        what: 'the events recorded',
      },
    );
    const to = timestampFromDate(new Date());
    await setAll(true);
    const arrivals: number[] = [];
    fast.behaviour = () => (arrivals.push(Date.now()), { status: 200 });
    const due = Date.now();
    // The payment events only (the endpoints' disabled and enabled events lie outside the range).
    for (const merchantId of merchants)
      expect((await svc.client.replayEvents({ merchantId, createdAt: { gte: from, lte: to } })).count).toBe(5);
    await waitFor(() => arrivals.length === 30, { timeoutMs: 20_000, what: 'every delivery' });
    // A burst of 5, then 5 a second: the last of 30 starts five seconds after they fell due at
    // the earliest (unthrottled, all 30 arrive within two seconds even on a busy machine).
    expect(arrivals.at(-1)! - due).toBeGreaterThanOrEqual(5_000);
    expect(fast.received.every((r) => r.headers['x-svc-delivery-attempt'] === '1' && r.validSignatures > 0)).toBe(true);
  });
});
