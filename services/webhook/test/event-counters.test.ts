import { newId } from '@vrp/ids';
import { createPool, rows, transaction, type SqlPool } from '@vrp/sql';
import { createTestDatabase, type TestDatabase } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDueWork, recordAttemptOf, recordAttempts } from '../src/db/delivery-sql.js';
import { rearmDeliveries } from '../src/db/deliveries.js';
import { lockEvent, refreshEventStatus } from '../src/db/event-status.js';
import { recordWithSubscriptions, type Subscription } from '../src/db/recording.js';
import { eventDeliveryStatus, type DeliveryState } from '../src/domain/delivery-status.js';

/**
 * An event's status comes from counters of its deliveries by state, which each attempt moves by
 * its delta in the one statement that records it (alone or in a batch; no transaction holds the
 * event row across round trips any more). Raced here: the attempts on all of two events'
 * deliveries at once, alone and in batches that cross both events, with manual retries of the
 * events (lock, rearm, recount) in between; afterwards the counters
 * must equal a recount and the status must be the domain's. The database refuses a status its
 * counters do not give.
 */
const ENDPOINTS = 10;
let database: TestDatabase;
let pool: SqlPool;

beforeAll(async () => {
  database = await createTestDatabase(['webhook']);
  pool = createPool(database.url, { max: 12 });
});
afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

async function endpointsOf(merchantId: string): Promise<string[]> {
  const ids = Array.from({ length: ENDPOINTS }, () => newId('webhookEndpoint'));
  await pool.query(
    `INSERT INTO webhook.endpoints (id, merchant_id, url, enabled_events, created_at, secret_ciphertext, secret_rotated_at)
     SELECT id, $2, 'https://receiver.example/' || id, '{}', now(), 'x', now() FROM unnest($1::text[]) AS id`,
    [ids, merchantId],
  );
  return ids;
}

/** An event of `merchantId` with a due delivery to each of `endpointIds` (the merchant's other endpoints are left out). */
async function newEvent(merchantId: string, endpointIds: string[]): Promise<string> {
  const id = newId('event');
  const at = new Date(Date.now() - 1000);
  const others = await rows<Subscription>(pool, 'SELECT id, url FROM webhook.endpoints WHERE merchant_id = $1 AND NOT (id = ANY($2))', [
    merchantId,
    endpointIds,
  ]);
  const event = { id, merchantId, eventType: 'payment.settled', createdAt: at, data: '{}', test: false };
  await recordWithSubscriptions(pool, [{ event, at }], others);
  return id;
}

interface Counted {
  delivery_status: string;
  counters: number[];
  recount: number[];
  states: DeliveryState[];
}

async function counted(eventId: string): Promise<Counted> {
  const [row] = await rows<Omit<Counted, 'states'> & { states: DeliveryState[] }>(
    pool,
    `SELECT ev.delivery_status,
            ARRAY[ev.deliveries_pending, ev.deliveries_retrying, ev.deliveries_delivered, ev.deliveries_failed] AS counters,
            ARRAY[count(*) FILTER (WHERE d.status = 'pending'), count(*) FILTER (WHERE d.status = 'retrying'),
                  count(*) FILTER (WHERE d.status = 'delivered'), count(*) FILTER (WHERE d.status = 'failed')]::int[] AS recount,
            array_agg(d.status) AS states
       FROM webhook.events ev JOIN webhook.deliveries d ON d.event_id = ev.id WHERE ev.id = $1 GROUP BY ev.id`,
    [eventId],
  );
  return row!;
}

