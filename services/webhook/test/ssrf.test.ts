import { newId } from '@vrp/ids';
import { TestReceiver, waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { domainEvent } from './support/events.js';
import { createWebhookTestEnv, type WebhookTestEnv } from './support/harness.js';

let env: WebhookTestEnv;
let receiver: TestReceiver;

beforeAll(async () => {
  env = await createWebhookTestEnv();
  receiver = new TestReceiver(env.tls);
  await receiver.start();
});
afterAll(async () => {
  await env?.cleanup();
  await receiver?.stop();
});

describe('SSRF protection in production', () => {
  it('refuses private, loopback, link-local and unique-local destinations, however IPv6 carries them, and records only that', async () => {
    const production = await env.start({
      VRP_ENV: 'production',
      WEBHOOK_ALLOW_INSECURE_LOOPBACK: 'false',
      WEBHOOK_CONSUMER_NAME: 'production',
    });
    onTestFinished(() => production.stop());
    const merchantId = newId('merchant');
    const urls = [
      receiver.url, // 127.0.0.1, where a real receiver is listening
      `https://localhost:${receiver.port}/hooks`, // a name that resolves to loopback
      'https://10.1.2.3/hooks',
      'https://169.254.169.254/latest/meta-data',
      `https://[::1]:${receiver.port}/hooks`,
      'https://[fc00::1]/hooks',
      'https://[::ffff:127.0.0.1]/hooks',
      // IPv4 loopback, private and link-local addresses carried in IPv6: compatible, translated,
      // NAT64 (well-known and local-use), 6to4 and Teredo.
      `https://[::127.0.0.1]:${receiver.port}/hooks`,
      `https://[::ffff:0:127.0.0.1]:${receiver.port}/hooks`,
      'https://[64:ff9b::169.254.169.254]/latest/meta-data',
      'https://[64:ff9b:1::a00:1]/hooks',
      'https://[2002:a00:1::1]/hooks',
      'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hooks',
    ];
    const endpointIds: string[] = [];
    for (const url of urls) endpointIds.push((await production.client.createEndpoint({ merchantId, url })).endpoint!.id);
    const ev = domainEvent('mandate.created', merchantId);
    await env.publish(ev);
    // Every endpoint's own first attempt, not just as many attempts as endpoints (a few could retry).
    // The attempt says it was refused, and not where the URL led: nothing about the address.
    const refused = /^refused: private address$/;
    const event = await waitFor(async () => {
      const e = (await production.client.getEvent({ merchantId, id: ev.eventId })).event!;
      const done = endpointIds.every((id) => e.attempts.some((a) => a.endpointId === id && a.attempt === 1 && refused.test(a.error)));
      return done ? e : null;
    });
    for (const id of endpointIds) {
      const attempts = event.attempts.filter((a) => a.endpointId === id);
      expect(
        attempts.find((a) => a.attempt === 1),
        id,
      ).toMatchObject({ success: false, statusCode: 0, error: expect.stringMatching(refused) });
      for (const a of attempts) expect(a, id).toMatchObject({ success: false, statusCode: 0, error: expect.stringMatching(refused) });
    }
    expect(receiver.received.filter((r) => r.body.event_id === ev.eventId)).toHaveLength(0);
  });

  it('delivers to a private host the operator allow-listed', async () => {
    const allowed = await env.start({
      VRP_ENV: 'production',
      WEBHOOK_ALLOW_INSECURE_LOOPBACK: 'false',
      WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1',
      WEBHOOK_CONSUMER_NAME: 'allow-listed',
    });
    onTestFinished(() => allowed.stop());
    const merchantId = newId('merchant');
    const { secret } = await allowed.client.createEndpoint({ merchantId, url: receiver.url });
    receiver.secrets = [secret];
    const ev = domainEvent('mandate.activated', merchantId);
    await env.publish(ev);
    const delivered = await waitFor(() => receiver.received.find((r) => r.body.event_id === ev.eventId && r.validSignatures === 1));
    expect(delivered.headers['x-svc-sandbox']).toBeUndefined();
  });
});
