import { ApiError } from '@vrp/errors';
import { newId } from '@vrp/ids';
import { createPool, type SqlPool } from '@vrp/sql';
import { TestReceiver, waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptReplay, claimReplay, rearmNextBatch } from '../src/db/replay.js';
import { domainEvent } from './support/events.js';
import { createWebhookTestEnv, type WebhookTestEnv } from './support/harness.js';

let env: WebhookTestEnv;
let receiver: TestReceiver;
let pool: SqlPool;

beforeAll(async () => {
  env = await createWebhookTestEnv();
  receiver = new TestReceiver(env.tls);
  await receiver.start();
  pool = createPool(env.db.url, { max: 2 });
});
afterAll(async () => {
  await pool?.end();
  await env?.cleanup();
  await receiver?.stop();
});

/** How many times each of `ids` reached the receiver with a valid signature. */
const timesReceived = (ids: string[]) => {
  const counts = new Map(ids.map((id) => [id, 0]));
  for (const r of receiver.received)
    if (counts.has(r.body.event_id) && r.validSignatures > 0) counts.set(r.body.event_id, counts.get(r.body.event_id)! + 1);
  return [...counts.values()];
};

describe('bulk replay', () => {
  it('is recorded work: a replay a replica left half done is finished by the next, each event re-armed once', async () => {
    const merchantId = newId('merchant');
    // The throttle per address (all these deliveries go to one) is not what is tested here.
    const unthrottled = { WEBHOOK_MAX_PER_SECOND_PER_ADDRESS: '100000', WEBHOOK_MAX_IN_FLIGHT_PER_ADDRESS: '64' };
    const first = await env.start(unthrottled);
    const { secret } = await first.client.createEndpoint({ merchantId, url: `${receiver.url}?replay` });
    receiver.secrets = [secret];
    const events = Array.from({ length: 600 }, () => domainEvent('payment.settled', merchantId));
    for (const ev of events) await env.publish(ev);
    const ids = events.map((e) => e.eventId);
    await waitFor(() => timesReceived(ids).every((n) => n === 1), { timeoutMs: 60_000, what: 'every event delivered once' });
    await first.stop();

    // A replay accepted (it counts the 600 at once) and half carried out by a replica that then
    // died: its first batch re-armed and committed, its lease left to run out.
    const accepted = await acceptReplay(
      pool,
      { merchantId, deliveryStatus: '', endpointId: '', createdFrom: null, createdTo: null },
      60_000,
      10_000,
    );
    expect(accepted).toEqual({ accepted: true, count: 600 });
    const claimed = (await claimReplay(pool, new Date(Date.now() + 60_000)))!;
    const half = await rearmNextBatch(pool, claimed, new Date(), 500, new Date(Date.now() + 60_000));
    expect(half).toMatchObject({ request: { rearmed: 500 }, done: false });
    await pool.query(`UPDATE webhook.replay_requests SET leased_until = now() - interval '1 second'`);

    // The next replica to start finishes it: every event redelivered exactly once more.
    await env.start(unthrottled);
    await waitFor(() => timesReceived(ids).every((n) => n === 2), { timeoutMs: 60_000, what: 'every event redelivered once' });
    const { rows } = await pool.query<{ rearmed: number; done: boolean }>(
      'SELECT rearmed, done_at IS NOT NULL AS done FROM webhook.replay_requests WHERE merchant_id = $1',
      [merchantId],
    );
    expect(rows).toEqual([{ rearmed: 600, done: true }]);
    const again = receiver.received.filter((r) => ids.includes(r.body.event_id) && r.headers['x-svc-delivery-attempt'] === '2');
    expect(again).toHaveLength(600);
    expect(timesReceived(ids).every((n) => n === 2)).toBe(true);
  });

  it('answers at once with the count, and is accepted at most once per interval per merchant (429 with Retry-After)', async () => {
    const svc = await env.start({ WEBHOOK_REPLAY_INTERVAL: '2s' });
    const [merchantId, other] = [newId('merchant'), newId('merchant')];
    const { secret } = await svc.client.createEndpoint({ merchantId, url: `${receiver.url}?limited` });
    receiver.secrets.push(secret);
    const events = Array.from({ length: 3 }, () => domainEvent('mandate.created', merchantId));
    for (const ev of events) await env.publish(ev);
    const ids = events.map((e) => e.eventId);
    await waitFor(() => timesReceived(ids).every((n) => n === 1), { what: 'delivered' });

    // Concurrent replays of one merchant: exactly one is accepted.
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        svc.client.replayEvents({ merchantId }).then(
          (r) => r.count,
          (e: ApiError) => e,
        ),
      ),
    );
    expect(answers.filter((a) => a === 3)).toHaveLength(1);
    const refused = answers.filter((a): a is ApiError => a instanceof ApiError);
    expect(refused.map((e) => [e.code, e.retryAfter! >= 1 && e.retryAfter! <= 2])).toEqual(Array(4).fill(['rate_limited', true]));
    // Another merchant has its own minute.
    expect((await svc.client.replayEvents({ merchantId: other })).count).toBe(0);
    await waitFor(() => timesReceived(ids).every((n) => n === 2), { what: 'the accepted replay carried out' });
    // Once the interval has passed, the next is accepted.
    await new Promise((r) => setTimeout(r, 2_100));
    expect((await svc.client.replayEvents({ merchantId })).count).toBe(3);
    await waitFor(() => timesReceived(ids).every((n) => n === 3), { what: 'the second replay carried out' });
  });
});