describe("an event's delivery counters", () => {
  it('stay exact while all their deliveries are attempted at once, alone and in batches, and the events are retried meanwhile', async () => {
    const merchantId = newId('merchant');
    const endpointIds = await endpointsOf(merchantId);
    const events = [await newEvent(merchantId, endpointIds), await newEvent(merchantId, endpointIds)];
    expect(await counted(events[0]!)).toMatchObject({ delivery_status: 'pending', counters: [ENDPOINTS, 0, 0, 0] });

    const retry = async (eventId: string) => {
      await transaction(pool, async (tx) => {
        await lockEvent(tx, eventId);
        await rearmDeliveries(tx, eventId, new Date(Date.now() - 500));
        await refreshEventStatus(tx, eventId);
      });
    };
    const outcome = (i: number) => ({
      attemptedAt: new Date(),
      statusCode: i % 3 === 0 ? 500 : 200,
      latencyMs: 5,
      error: '',
      success: i % 3 !== 0,
      responseExcerpt: '',
      // Every fourth failure has spent its budget; the others wait for another attempt.
      nextAttemptAt: i % 4 === 0 ? null : new Date(Date.now() - 100),
    });
    for (let round = 0; round < 4; round++) {
      if (round > 0) await Promise.all(events.map(retry)); // every delivery due again
      const claimed = await claimDueWork(pool, new Date(), new Date(Date.now() + 60_000), 100);
      expect(claimed).toHaveLength(2 * ENDPOINTS);
      // A third alone; the rest in two batches that take both events' deliveries in opposite orders.
      const attempts = claimed.map((claimed, i) => ({ claimed, outcome: outcome(i) }));
      const alone = attempts.filter((_, i) => i % 3 === 0);
      const batchA = attempts.filter((_, i) => i % 3 === 1);
      const batchB = attempts.filter((_, i) => i % 3 === 2).reverse();
      const recorded = await Promise.all([
        ...alone.map((a) => recordAttemptOf(pool, a.claimed, a.outcome)),
        recordAttempts(pool, batchA),
        recordAttempts(pool, batchB),
        ...events.map(retry),
      ]);
      expect(
        recorded
          .slice(0, alone.length + 2)
          .flat()
          .filter(Boolean),
      ).toHaveLength(2 * ENDPOINTS);
      for (const eventId of events) {
        const after = await counted(eventId);
        expect(after.counters).toEqual(after.recount);
        expect(after.delivery_status).toBe(eventDeliveryStatus(after.states));
      }
    }
  });

  it('count an attempt recorded twice (a stale worker) once', async () => {
    const merchantId = newId('merchant');
    const eventId = await newEvent(merchantId, (await endpointsOf(merchantId)).slice(0, 1));
    const [delivery] = await rows<{ id: string; endpoint_id: string }>(
      pool,
      'SELECT id::text, endpoint_id FROM webhook.deliveries WHERE event_id = $1',
      [eventId],
    );
    const claimed = {
      id: BigInt(delivery!.id),
      eventId,
      endpointId: delivery!.endpoint_id,
      attemptCount: 0,
      maxAttempts: 9,
      manual: false,
      windowStartedAt: new Date(),
    };
    const outcome = {
      attemptedAt: new Date(),
      statusCode: 200,
      latencyMs: 1,
      error: '',
      success: true,
      responseExcerpt: '',
      nextAttemptAt: null,
    };
    const both = await Promise.all([recordAttemptOf(pool, claimed, outcome), recordAttemptOf(pool, claimed, outcome)]);
    expect(both.filter(Boolean)).toHaveLength(1);
    expect(await counted(eventId)).toMatchObject({ delivery_status: 'delivered', counters: [0, 0, 1, 0] });
  });

  it('are held to the status by the database', async () => {
    const merchantId = newId('merchant');
    const eventId = await newEvent(merchantId, await endpointsOf(merchantId));
    await expect(pool.query(`UPDATE webhook.events SET delivery_status = 'delivered' WHERE id = $1`, [eventId])).rejects.toThrow(
      /events_delivery_status_counters_check/,
    );
    await expect(pool.query(`UPDATE webhook.events SET deliveries_pending = -1 WHERE id = $1`, [eventId])).rejects.toThrow(
      /events_delivery_counters_check/,
    );
    await expect(
      pool.query(`UPDATE webhook.deliveries SET status = 'retrying' WHERE event_id = $1 AND attempt_count = 0`, [eventId]),
    ).rejects.toThrow(/deliveries_waiting_state_check/);
  });
});
