import { newId } from '@vrp/ids';
import { SandboxClocks } from '@vrp/sandbox-clock';
import { createPool, rows, type SqlPool } from '@vrp/sql';
import { createTestDatabase, type TestDatabase } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWebhookConfig } from '../src/config.js';
import { UndeliverableEndpoints } from '../src/domain/undeliverable-endpoints.js';
import { recordEvents, type NewEvent } from '../src/usecases/record-event.js';
import { FAST } from './support/harness.js';

/**
 * The consumer records the events that arrive together in one statement. A batch must record
 * each event once (a repeat inside the batch, or of an event recorded before, changes nothing
 * and is not new), give each event the deliveries of its own merchant's subscriptions, and
 * count them on the event.
 */
let database: TestDatabase;
let pool: SqlPool;
let deps: Parameters<typeof recordEvents>[0];

beforeAll(async () => {
  database = await createTestDatabase(['webhook']);
  pool = createPool(database.url);
  const config = loadWebhookConfig({ DATABASE_URL: database.url, NATS_URL: 'nats://127.0.0.1:4222', ...FAST });
  deps = { sql: pool, clocks: new SandboxClocks({ enabled: false }), undeliverable: new UndeliverableEndpoints(config) };
});
afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

async function endpoint(merchantId: string, enabledEvents: string[] = [], url?: string): Promise<string> {
  const id = newId('webhookEndpoint');
  await pool.query(
    `INSERT INTO webhook.endpoints (id, merchant_id, url, enabled_events, created_at, secret_ciphertext, secret_rotated_at)
     VALUES ($1, $2, coalesce($4, 'https://127.0.0.1/' || $1), $3, now(), 'x', now())`,
    [id, merchantId, enabledEvents, url ?? null],
  );
  return id;
}

const deliveriesOf = async (eventId: string) =>
  (
    await rows<{ endpoint_id: string }>(pool, 'SELECT endpoint_id FROM webhook.deliveries WHERE event_id = $1 ORDER BY endpoint_id', [
      eventId,
    ])
  ).map((d) => d.endpoint_id);
const eventRow = async (eventId: string) =>
  (
    await rows<{ delivery_status: string; deliveries_pending: number }>(
      pool,
      'SELECT delivery_status, deliveries_pending FROM webhook.events WHERE id = $1',
      [eventId],
    )
  )[0];

const event = (merchantId: string, eventType: string, id = newId('event')): NewEvent => ({
  id,
  merchantId,
  eventType,
  createdAt: new Date(),
  data: '{}',
  test: false,
  traceparent: null,
});

describe('recording a batch of events', () => {
  it('records each event once with its own merchant’s subscribed endpoints, counted on the event', async () => {
    const [a, b] = [newId('merchant'), newId('merchant')];
    const all = await endpoint(a);
    const settledOnly = await endpoint(a, ['payment.settled']);
    const other = await endpoint(b);
    const earlier = event(a, 'payment.settled');
    expect(await recordEvents(deps, [earlier])).toEqual([2]);

    const settled = event(a, 'payment.settled');
    const created = event(a, 'mandate.created');
    const theirs = event(b, 'payment.settled');
    const nobody = event(newId('merchant'), 'payment.settled');
    const fresh = await recordEvents(deps, [settled, created, { ...settled }, theirs, earlier, nobody]);
    expect(fresh).toEqual([2, 1, null, 1, null, 0]);

    const deliveries = await rows<{ event_id: string; endpoint_id: string }>(
      pool,
      'SELECT event_id, endpoint_id FROM webhook.deliveries ORDER BY event_id, endpoint_id',
    );
    const of = (id: string) => deliveries.filter((d) => d.event_id === id).map((d) => d.endpoint_id);
    expect(of(settled.id)).toEqual([all, settledOnly].sort());
    expect(of(created.id)).toEqual([all]);
    expect(of(theirs.id)).toEqual([other]);
    expect(of(nobody.id)).toEqual([]);
    expect(of(earlier.id)).toHaveLength(2);

    const events = await rows<{ id: string; delivery_status: string; deliveries_pending: number }>(
      pool,
      'SELECT id, delivery_status, deliveries_pending FROM webhook.events',
    );
    const status = (id: string) => events.find((e) => e.id === id);
    expect(status(settled.id)).toMatchObject({ delivery_status: 'pending', deliveries_pending: 2 });
    expect(status(nobody.id)).toMatchObject({ delivery_status: 'delivered', deliveries_pending: 0 });
    expect(events).toHaveLength(5);
  });

  it('gives no delivery to an endpoint whose URL this deployment may not deliver to, and one again once its URL is fixed', async () => {
    const merchant = newId('merchant');
    const good = await endpoint(merchant);
    // Plain http to another host: refused here whatever the environment (made before the rules, say).
    const bad = await endpoint(merchant, [], 'http://receiver.example/hook');
    const first = event(merchant, 'payment.settled');
    // Not known yet: the recording hands it a delivery, finds it out and takes the delivery back.
    expect(await recordEvents(deps, [first])).toEqual([1]);
    expect(await deliveriesOf(first.id)).toEqual([good]);
    expect(await eventRow(first.id)).toMatchObject({ delivery_status: 'pending', deliveries_pending: 1 });
    expect(deps.undeliverable.list).toEqual([{ id: bad, url: 'http://receiver.example/hook' }]);
    // Known now: left out by the statement itself.
    const second = event(merchant, 'payment.settled');
    expect(await recordEvents(deps, [second])).toEqual([1]);
    expect(await deliveriesOf(second.id)).toEqual([good]);
    // Alone, it leaves the event with nothing to deliver.
    const lonely = newId('merchant');
    await endpoint(lonely, [], 'http://receiver.example/alone');
    const third = event(lonely, 'payment.settled');
    expect(await recordEvents(deps, [third])).toEqual([0]);
    expect(await eventRow(third.id)).toMatchObject({ delivery_status: 'delivered', deliveries_pending: 0 });
    // Its URL fixed, it is looked at again and receives.
    await pool.query(`UPDATE webhook.endpoints SET url = 'https://127.0.0.1/fixed' WHERE id = $1`, [bad]);
    const fourth = event(merchant, 'payment.settled');
    expect(await recordEvents(deps, [fourth])).toEqual([2]);
    expect(await deliveriesOf(fourth.id)).toEqual([good, bad].sort());
  });
});
