import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { sandboxClock, webhook } from '@vrp/contracts';
import { createServiceClient } from '@vrp/grpc';
import { newId } from '@vrp/ids';
import { reservePort, TestReceiver, waitFor } from '@vrp/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { domainEvent } from './support/events.js';
import { createWebhookTestEnv, FAST, type WebhookTestEnv } from './support/harness.js';

/**
 * A worker that POSTed a delivery and then stalled or died before recording the attempt. Its
 * claim is a lease: once it runs out another worker delivers again, and whatever the first
 * worker records afterwards is refused, so the merchant sees one attempt, not two.
 */
const TIMEOUT_MS = 5_000;
// A worker's lease lasts its timeout plus 30 s; the second replica's clock is past it.
const PAST_THE_LEASE_MS = TIMEOUT_MS + 30_000 + 1_000;

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

describe('a delivery whose worker stalls between its POST and recording it', () => {
  it('is delivered again once the lease runs out, and the stale worker records nothing', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The first POST is held open (the stalled worker); any later one is answered at once.
    receiver.behaviour = (_req, seen) => (seen === 0 ? { status: 200, until: held } : { status: 200 });
    const settings = { WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS), WEBHOOK_CONSUMER_NAME: 'lease' };
    const stalled = await env.start(settings);
    const merchantId = newId('merchant');
    const { secret } = await stalled.client.createEndpoint({ merchantId, url: receiver.url });
    receiver.secrets = [secret];
    const ev = domainEvent('payment.settled', merchantId);
    await env.publish(ev);
    await waitFor(() => receiver.received.length === 1, { what: 'the first POST to arrive' });

    // A second replica whose clock is past the first one's lease takes the delivery over.
    const replica = await env.start(settings, { wall: () => Date.now() + PAST_THE_LEASE_MS });
    onTestFinished(() => replica.stop());
    const delivered = await waitFor(
      async () => {
        const e = (await replica.client.getEvent({ merchantId, id: ev.eventId })).event!;
        return e.deliveryStatus === 'delivered' ? e : undefined;
      },
      { what: 'the replica to deliver and record' },
    );
    expect(delivered.attempts.map((a) => [a.attempt, a.success, a.statusCode])).toEqual([[1, true, 200]]);

    // The stalled worker's POST now comes back 200; stopping it waits for that attempt to finish.
    release();
    await stalled.stop();
    const after = (await replica.client.getEvent({ merchantId, id: ev.eventId })).event!;
    expect(after.deliveryStatus).toBe('delivered');
    expect(after.attempts).toEqual(delivered.attempts);

    // The receiver did get it twice, as attempt 1 both times: at least once, deduplicated by event id.
    const posts = receiver.received.filter((r) => r.body.event_id === ev.eventId);
    expect(posts.map((r) => [r.headers['x-svc-delivery-attempt'], r.validSignatures])).toEqual([
      ['1', 1],
      ['1', 1],
    ]);
    expect(receiver.acceptedEventIds()).toEqual(new Set([ev.eventId]));
  });

  it("is not attempted again while its POST is in flight, however far the merchant's sandbox clock jumps meanwhile", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const seenBefore = receiver.received.length;
    receiver.behaviour = (_req, seen) => (seen === seenBefore ? { status: 200, until: held } : { status: 200 });
    const running = await env.start({ WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS), WEBHOOK_CONSUMER_NAME: 'clock-jump' });
    onTestFinished(() => running.stop());
    const clocks = createServiceClient(sandboxClock.SandboxClockService, { baseUrl: `http://127.0.0.1:${running.service.port}` });
    onTestFinished(() => clocks.close());
    const merchantId = newId('merchant');
    receiver.secrets = [(await running.client.createEndpoint({ merchantId, url: receiver.url })).secret];
    const heldEvent = domainEvent('payment.submitted', merchantId);
    await env.publish(heldEvent);
    await waitFor(() => receiver.received.length === seenBefore + 1, { what: 'the first POST to arrive' });

    // Two hours on the merchant's clock, far past the lease as that clock reads it; the lease is
    // the wall clock's. A later event of the merchant is delivered, so the worker has looked since.
    await clocks.setSandboxClock({ merchantId, offsetMs: BigInt(2 * 3_600_000) });
    const later = domainEvent('payment.settled', merchantId);
    await env.publish(later);
    await waitFor(() => receiver.acceptedEventIds().has(later.eventId), { what: 'the later event to be delivered' });
    expect(receiver.received.filter((r) => r.body.event_id === heldEvent.eventId)).toHaveLength(1);

    release();
    const delivered = await waitFor(
      async () => {
        const e = (await running.client.getEvent({ merchantId, id: heldEvent.eventId })).event!;
        return e.deliveryStatus === 'delivered' ? e : undefined;
      },
      { what: 'the held attempt to be recorded' },
    );
    expect(delivered.attempts.map((a) => [a.attempt, a.success])).toEqual([[1, true]]);
    expect(receiver.received.filter((r) => r.body.event_id === heldEvent.eventId)).toHaveLength(1);
  });

  it('dates an attempt on the clock its claim found due, before this replica has heard of an advance', async () => {
    receiver.behaviour = () => ({ status: 200 });
    const running = await env.start({ WEBHOOK_CONSUMER_NAME: 'unheard-advance' });
    onTestFinished(() => running.stop());
    const merchantId = newId('merchant');
    receiver.secrets = [(await running.client.createEndpoint({ merchantId, url: receiver.url })).secret];
    // Another replica took an advance of 2 h: it is in the database, not yet in this replica's memory
    // (which re-reads it every 2 s; if it happens to meanwhile, the attempt is dated the same way).
    const db = new pg.Client({ connectionString: env.db.url });
    await db.connect();
    try {
      await db.query('INSERT INTO webhook.merchant_clocks (merchant_id, offset_ms) VALUES ($1, $2)', [merchantId, 2 * 3_600_000]);
    } finally {
      await db.end();
    }
    const ev = domainEvent('mandate.created', merchantId);
    await env.publish(ev);
    const delivered = await waitFor(
      async () => {
        const e = (await running.client.getEvent({ merchantId, id: ev.eventId })).event!;
        return e.deliveryStatus === 'delivered' ? e : undefined;
      },
      { what: 'the delivery' },
    );
    const attemptedAt = timestampDate(delivered.attempts[0]!.attemptedAt!).getTime();
    expect(attemptedAt - Date.now()).toBeGreaterThan(3_600_000);
  });

  it('is delivered again after the worker process is killed mid-POST, with no attempt recorded for it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const seenBefore = receiver.received.length;
    receiver.behaviour = (_req, seen) => (seen === seenBefore ? { status: 200, until: held } : { status: 200 });
    const settings = { WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS), WEBHOOK_CONSUMER_NAME: 'killed' };
    const replicaSettings = { ...settings, WEBHOOK_CONSUMER_NAME: 'replica' };
    const merchantId = newId('merchant');
    const ev = domainEvent('refund.created', merchantId);

    // The worker is a real process of its own, killed with SIGKILL while the receiver holds its POST.
    const doomed = await startServiceProcess(env, settings);
    try {
      const client = createServiceClient(webhook.WebhookService, { baseUrl: doomed.url });
      receiver.secrets = [(await client.createEndpoint({ merchantId, url: receiver.url })).secret];
      client.close();
      await env.publish(ev);
      await waitFor(() => receiver.received.length === seenBefore + 1, { what: 'the first POST to arrive', timeoutMs: 20_000 });
    } finally {
      doomed.kill();
    }
    await doomed.exited;
    release();

    const replica = await env.start(replicaSettings, { wall: () => Date.now() + PAST_THE_LEASE_MS });
    onTestFinished(() => replica.stop());
    const delivered = await waitFor(
      async () => {
        const e = (await replica.client.getEvent({ merchantId, id: ev.eventId })).event!;
        return e.deliveryStatus === 'delivered' ? e : undefined;
      },
      { what: 'the replica to deliver and record' },
    );
    expect(delivered.attempts.map((a) => [a.attempt, a.success, a.statusCode])).toEqual([[1, true, 200]]);
    const posts = receiver.received.filter((r) => r.body.event_id === ev.eventId);
    expect(posts.map((r) => r.headers['x-svc-delivery-attempt'])).toEqual(['1', '1']);
  });
});

/** The webhook service as its own OS process (as in production), on this environment's database and stream. */
async function startServiceProcess(env: WebhookTestEnv, overrides: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'webhook-ca-'));
  const caFile = path.join(dir, 'ca.pem');
  writeFileSync(caFile, env.tls.ca);
  const port = await reservePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: {
      ...process.env,
      ...FAST,
      DATABASE_URL: env.db.url,
      NATS_URL: env.stream.natsUrl,
      EVENT_STREAM: env.stream.stream,
      EVENT_SUBJECT_PREFIX: env.stream.subjectPrefix,
      GRPC_PORT: String(port),
      NODE_EXTRA_CA_CERTS: caFile,
      ...overrides,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const health = createServiceClient(webhook.WebhookService, { baseUrl: url, timeoutMs: 500 });
  try {
    await waitFor(async () => (await health.listEndpoints({ merchantId: 'MR0' }), true), {
      what: 'the webhook process to answer',
      timeoutMs: 30_000,
    });
  } finally {
    health.close();
  }
  return {
    url,
    exited: exited.then(() => rmSync(dir, { recursive: true, force: true })),
    kill: () => child.kill('SIGKILL'),
  };
}
