import { newId } from '@vrp/ids';
import type { DomainEvent } from '@vrp/outbox';
import { type PrivateNatsServer, startPrivateNatsServer, TestReceiver, waitFor } from '@vrp/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TYPES, domainEvent } from './support/events.js';
import { createWebhookTestEnv, type Running, type WebhookTestEnv } from './support/harness.js';

let env: WebhookTestEnv;
let receiver: TestReceiver;
// NATS of our own: this test takes it down, and other suites share the machine's.
let nats: PrivateNatsServer;
const SETTINGS = {
  WEBHOOK_RETRY_SCHEDULE: '200ms,400ms,800ms,1s,1s,2s,2s,2s',
  WEBHOOK_BREAKER_RESET_MS: '500',
  WEBHOOK_CONSUMER_NAME: 'webhook-durable',
};

beforeAll(async () => {
  nats = await startPrivateNatsServer();
  env = await createWebhookTestEnv({ natsUrl: nats.url });
  receiver = new TestReceiver(env.tls);
  await receiver.start();
});
afterAll(async () => {
  await env?.cleanup();
  await receiver?.stop();
  await nats?.dispose();
});

/** A real NATS outage: the server process stops, `during` runs, then it starts again. */
async function withNatsOutage(during: () => Promise<void>): Promise<void> {
  await nats.stop();
  try {
    await during();
  } finally {
    await nats.start();
  }
}

/** Publishes like an outbox relay: retried until JetStream acknowledges it (NATS may be down). */
async function publishUntilAcked(ev: DomainEvent): Promise<void> {
  await waitFor(() => env.publish(ev).then(() => true), { timeoutMs: 20_000, intervalMs: 200, what: `publish ${ev.eventId}` });
}

describe('nothing is lost', () => {
  it('delivers every event produced while the service is down, NATS restarts and the receiver fails for a while', async () => {
    const merchantId = newId('merchant');
    const mandateTypes = EVENT_TYPES.filter((t) => t.startsWith('mandate.'));
    const next = (i: number) => domainEvent(mandateTypes[i % mandateTypes.length]!, merchantId);
    const produced: DomainEvent[] = [];
    const produce = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const ev = next(produced.length);
        produced.push(ev);
        await publishUntilAcked(ev);
      }
    };

    // The receiver is down (503) until it has turned away 8 requests.
    receiver.behaviour = (_r, seen) => ({ status: seen < 8 ? 503 : 200 });
    let svc: Running = await env.start(SETTINGS);
    const { secret } = await svc.client.createEndpoint({ merchantId, url: receiver.url });
    receiver.secrets = [secret];
    await produce(5);

    await svc.stop();
    await produce(5); // while the webhook service is stopped
    svc = await env.start(SETTINGS);
    // A second replica shares the durable consumer and the delivery table.
    const replica = await env.start(SETTINGS);

    let duringOutage: Promise<void> = Promise.resolve();
    await withNatsOutage(async () => {
      duringOutage = produce(5); // keeps retrying, like a relay, until NATS is back
      await new Promise((r) => setTimeout(r, 1000)); // a short, real outage
    });
    await duringOutage;
    await produce(2);

    await waitFor(() => receiver.acceptedEventIds().size === produced.length, { timeoutMs: 25_000, what: 'every event delivered' });
    expect([...receiver.acceptedEventIds()].sort()).toEqual(produced.map((e) => e.eventId).sort());
    expect(receiver.received.some((r) => r.answeredWith === 503)).toBe(true);

    const db = new pg.Client({ connectionString: env.db.url });
    await db.connect();
    try {
      // The receiver answers before the worker records the outcome, so wait for the records too.
      const statuses = async () => (await db.query(`SELECT delivery_status, count(*)::int AS n FROM webhook.events GROUP BY 1`)).rows;
      await waitFor(
        async () => JSON.stringify(await statuses()) === JSON.stringify([{ delivery_status: 'delivered', n: produced.length }]),
        {
          what: 'every event marked delivered',
        },
      );
      const wins = await db.query(
        `SELECT event_id, count(*)::int AS n FROM webhook.attempts WHERE success GROUP BY 1 HAVING count(*) <> 1`,
      );
      expect(wins.rows).toEqual([]);
    } finally {
      await db.end();
    }
    await replica.stop();
    await svc.stop();
  }, 60_000);
});
