import { ApiError } from '@vrp/errors';
import { newId } from '@vrp/ids';
import { TestReceiver, waitFor } from '@vrp/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvent } from './support/events.js';
import { createWebhookTestEnv, type Running, type WebhookTestEnv } from './support/harness.js';

// Manual retries come out of a budget per merchant, so they cannot be used to flood an endpoint.
let env: WebhookTestEnv;
let svc: Running;
let other: Running;
let receiver: TestReceiver;
let db: pg.Pool;

beforeAll(async () => {
  env = await createWebhookTestEnv();
  receiver = new TestReceiver(env.tls);
  await receiver.start();
  const budget = { WEBHOOK_MANUAL_RETRIES_PER_HOUR: '5' };
  [svc, other] = await Promise.all([env.start(budget), env.start(budget)]);
  db = new pg.Pool({ connectionString: env.db.url, max: 2 });
});
afterAll(async () => {
  await db?.end();
  await env?.cleanup();
  await receiver?.stop();
});

/** A merchant with an endpoint at the receiver and one event delivered to it. */
async function merchantWithEvent(): Promise<{ merchantId: string; eventId: string }> {
  const merchantId = newId('merchant');
  const { secret } = await svc.client.createEndpoint({ merchantId, url: `${receiver.url}?${merchantId}` });
  receiver.secrets.push(secret);
  const ev = domainEvent('payment.failed', merchantId);
  await env.publish(ev);
  await waitFor(() => receiver.acceptedEventIds().has(ev.eventId), { what: 'the first delivery' });
  return { merchantId, eventId: ev.eventId };
}

const retry = (r: Running, merchantId: string, id: string) =>
  r.client.retryEvent({ merchantId, id }).then(
    () => 'retried',
    (err: unknown) => {
      if (!(err instanceof ApiError)) throw err;
      return err.code === 'rate_limited' && err.retryAfter! > 3_500 && err.retryAfter! <= 3_600 ? 'rate_limited, about an hour' : err.code;
    },
  );

describe('manual retries', () => {
  it('are counted against a budget per merchant, across replicas: beyond it 429 rate_limited with Retry-After', async () => {
    const { merchantId, eventId } = await merchantWithEvent();
    const outcomes = await Promise.all(Array.from({ length: 12 }, (_, i) => retry(i % 2 ? svc : other, merchantId, eventId)));
    expect(outcomes.sort()).toEqual([...Array(7).fill('rate_limited, about an hour'), ...Array(5).fill('retried')]);
    // Only the retries in the budget reached the endpoint: the first delivery and at most five
    // more (retries that arrive while one is still due share its attempt).
    const deliveries = () => receiver.received.filter((r) => r.body.event_id === eventId).length;
    await waitFor(() => deliveries() >= 2, { what: 'a redelivery' });
    await svc.service.worker.drain();
    await other.service.worker.drain();
    await new Promise((r) => setTimeout(r, 500));
    expect(deliveries()).toBeLessThanOrEqual(6);

    // Another merchant has a budget of its own.
    const second = await merchantWithEvent();
    expect(await retry(svc, second.merchantId, second.eventId)).toBe('retried');

    // An hour after the first retry of the window, a new window begins.
    await db.query(`UPDATE webhook.manual_retry_budgets SET window_started_at = now() - interval '61 minutes' WHERE merchant_id = $1`, [
      merchantId,
    ]);
    expect(await retry(svc, merchantId, eventId)).toBe('retried');
  });

  it('spends nothing on an event that is not the merchant\u2019s', async () => {
    const { merchantId, eventId } = await merchantWithEvent();
    for (let i = 0; i < 5; i++) expect(await retry(svc, merchantId, newId('event'))).toBe('not_found');
    const stranger = newId('merchant');
    for (let i = 0; i < 5; i++) expect(await retry(svc, stranger, eventId)).toBe('not_found');
    for (let i = 0; i < 5; i++) expect(await retry(svc, merchantId, eventId)).toBe('retried');
    expect(await retry(svc, merchantId, eventId)).toBe('rate_limited, about an hour');
  });
});
