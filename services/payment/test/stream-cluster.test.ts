// The event stream on a real three-node NATS cluster (three nats-server processes on this
// machine): its replicas and limits come from the settings and are reconciled at start-up, and at
// three replicas it loses nothing when a node dies while events flow.
import { create } from '@bufbuild/protobuf';
import { AckPolicy, type ConsumerMessages } from '@nats-io/jetstream';
import { loadConfig, platformSettings } from '@vrp/config';
import { payment } from '@vrp/contracts';
import { createLogger } from '@vrp/logging';
import { connectEventBus, decodeDomainEvent, ensureEventStream, newDomainEvent, OutboxRelay, outboxRow, type EventBus } from '@vrp/outbox';
import { createTestDatabase, startPrivateNatsCluster, waitFor, type PrivateNatsCluster, type TestDatabase } from '@vrp/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const STREAM = 'VRP_CLUSTER_TEST';
const PREFIX = 'vrp.cluster.events';
/** The settings as a service reads them from its environment (the chart's events.* values). */
const settings = (env: Record<string, string>) => loadConfig(platformSettings('sandbox'), env);

let cluster: PrivateNatsCluster;
let db: TestDatabase;
let sql: pg.Pool;
let bus: EventBus;

beforeAll(async () => {
  [cluster, db] = await Promise.all([startPrivateNatsCluster(3), createTestDatabase(['payment'])]);
  sql = new pg.Pool({ connectionString: db.url });
  bus = await connectEventBus(cluster.url, 'stream-cluster-test');
}, 60_000);

afterAll(async () => {
  await bus?.close();
  await sql?.end();
  await db?.drop();
  await cluster?.dispose();
});

describe('the event stream on a three-node cluster', () => {
  it('is created, then reconciled to the configured replicas, retention and limits at each start-up', async () => {
    const first = settings({ EVENT_STREAM_REPLICAS: '1' });
    expect(await ensureEventStream(bus.jsm, STREAM, PREFIX, first)).toBe('created');
    expect((await bus.jsm.streams.info(STREAM)).config.num_replicas).toBe(1);

    const wanted = settings({ EVENT_STREAM_REPLICAS: '3', EVENT_STREAM_MAX_AGE: '48h', EVENT_STREAM_MAX_BYTES: '1073741824' });
    expect(await ensureEventStream(bus.jsm, STREAM, PREFIX, wanted)).toBe('updated');
    const info = await bus.jsm.streams.info(STREAM);
    expect(info.config).toMatchObject({ num_replicas: 3, max_age: 48 * 3600 * 1e9, max_bytes: 1073741824, retention: 'limits' });
    await waitFor(async () => (await bus.jsm.streams.info(STREAM)).cluster?.replicas?.filter((r) => r.current).length === 2, {
      what: 'two current followers',
      timeoutMs: 15_000,
    });
    // A second replica starting with the same settings changes nothing.
    expect(await ensureEventStream(bus.jsm, STREAM, PREFIX, wanted)).toBe('unchanged');
    // Retention cannot change in place: refused loudly, not ignored.
    await expect(ensureEventStream(bus.jsm, STREAM, PREFIX, { ...wanted, eventStreamRetention: 'interest' })).rejects.toThrow(
      /retention 'limits' but EVENT_STREAM_RETENTION asks for 'interest'/,
    );
  });

  it('records and delivers every event once when the stream leader is killed while events flow', async () => {
    const total = 300;
    const relay = new OutboxRelay({
      databaseUrl: db.url,
      schema: 'payment',
      js: bus.js,
      logger: createLogger('relay', { level: 'silent' }),
      pollIntervalMs: 200,
    });
    relay.start();
    await bus.jsm.consumers.add(STREAM, { durable_name: 'cluster-test', ack_policy: AckPolicy.Explicit, ack_wait: 5_000_000_000 });
    const consumer = await bus.js.consumers.get(STREAM, 'cluster-test');
    const deliveries = new Map<string, number>();
    let messages: ConsumerMessages | undefined;
    const consuming = (async () => {
      // A consume() ends when its node goes: start it again until every event is in.
      while (deliveries.size < total) {
        messages = await consumer.consume({ max_messages: 50, expires: 2000 });
        for await (const m of messages) {
          const id = decodeDomainEvent(m.data).eventId;
          // An ack lost with the killed leader brings the event again, flagged as a redelivery: the
          // webhook service's consumer absorbs those by event id. First deliveries must be one per event.
          if (!m.redelivered) deliveries.set(id, (deliveries.get(id) ?? 0) + 1);
          else if (!deliveries.has(id)) deliveries.set(id, 1);
          await m.ackAck().catch(() => undefined);
          if (deliveries.size >= total) break;
        }
      }
    })();

    const ids: string[] = [];
    let killed = '';
    for (let i = 0; i < total; i++) {
      const event = newDomainEvent('payment.submitted', 'MR-cluster', {
        case: 'payment',
        value: create(payment.PaymentSchema, { id: `PM-${i}` }),
      });
      const row = outboxRow(PREFIX, event);
      await sql.query('INSERT INTO payment.outbox_events (event_id, subject, payload) VALUES ($1, $2, $3)', [
        row.eventId,
        row.subject,
        Buffer.from(row.payload),
      ]);
      ids.push(row.eventId);
      if (i === total / 3) {
        // The hardest node to lose: the stream's leader, mid-flow.
        killed = (await bus.jsm.streams.info(STREAM)).cluster!.leader!;
        await cluster.nodes.find((n) => n.name === killed)!.kill();
      }
      if (i % 10 === 0) await new Promise((r) => setTimeout(r, 20));
    }
    expect(killed).toMatch(/^n[123]$/);

    await waitFor(() => deliveries.size >= total, { what: 'every event delivered', timeoutMs: 60_000, intervalMs: 200 });
    await consuming;
    messages?.stop();
    await relay.stop();

    const info = await bus.jsm.streams.info(STREAM);
    expect(info.cluster!.leader).not.toBe(killed);
    // Recorded once each: the stream holds exactly the committed events (re-publishes were de-duplicated).
    expect(info.state.messages).toBe(total);
    // Delivered once each (redeliveries aside, flagged as such), and nothing that was not committed.
    expect([...deliveries.keys()].sort()).toEqual([...ids].sort());
    expect([...deliveries.values()].filter((n) => n !== 1)).toEqual([]);
  }, 120_000);
});
