import { ApiError } from '@vrp/errors';
import { newId } from '@vrp/ids';
import { type Received, TestReceiver, waitFor } from '@vrp/testing';
import { Webhook } from 'standardwebhooks';
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

async function delivery(merchantId: string): Promise<Received> {
  const { event } = await svc.client.sendTestEvent({ merchantId, eventType: 'payment.settled' });
  return waitFor(() => receiver.received.find((r) => r.body.event_id === event!.id), { what: 'the test delivery' });
}

/** What the official Standard Webhooks library says of a delivery, with one secret. */
function verifiedBy(secret: string, seen: Received): unknown {
  return new Webhook(secret).verify(seen.rawBody, seen.headers as Record<string, string>);
}

describe('signature_scheme standard_webhooks', () => {
  it('is verified by the official standardwebhooks library, with either secret during a rotation', async () => {
    const merchantId = newId('merchant');
    const created = await svc.client.createEndpoint({ merchantId, url: receiver.url, signatureScheme: 'standard_webhooks' });
    expect(created.endpoint!.signatureScheme).toBe('standard_webhooks');
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/);

    const first = await delivery(merchantId);
    expect(first.headers['webhook-id']).toBe(first.body.event_id);
    expect(first.headers['x-svc-signature']).toBeUndefined();
    expect(verifiedBy(created.secret, first)).toEqual(first.body);

    const rotated = await svc.client.rotateEndpointSecret({ merchantId, id: created.endpoint!.id });
    const during = await delivery(merchantId);
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verifiedBy(created.secret, during)).toEqual(during.body);
    expect(verifiedBy(rotated.secret, during)).toEqual(during.body);
    expect(() => verifiedBy(`whsec_${Buffer.alloc(32, 7).toString('base64')}`, during)).toThrow();
  });

  it('leaves the default unchanged: X-SVC-Signature and no Standard Webhooks headers', async () => {
    const merchantId = newId('merchant');
    const created = await svc.client.createEndpoint({ merchantId, url: receiver.url });
    expect(created.endpoint!.signatureScheme).toBe('vrp');
    receiver.secrets = [created.secret];
    const seen = await delivery(merchantId);
    expect([seen.signatureCount, seen.validSignatures]).toEqual([1, 1]);
    expect(seen.headers['webhook-signature']).toBeUndefined();
  });

  it('refuses an unknown scheme as a validation error naming signature_scheme', async () => {
    const err = (await svc.client
      .createEndpoint({ merchantId: newId('merchant'), url: receiver.url, signatureScheme: 'hmac' })
      .catch((e: unknown) => e)) as ApiError;
    expect([err.code, err.param]).toEqual(['validation_error', 'signature_scheme']);
  });
});
