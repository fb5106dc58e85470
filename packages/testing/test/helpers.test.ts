import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create } from '@bufbuild/protobuf';
import { mandate } from '@vrp/contracts';
import { OutboxRelay, newDomainEvent, outboxRow } from '@vrp/outbox';
import { createLogger } from '@vrp/logging';
import { createTestDatabase, createTestStream, waitFor, type TestDatabase, type TestStream } from '../src/index.js';

let db: TestDatabase;
let stream: TestStream;
beforeAll(async () => {
  db = await createTestDatabase(['mandate']);
  stream = await createTestStream();
});
afterAll(async () => {
  await stream?.cleanup();
  await db?.drop();
});

describe('test helpers and the outbox relay, on real Postgres and JetStream', () => {
  it('gives a migrated database of its own', async () => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const { rows } = await client.query("SELECT table_name FROM information_schema.tables WHERE table_schema = 'mandate' ORDER BY 1");
    await client.end();
    expect(rows.map((r) => r.table_name)).toEqual(expect.arrayContaining(['customers', 'mandates', 'outbox_events']));
  });

  it('publishes committed outbox rows in order, once, surviving a re-publish', async () => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const m = create(mandate.MandateSchema, { id: 'MD1', merchantId: 'MR1' });
    const evs = ['mandate.created', 'mandate.activated', 'mandate.revoked'].map((t) =>
      newDomainEvent(t as 'mandate.created', 'MR1', { case: 'mandate', value: m }),
    );
    for (const ev of evs) {
      const row = outboxRow(stream.subjectPrefix, ev);
      await client.query('INSERT INTO mandate.outbox_events (event_id, subject, payload) VALUES ($1, $2, $3)', [
        row.eventId,
        row.subject,
        Buffer.from(row.payload),
      ]);
    }
    const relay = new OutboxRelay({
      databaseUrl: db.url,
      schema: 'mandate',
      js: stream.bus.js,
      logger: createLogger('test', { level: 'silent' }),
    });
    relay.start();
    await waitFor(async () => (await stream.events()).length === 3, { what: 'three events' });
    // Simulate a crash after publishing but before marking: the stream drops the duplicate.
    await client.query('UPDATE mandate.outbox_events SET published_at = NULL');
    await relay.flush();
    await relay.stop();
    const seen = await stream.events();
    expect(seen.map((e) => e.eventType)).toEqual(['mandate.created', 'mandate.activated', 'mandate.revoked']);
    expect(seen.map((e) => e.eventId)).toEqual(evs.map((e) => e.eventId));
    const { rows } = await client.query('SELECT count(*)::int AS n FROM mandate.outbox_events WHERE published_at IS NULL');
    expect(rows[0].n).toBe(0);
    await client.end();
  });
});
