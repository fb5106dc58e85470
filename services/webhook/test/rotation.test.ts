import { newId } from '@vrp/ids';
import { type Received, TestReceiver, waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookTestEnv, type Running, type WebhookTestEnv } from './support/harness.js';

const HOUR = 3_600_000;
let env: WebhookTestEnv;
let svc: Running;
let receiver: TestReceiver;
let now = Date.parse('2026-03-01T09:00:00Z');

beforeAll(async () => {
  env = await createWebhookTestEnv();
  receiver = new TestReceiver(env.tls);
  await receiver.start();
  svc = await env.start({}, { wall: () => now });
});
afterAll(async () => {
  await env?.cleanup();
  await receiver?.stop();
});

/** Sends a test event to the merchant's endpoint and returns its delivery as the receiver saw it. */
async function delivery(merchantId: string): Promise<Received> {
  const { event } = await svc.client.sendTestEvent({ merchantId, eventType: 'payment.settled' });
  return waitFor(() => receiver.received.find((r) => r.body.event_id === event!.id), { what: 'the test delivery' });
}

describe('signing secret rotation', () => {
  it('keeps every replaced secret signing for 24 h from its own rotation', async () => {
    const merchantId = newId('merchant');
    const created = await svc.client.createEndpoint({ merchantId, url: receiver.url });
    const s0 = created.secret;
    const s1 = (await svc.client.rotateEndpointSecret({ merchantId, id: created.endpoint!.id })).secret;
    now += 12 * HOUR;
    const s2 = (await svc.client.rotateEndpointSecret({ merchantId, id: created.endpoint!.id })).secret;

    // 12 h after the first rotation: the current secret and both replaced ones sign.
    receiver.secrets = [s2];
    let seen = await delivery(merchantId);
    expect(seen.signatureCount).toBe(3);
    receiver.secrets = [s0, s1, s2];
    expect((await delivery(merchantId)).validSignatures).toBe(3);

    // 24 h after the first rotation s0 stops; s1 signs until 24 h after the second.
    now += 12 * HOUR + 1_000;
    receiver.secrets = [s1, s2];
    seen = await delivery(merchantId);
    expect([seen.signatureCount, seen.validSignatures]).toEqual([2, 2]);
    now += 12 * HOUR;
    receiver.secrets = [s2];
    seen = await delivery(merchantId);
    expect([seen.signatureCount, seen.validSignatures]).toEqual([1, 1]);
  });

  it('loses no secret when rotations race: every secret ever issued signs until its overlap ends', async () => {
    const merchantId = newId('merchant');
    const created = await svc.client.createEndpoint({ merchantId, url: receiver.url });
    const rotated = await Promise.all([1, 2, 3, 4].map(() => svc.client.rotateEndpointSecret({ merchantId, id: created.endpoint!.id })));
    const all = [created.secret, ...rotated.map((r) => r.secret)];
    expect(new Set(all).size).toBe(5);
    receiver.secrets = all;
    const seen = await delivery(merchantId);
    expect([seen.signatureCount, seen.validSignatures]).toEqual([5, 5]);
    // A day later only the current secret signs, and it is one of those issued.
    now += 24 * HOUR + 1_000;
    const later = await delivery(merchantId);
    expect([later.signatureCount, later.validSignatures]).toEqual([1, 1]);
  });
});
